package monitoring_test

import (
	"path"
	"testing"
	"time"

	"github.com/prometheus/common/model"
	"github.com/prometheus/prometheus/promql/parser"

	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/monitoring"
)

func TestMain(m *testing.M) { gentest.Main(m) }

type doc struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace"`
		Labels    map[string]string `json:"labels"`
	} `json:"metadata"`
	Resources []string `json:"resources"`
	Spec      struct {
		Endpoints []struct {
			Port, Scheme, Path, BearerTokenFile string
			TLSConfig                           map[string]any `json:"tlsConfig"`
		} `json:"endpoints"`
		Selector struct {
			MatchLabels map[string]string `json:"matchLabels"`
		} `json:"selector"`
		Groups []struct {
			Name  string `json:"name"`
			Rules []struct {
				Alert       string            `json:"alert"`
				Expr        string            `json:"expr"`
				For         string            `json:"for"`
				Labels      map[string]string `json:"labels"`
				Annotations map[string]string `json:"annotations"`
			} `json:"rules"`
		} `json:"groups"`
	} `json:"spec"`
}

// TestManifests: a wired operator gets config/prometheus: a kustomization of the
// monitor and the rules, a ServiceMonitor of the metrics Service's https port, and a
// PrometheusRule holding every alert of the table, its expression valid PromQL scoped
// to the operator's job; an unwired run gets nothing.
func TestManifests(t *testing.T) {
	ctx := gentest.Load(t, "every-marker")
	files, err := monitoring.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir := path.Join(path.Dir(ctx.APFDir), monitoring.PrometheusDir)
	one := func(name string) doc {
		t.Helper()
		docs := gentest.YAMLDocs[doc](t, gentest.Find(t, files, path.Join(dir, name)))
		if len(docs) != 1 {
			t.Fatalf("%s: %d documents, want 1", name, len(docs))
		}
		return docs[0]
	}
	if k := one(monitoring.KustomizeFile); len(k.Resources) != 2 || k.Resources[0] != monitoring.MonitorFile || k.Resources[1] != monitoring.RulesFile {
		t.Errorf("kustomization resources %v", k.Resources)
	}
	m := one(monitoring.MonitorFile)
	want := map[string]string{"control-plane": "controller-manager", "app.kubernetes.io/name": ctx.ProjectName}
	if m.Kind != "ServiceMonitor" || len(m.Spec.Endpoints) != 1 || m.Spec.Endpoints[0].Port != "https" || m.Spec.Endpoints[0].Scheme != "https" ||
		len(m.Spec.Selector.MatchLabels) != 2 || m.Spec.Selector.MatchLabels["app.kubernetes.io/name"] != want["app.kubernetes.io/name"] ||
		m.Spec.Selector.MatchLabels["control-plane"] != want["control-plane"] {
		t.Errorf("ServiceMonitor %+v, want the metrics Service's https port selected by %v", m, want)
	}
	r := one(monitoring.RulesFile)
	if r.Kind != "PrometheusRule" || len(r.Spec.Groups) != 1 || len(r.Spec.Groups[0].Rules) != len(monitoring.Alerts) {
		t.Fatalf("PrometheusRule %+v, want one group of %d alerts", r, len(monitoring.Alerts))
	}
	job := `job="` + monitoring.Job(ctx.ProjectName) + `"`
	for i, rule := range r.Spec.Groups[0].Rules {
		a := monitoring.Alerts[i]
		if rule.Alert != a.Name || rule.Expr != a.Query(ctx.ProjectName) || rule.Labels["severity"] == "" ||
			rule.Annotations["summary"] == "" || rule.Annotations["description"] == "" {
			t.Errorf("rule %d: %+v, want %s", i, rule, a.Name)
		}
		expr, err := parser.NewParser(parser.Options{}).ParseExpr(rule.Expr)
		if err != nil {
			t.Errorf("%s: %v", rule.Alert, err)
			continue
		}
		// Every selector is the operator's own.
		parser.Inspect(expr, func(n parser.Node, _ []parser.Node) error {
			if vs, ok := n.(*parser.VectorSelector); ok {
				scoped := false
				for _, m := range vs.LabelMatchers {
					scoped = scoped || m.String() == job
				}
				if !scoped {
					t.Errorf("%s: %s is not scoped to %s", rule.Alert, vs, job)
				}
			}
			return nil
		})
		var got time.Duration
		if rule.For != "" {
			d, err := model.ParseDuration(rule.For)
			if err != nil {
				t.Errorf("%s: for %q: %v", rule.Alert, rule.For, err)
			}
			got = time.Duration(d)
		}
		if got != a.For {
			t.Errorf("%s: for %v, want %v", rule.Alert, got, a.For)
		}
	}
	unwired := *ctx
	unwired.Wired = false
	if files, _ := (monitoring.Generator{}).Generate(&unwired); len(files) > 0 {
		t.Errorf("unwired: %d files", len(files))
	}
}
