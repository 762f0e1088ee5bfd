package reconciler_test

import (
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/manifests"
	"github.com/opgen-dev/opgen/generator/reconciler"
)

// TestExternalReconciler: a reconciler type with +opguard:for (golden/init-external:
// annotated Deployments, a ConfigMap each) gets Reconcile and SetupWithManager like a
// kind of the project's, without a status writer: Reconcile calls Reconcile<Kind> only
// for an object that opts in and maps its result; SetupWithManager filters on content
// and on the opt-in, and owns the ConfigMap; what it applies is applied as the
// project's name; its RBAC reads the kind and never its status.
func TestExternalReconciler(t *testing.T) {
	ctx := gentest.Load(t, "init-external")
	if d := (reconciler.Generator{}).Check(ctx); len(d) > 0 {
		t.Fatalf("Check on the project's own code: %v", d)
	}
	if len(ctx.API.External) != 2 || len(ctx.API.Reconciled()) != 0 {
		t.Fatalf("%d kinds the project does not define and %d of its own, want 2 (Certificate, Deployment) and 0", len(ctx.API.External), len(ctx.API.Reconciled()))
	}
	k := ctx.API.External[1]
	if k.Name != "Deployment" || k.Package.Path != "k8s.io/api/apps/v1" || !k.Namespaced || k.Plural != "deployments" {
		t.Fatalf("the kind is %s of %s (namespaced %t, %s), want Deployment of k8s.io/api/apps/v1, namespaced, deployments", k.Name, k.Package.Path, k.Namespaced, k.Plural)
	}
	files, err := reconciler.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.ReconcilerFile())))
	body := f.Body(f.Func(t, k.Names.Reconciler()+".Reconcile"))
	for _, want := range []string{"reconcileResult(r.ReconcileDeployment(ctx, obj))", "!" + k.Names.Selected() + "(obj)"} {
		if !strings.Contains(body, want) {
			t.Errorf("Reconcile does not call %s", want)
		}
	}
	if strings.Contains(body, "Status") {
		t.Errorf("Reconcile of a kind the project does not define touches a status:\n%s", body)
	}
	setup := f.Body(f.Func(t, k.Names.Reconciler()+".SetupWithManager"))
	for _, want := range []string{
		`contentPredicate(nil, []string{"example.com/config"})`,
		k.Names.Selection() + "()",
		"Owns(&corev1.ConfigMap{}, builder.WithPredicates(ownedPredicate()))",
		`Named("deployment")`,
	} {
		if !strings.Contains(setup, want) {
			t.Errorf("SetupWithManager lacks %s:\n%s", want, setup)
		}
	}
	if got := f.Value(t, k.Names.FieldManager()); got != strconv.Quote(ctx.ProjectName) {
		t.Errorf("%s = %s, want the project's name %q", k.Names.FieldManager(), got, ctx.ProjectName)
	}
	rules := strings.Join(manifests.RBACRules(ctx.API), "\n")
	for _, want := range []string{
		"+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch",
		"+kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;patch",
	} {
		if !strings.Contains(rules, want) {
			t.Errorf("the RBAC rules lack %s:\n%s", want, rules)
		}
	}
	if strings.Contains(rules, "deployments/status") || strings.Contains(rules, "events") {
		t.Errorf("the RBAC rules write a status of a kind the project does not define:\n%s", rules)
	}
}

// TestOwnedCondition: +opguard:own-condition on golden/init-external's Certificate
// reconciler gives the condition's type and its gated apply, which calls the runtime's
// with the status's conditions, the kind's generation and the project's field manager;
// RBAC gains patch on the status, and the Deployment reconciler beside it, without the
// marker, neither.
func TestOwnedCondition(t *testing.T) {
	ctx := gentest.Load(t, "init-external")
	files, err := reconciler.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rules := strings.Join(manifests.RBACRules(ctx.API), "\n")
	for _, k := range ctx.API.External {
		f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.ReconcilerFile())))
		status := "+kubebuilder:rbac:groups=" + k.Package.Group + ",resources=" + k.Plural + "/status,verbs=patch"
		if k.Name != "Certificate" {
			if k.OwnCondition != "" || strings.Contains(string(f.Src), k.Names.ConditionApply()) || strings.Contains(rules, k.Plural+"/status") {
				t.Errorf("%s, without +opguard:own-condition, owns a condition", k.Name)
			}
			continue
		}
		if got := f.Value(t, k.Names.ConditionTypeConst()); got != strconv.Quote("example.com/BundleReady") {
			t.Errorf("%s = %s, want the marker's type", k.Names.ConditionTypeConst(), got)
		}
		body := f.Body(f.Func(t, k.Names.ConditionApply()))
		for _, want := range []string{"applyCondition(ctx, c, obj, obj.Status.Conditions,", "ObservedGeneration: obj.Generation", `"Certificate", ` + k.Names.FieldManager() + ")"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s does not call %s:\n%s", k.Names.ConditionApply(), want, body)
			}
		}
		if !strings.Contains(rules, status) {
			t.Errorf("the RBAC rules lack %s:\n%s", status, rules)
		}
	}
}
