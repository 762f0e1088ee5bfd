package manager_test

import (
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/manager"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/policy"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestWiring: a wired run gets zz_generated.manager.go with the client limits (the
// +opguard:client marker's, else opgen's policy), AddToScheme over client-go's kinds
// and every API package, SetupReconcilers over every reconciler (and, in
// golden/init-webhook, every webhook unless ENABLE_WEBHOOKS=false, and the hub's
// conversion webhook), and CacheOptions, whose transform keeps the field managers'
// entries of each status-owner kind and digests each owned kind's; and the main,
// scaffolded once. An unwired run gets nothing.
func TestWiring(t *testing.T) {
	for _, name := range []string{"every-marker", "init-webhook"} {
		t.Run(name, func(t *testing.T) {
			ctx := gentest.Load(t, name)
			if !ctx.Wired {
				t.Fatal("the case is not wired")
			}
			files, err := manager.Generator{}.Generate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, naming.ManagerFile)))
			qps, burst := float64(policy.DefaultQPS), policy.DefaultBurst
			if c := ctx.API.Client; c != nil && c.QPS > 0 {
				qps = c.QPS
			}
			if c := ctx.API.Client; c != nil && c.Burst > 0 {
				burst = c.Burst
			}
			if got := f.Value(t, naming.DefaultKubeAPIQPS); got != gotmpl.Float(qps) {
				t.Errorf("%s = %s, want %s", naming.DefaultKubeAPIQPS, got, gotmpl.Float(qps))
			}
			if got := f.Value(t, naming.DefaultKubeAPIBurst); got != strconv.Itoa(burst) {
				t.Errorf("%s = %s, want %d", naming.DefaultKubeAPIBurst, got, burst)
			}
			if got := f.Value(t, naming.DefaultMaxConcurrentReconciles); got != strconv.Itoa(policy.DefaultWorkers) {
				t.Errorf("%s = %s, want %d", naming.DefaultMaxConcurrentReconciles, got, policy.DefaultWorkers)
			}
			imports := f.Imports()
			scheme := f.Body(f.Func(t, naming.AddToScheme))
			adds := []string{"clientgoscheme.AddToScheme"}
			for _, p := range ctx.API.Packages {
				adds = append(adds, imports[p.Path]+".AddToScheme")
			}
			if want := "[]func(*runtime.Scheme) error{" + strings.Join(adds, ", ") + "}"; !strings.Contains(scheme, want) {
				t.Errorf("%s does not range over %s:\n%s", naming.AddToScheme, want, scheme)
			}
			setup := f.Body(f.Func(t, naming.SetupReconcilers))
			for _, k := range ctx.API.Reconciled() {
				if call := k.Names.NewReconciler() + "(mgr).SetupWithManager(mgr)"; !strings.Contains(setup, call) {
					t.Errorf("%s does not call %s", naming.SetupReconcilers, call)
				}
			}
			hooks := strings.Contains(setup, `os.Getenv("ENABLE_WEBHOOKS") != "false"`)
			if want := len(ctx.API.WebhookSetups) > 0 || len(ctx.API.Conversions()) > 0; hooks != want {
				t.Errorf("webhooks registered: %t, want %t", hooks, want)
			}
			for _, w := range ctx.API.WebhookSetups {
				if call := imports[w.Path] + "." + w.Func + "(mgr)"; !strings.Contains(setup, call) {
					t.Errorf("%s does not call %s", naming.SetupReconcilers, call)
				}
			}
			cache := f.Body(f.Func(t, naming.CacheOptions))
			for _, k := range ctx.API.StatusOwners() {
				keep := "reflect.TypeFor[*" + imports[k.Package.Path] + "." + k.Name + "]()"
				if !strings.Contains(cache, keep) {
					t.Errorf("%s keeps nothing of %s", naming.CacheOptions, k.Name)
				}
				for _, o := range ctx.API.Owned(k) {
					digest := "digestOwnedFields(" + imports[o.ACPackage] + "." + naming.For(o.Kind).Extract() + ", " + k.Names.FieldManager() + ")"
					if o.Local == nil && !strings.Contains(cache, digest) {
						t.Errorf("%s does not digest %s: want %s", naming.CacheOptions, o.Kind, digest)
					}
				}
			}
			if ctx.HasMain() {
				main := gentest.Find(t, files, ctx.MainPath)
				if main.Owner != artifact.Scaffold {
					t.Errorf("%s is owned %v, want Scaffold", main.Path, main.Owner)
				}
			}
			unwired := *ctx
			unwired.Wired = false
			if files, err := (manager.Generator{}).Generate(&unwired); err != nil || len(files) > 0 {
				t.Errorf("unwired: %d files, %v; want none", len(files), err)
			}
		})
	}
}
