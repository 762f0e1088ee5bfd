package monitoring_test

import (
	"encoding/json"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/model"
	"github.com/prometheus/prometheus/promql/parser"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/manifests"
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
	if r.Kind != "PrometheusRule" || len(r.Spec.Groups) != 1 || len(r.Spec.Groups[0].Rules) != len(manifests.Alerts) {
		t.Fatalf("PrometheusRule %+v, want one group of %d alerts", r, len(manifests.Alerts))
	}
	job := `job="` + manifests.Job(ctx.ProjectName) + `"`
	for i, rule := range r.Spec.Groups[0].Rules {
		a := manifests.Alerts[i]
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

// TestDashboard: config/grafana holds the dashboard, opgen's header first; every query
// is valid PromQL (with Grafana's $__rate_interval as a duration) scoped to the
// operator's job; the panels are laid out without overlap, two to a row; and every
// metric of the guards (the reference table in docs/runtime.md, which the runtime's
// own test keeps true) is drawn somewhere, as are the workqueue, reconcile and
// rate-limiter metrics the issue names.
func TestDashboard(t *testing.T) {
	ctx := gentest.Load(t, "every-marker")
	files, err := monitoring.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := gentest.Find(t, files, path.Join(path.Dir(ctx.APFDir), monitoring.GrafanaDir, monitoring.DashboardFile))
	if artifact.OwnedBy(f.Path, f.Content) != artifact.Opgen {
		t.Fatalf("%s does not carry opgen's header:\n%.200s", f.Path, f.Content)
	}
	var d struct {
		Title  string `json:"title"`
		Panels []struct {
			Title   string `json:"title"`
			GridPos struct{ H, W, X, Y int }
			Targets []struct {
				Expr         string `json:"expr"`
				LegendFormat string `json:"legendFormat"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(f.Content, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Panels) != len(monitoring.Panels) {
		t.Fatalf("%d panels, want %d", len(d.Panels), len(monitoring.Panels))
	}
	job := `job="` + manifests.Job(ctx.ProjectName) + `"`
	drawn := map[string]bool{}
	seen := map[[2]int]bool{}
	for _, p := range d.Panels {
		cell := [2]int{p.GridPos.X, p.GridPos.Y}
		if seen[cell] || p.GridPos.W != 12 || p.GridPos.X+p.GridPos.W > 24 {
			t.Errorf("%s: at %+v, overlapping or off the grid", p.Title, p.GridPos)
		}
		seen[cell] = true
		if len(p.Targets) == 0 {
			t.Errorf("%s has no query", p.Title)
		}
		for _, q := range p.Targets {
			expr, err := parser.NewParser(parser.Options{}).ParseExpr(strings.ReplaceAll(q.Expr, "$__rate_interval", "5m"))
			if err != nil {
				t.Errorf("%s: %q: %v", p.Title, q.Expr, err)
				continue
			}
			parser.Inspect(expr, func(n parser.Node, _ []parser.Node) error {
				if vs, ok := n.(*parser.VectorSelector); ok {
					drawn[strings.TrimSuffix(strings.TrimSuffix(vs.Name, "_bucket"), "_sum")] = true
					scoped := false
					for _, m := range vs.LabelMatchers {
						scoped = scoped || m.String() == job
					}
					if !scoped {
						t.Errorf("%s: %s is not scoped to %s", p.Title, vs, job)
					}
				}
				return nil
			})
		}
	}
	doc, err := os.ReadFile("../../docs/runtime.md")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"controller_runtime_reconcile_total", "workqueue_depth", "workqueue_queue_duration_seconds",
		"rest_client_rate_limiter_duration_seconds", "rest_client_requests_total"}
	for _, m := range regexp.MustCompile("(?m)^\\| `(opguard_[a-z_]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		want = append(want, m[1])
	}
	if len(want) < 10 {
		t.Fatalf("found %d metrics in docs/runtime.md's reference, want the guards' 8 among them", len(want)-5)
	}
	for _, m := range want {
		if !drawn[m] {
			t.Errorf("no panel draws %s", m)
		}
	}
}
