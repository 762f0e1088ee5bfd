package manifests

import "github.com/opgen-dev/opgen/artifact"

// The Prometheus Operator's objects, as small local types in the order its
// documentation lays them out (artifact.Ordered): its Go module is not a dependency
// of opgen, and only these fields are written.

type objectMeta struct {
	Labels    map[string]string `json:"labels,omitempty"`
	Name      string            `json:"name"`
	Namespace string            `json:"namespace,omitempty"`
}

type serviceMonitor struct {
	artifact.Ordered
	APIVersion string             `json:"apiVersion"`
	Kind       string             `json:"kind"`
	Metadata   objectMeta         `json:"metadata"`
	Spec       serviceMonitorSpec `json:"spec"`
}

type serviceMonitorSpec struct {
	Endpoints []endpoint    `json:"endpoints"`
	Selector  labelSelector `json:"selector"`
}

type endpoint struct {
	Path            string     `json:"path"`
	Port            string     `json:"port"`
	Scheme          string     `json:"scheme"`
	BearerTokenFile string     `json:"bearerTokenFile"`
	TLSConfig       *tlsConfig `json:"tlsConfig,omitempty"`
}

type tlsConfig struct {
	InsecureSkipVerify bool `json:"insecureSkipVerify"`
}

type labelSelector struct {
	MatchLabels map[string]string `json:"matchLabels"`
}

type prometheusRule struct {
	artifact.Ordered
	APIVersion string             `json:"apiVersion"`
	Kind       string             `json:"kind"`
	Metadata   objectMeta         `json:"metadata"`
	Spec       prometheusRuleSpec `json:"spec"`
}

type prometheusRuleSpec struct {
	Groups []ruleGroup `json:"groups"`
}

type ruleGroup struct {
	Name  string `json:"name"`
	Rules []rule `json:"rules"`
}

type rule struct {
	artifact.Ordered
	Alert       string            `json:"alert"`
	Expr        string            `json:"expr"`
	For         string            `json:"for,omitempty"`
	Labels      map[string]string `json:"labels"`
	Annotations map[string]string `json:"annotations"`
}
