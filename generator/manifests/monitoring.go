package manifests

import "github.com/prometheus/common/model"

// AlertsGroup names the PrometheusRule's group of [Alerts] (<project>-opguard).
const AlertsGroup = "opguard"

const monitorVersion = "monitoring.coreos.com/v1"

// podLabels are the labels config/manager gives the manager's pods and its metrics
// Service.
func podLabels(project string) map[string]string {
	return map[string]string{"control-plane": "controller-manager", "app.kubernetes.io/name": project}
}

// Monitor is the ServiceMonitor of the operator's metrics Service.
func Monitor(project string) any {
	meta := podLabels(project)
	meta["app.kubernetes.io/managed-by"] = "kustomize"
	return serviceMonitor{
		APIVersion: monitorVersion, Kind: "ServiceMonitor",
		Metadata: objectMeta{Labels: meta, Name: "controller-manager-metrics-monitor", Namespace: "system"},
		Spec: serviceMonitorSpec{
			Endpoints: []endpoint{{
				Path: "/metrics", Port: "https", Scheme: "https",
				BearerTokenFile: "/var/run/secrets/kubernetes.io/serviceaccount/token",
				TLSConfig:       &tlsConfig{InsecureSkipVerify: true},
			}},
			Selector: labelSelector{MatchLabels: podLabels(project)},
		},
	}
}

// Rules is the PrometheusRule of [Alerts] for the operator of project.
func Rules(project string) any {
	meta := podLabels(project)
	meta["app.kubernetes.io/managed-by"] = "kustomize"
	group := ruleGroup{Name: project + "-" + AlertsGroup}
	for _, a := range Alerts {
		r := rule{
			Alert: a.Name, Expr: a.Query(project),
			Labels:      map[string]string{"severity": a.Severity},
			Annotations: map[string]string{"summary": a.Summary, "description": a.Description},
		}
		if a.For > 0 {
			r.For = model.Duration(a.For).String()
		}
		group.Rules = append(group.Rules, r)
	}
	return prometheusRule{
		APIVersion: monitorVersion, Kind: "PrometheusRule",
		Metadata: objectMeta{Labels: meta, Name: "controller-manager-alerts", Namespace: "system"},
		Spec:     prometheusRuleSpec{Groups: []ruleGroup{group}},
	}
}
