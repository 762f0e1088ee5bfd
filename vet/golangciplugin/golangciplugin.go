package golangciplugin

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet"
)

// Name is the plugin's name in .golangci.yml.
const Name = "opgenvet"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Disable names analyzers not to run.
	Disable []string `json:"disable"`
	// RequeueMin is the requeue analyzer's minimum constant RequeueAfter ("10s").
	RequeueMin string `json:"requeue-min"`
	// WorkersMax is the workers analyzer's largest MaxConcurrentReconciles.
	WorkersMax int `json:"workers-max"`
	// StatusupdateGated is the statusupdate analyzer's -gated: also report the
	// writes a test of the stored status against a constant gates.
	StatusupdateGated bool `json:"statusupdate-gated"`
}

// New builds the plugin from its settings.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	for _, name := range s.Disable {
		if vet.ByName(name) == nil {
			return nil, fmt.Errorf("%s: disable: unknown analyzer %q", Name, name)
		}
	}
	if s.RequeueMin != "" {
		if err := vet.ByName("requeue").Flags.Set("min", s.RequeueMin); err != nil {
			return nil, fmt.Errorf("%s: requeue-min: %w", Name, err)
		}
	}
	if s.WorkersMax != 0 {
		if err := vet.ByName("workers").Flags.Set("max", strconv.Itoa(s.WorkersMax)); err != nil {
			return nil, fmt.Errorf("%s: workers-max: %w", Name, err)
		}
	}
	if s.StatusupdateGated {
		if err := vet.ByName("statusupdate").Flags.Set("gated", "true"); err != nil {
			return nil, fmt.Errorf("%s: statusupdate-gated: %w", Name, err)
		}
	}
	p := &plugin{}
	for _, a := range vet.Analyzers {
		if !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, a)
		}
	}
	return p, nil
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

// BuildAnalyzers returns the analyzers to run.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: every analyzer matches on types.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
