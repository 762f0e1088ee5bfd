package reconciler_test

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/reconciler"
	"github.com/opgen-dev/opgen/policy"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestReconcilers: each +opguard:reconciler kind gets Reconcile and SetupWithManager on
// <Kind>Reconciler. Reconcile calls the user's Reconcile<Kind>, writes the status with
// Apply<Kind>Status and maps the result; with +opguard:finalizer it keeps the finalizer
// around Cleanup<Kind>. SetupWithManager watches the kind through the predicate of its
// watched labels and annotations, owns each owned kind, and sets the workers. every-marker
// has every marker; warnings asks for more workers than opgen vet's threshold.
func TestReconcilers(t *testing.T) {
	for _, name := range []string{"every-marker", "warnings"} {
		t.Run(name, func(t *testing.T) {
			ctx := gentest.Load(t, name)
			if d := (reconciler.Generator{}).Check(ctx); len(d) > 0 {
				t.Fatalf("Check on the case's own code: %v", d)
			}
			files, err := reconciler.Generator{}.Generate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			kinds := ctx.API.Reconciled()
			if len(kinds) == 0 {
				t.Fatal("no reconciled kind")
			}
			for _, k := range kinds {
				f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.ReconcilerFile())))
				rec := f.Func(t, k.Names.Reconciler()+".Reconcile")
				if got, want := f.Signature(rec), "func(ctx context.Context, req ctrl.Request) (ctrl.Result, error)"; got != want {
					t.Errorf("Reconcile%s, want %s", strings.TrimPrefix(got, "func"), want)
				}
				body := f.Body(rec)
				for _, call := range []string{
					"r." + k.Names.ReconcileFunc() + "(ctx, obj)",
					k.Names.StatusWriter() + "(ctx, r.Client, obj, desired)",
					"reconcileResult(outcome, err)",
				} {
					if !strings.Contains(body, call) {
						t.Errorf("Reconcile does not call %s", call)
					}
				}
				fin := k.Finalizer != ""
				if strings.Contains(body, "r."+k.Names.Cleanup()+"(ctx, obj)") != fin || strings.Contains(body, "ensureFinalizer(") != fin {
					t.Errorf("Reconcile keeps a finalizer around %s: %t, want %t", k.Names.Cleanup(), !fin, fin)
				}
				if fin {
					if got := f.Value(t, k.Names.FinalizerConst()); got != strconv.Quote(k.Finalizer) {
						t.Errorf("%s = %s, want the marker's %q", k.Names.FinalizerConst(), got, k.Finalizer)
					}
				}
				if conds := k.Status.ConditionsField() != nil; regexp.MustCompile(`Type:\s+ReadyCondition,\s+Status:\s+metav1.ConditionFalse`).MatchString(body) != conds {
					t.Errorf("a Terminal error sets Ready=False: %t, want %t", !conds, conds)
				}
				setup := f.Func(t, k.Names.Reconciler()+".SetupWithManager")
				if got, want := f.Signature(setup), "func(mgr ctrl.Manager) error"; got != want {
					t.Errorf("SetupWithManager%s, want %s", strings.TrimPrefix(got, "func"), want)
				}
				chain := f.Body(setup)
				pred := "primaryPredicate(" + lit(k.WatchLabels) + ", " + lit(k.WatchAnnotations) + ")"
				if !strings.Contains(chain, pred) {
					t.Errorf("SetupWithManager does not watch through %s:\n%s", pred, chain)
				}
				if n := strings.Count(chain, "Owns(&"); n != len(k.Owns) {
					t.Errorf("%d Owns, want one per owned kind (%d)", n, len(k.Owns))
				}
				if !strings.Contains(chain, "Named("+strconv.Quote(k.ControllerName)+")") {
					t.Errorf("the controller is not named %q", k.ControllerName)
				}
				switch n := k.Reconciler.MaxConcurrentReconciles; {
				case n > policy.MaxWorkers:
					if !strings.Contains(chain, "//opguard:ignore workers") || !strings.Contains(chain, "opts.MaxConcurrentReconciles = "+strconv.Itoa(n)) {
						t.Errorf("%d workers, over the threshold, are not set with the directive that says why:\n%s", n, chain)
					}
				case n > 0:
					if !regexp.MustCompile(`MaxConcurrentReconciles:\s+` + strconv.Itoa(n) + `,`).MatchString(chain) {
						t.Errorf("%d workers are not set:\n%s", n, chain)
					}
				}
			}
		})
	}
}

func lit(ss []string) string {
	if len(ss) == 0 {
		return "nil"
	}
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}

// TestScaffold: a package that declares no <Kind>Reconciler gets the user's file once
// (a Scaffold, written only when missing), unless a file of its name is in the way,
// which Check reports.
func TestScaffold(t *testing.T) {
	ctx := *gentest.Load(t, "every-marker")
	ctx.Controller.Files = nil // as if the package declared nothing
	k := ctx.API.Reconciled()[0]
	files, err := reconciler.Generator{}.Generate(&ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.ControllerFile()))
	if f.Owner != artifact.Scaffold {
		t.Errorf("%s is owned %v, want Scaffold", f.Path, f.Owner)
	}
	if !strings.Contains(string(f.Content), "func "+k.Names.NewReconciler()+"(") {
		t.Errorf("the scaffold declares no %s", k.Names.NewReconciler())
	}
	d := reconciler.Generator{}.Check(&ctx)
	if !d.HasErrors() || !strings.Contains(d.Err().Error(), "this file exists") {
		t.Errorf("Check with %s on disk and no %s declared: %v", k.Names.ControllerFile(), k.Names.Reconciler(), d)
	}
}

// TestExistingReconcile: a kubebuilder controller that defines Reconcile itself stops
// the run with the two ways out.
func TestExistingReconcile(t *testing.T) {
	ctx := gentest.Load(t, "bad-existing-reconciler")
	d := reconciler.Generator{}.Check(ctx)
	if !d.HasErrors() || !strings.Contains(d.Err().Error(), "already has a Reconcile method") {
		t.Errorf("Check: %v, want the clash with the user's Reconcile", d)
	}
}
