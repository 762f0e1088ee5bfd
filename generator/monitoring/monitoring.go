package monitoring

import (
	"fmt"
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/manifests"
)

// The files, in PrometheusDir (beside the APF directory, in config/).
const (
	PrometheusDir = "prometheus"
	MonitorFile   = "monitor.yaml"
	RulesFile     = "rules.yaml"
	KustomizeFile = "kustomization.yaml"
)

// Generator is the monitoring generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "monitoring" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	dir := promDir(ctx)
	return []artifact.Claim{{Dir: dir, Match: MonitorFile}, {Dir: dir, Match: RulesFile}, {Dir: dir, Match: KustomizeFile},
		{Dir: grafanaDir(ctx), Match: DashboardFile}}
}

func grafanaDir(ctx *contract.Context) string { return path.Join(path.Dir(ctx.APFDir), GrafanaDir) }

func promDir(ctx *contract.Context) string { return path.Join(path.Dir(ctx.APFDir), PrometheusDir) }

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	// The metrics endpoint is the wired main's.
	if !ctx.Wired {
		return nil, nil
	}
	dir, project := promDir(ctx), ctx.ProjectName
	files := []artifact.File{}
	add := func(name, comment string, doc any) error {
		content, err := artifact.YAML{Comment: comment}.Marshal(doc)
		if err != nil {
			return fmt.Errorf("monitoring: %s: %w", name, err)
		}
		files = append(files, artifact.File{Path: path.Join(dir, name), Content: content})
		return nil
	}
	if err := add(KustomizeFile, "The Prometheus Operator's objects: uncomment (or add) ../prometheus in config/default's resources.",
		kustomization{Resources: []string{MonitorFile, RulesFile}}); err != nil {
		return nil, err
	}
	if err := add(MonitorFile, "Scrapes the manager's metrics endpoint (HTTPS, authenticated with the scraping\n"+
		"ServiceAccount's token: bind it to the metrics-reader ClusterRole). insecureSkipVerify\n"+
		"while the endpoint serves its self-signed certificate; with cert-manager, give\n"+
		"tlsConfig the CA instead.", manifests.Monitor(project)); err != nil {
		return nil, err
	}
	if err := add(RulesFile, "The early signs of a write loop and a retry storm (docs/runtime.md#alerts).", manifests.Rules(project)); err != nil {
		return nil, err
	}
	dashboard, err := Dashboard(project)
	if err != nil {
		return nil, err
	}
	files = append(files, artifact.File{Path: path.Join(grafanaDir(ctx), DashboardFile), Content: dashboard})
	return files, nil
}
