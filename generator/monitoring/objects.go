package monitoring

import "github.com/opgen-dev/opgen/artifact"

// kustomization is config/prometheus/kustomization.yaml.
type kustomization struct {
	artifact.Ordered
	Resources []string `json:"resources"`
}
