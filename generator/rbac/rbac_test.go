package rbac_test

import (
	"path"
	"slices"
	"strings"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/manifests"
	"github.com/opgen-dev/opgen/generator/rbac"
	"github.com/opgen-dev/opgen/project"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestRole: the role holds the module's +kubebuilder:rbac rules and those of opgen's
// generated code (manifests.RBACRules): a status writer patches its status and records Events, a
// reconciler reads its kind (and patches it and updates its finalizers with
// +opguard:finalizer) and writes what it owns.
func TestRole(t *testing.T) {
	ctx := gentest.Load(t, "every-marker")
	for _, want := range []string{
		"+kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/status,verbs=patch",
		"+kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch",
		"+kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;patch",
		"+kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/finalizers,verbs=update",
		"+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;patch",
		"+kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;patch",
	} {
		if !slices.Contains(manifests.RBACRules(ctx.API), want) {
			t.Errorf("no rule %s among %q", want, manifests.RBACRules(ctx.API))
		}
	}
	files, err := rbac.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	roles := gentest.YAMLDocs[rbacv1.ClusterRole](t, gentest.Find(t, files, path.Join(ctx.RBACDir, rbac.FileName)))
	if len(roles) != 1 || roles[0].Name != ctx.RoleName {
		t.Fatalf("roles %v, want one ClusterRole %s", roles, ctx.RoleName)
	}
	granted := false
	for _, r := range roles[0].Rules {
		granted = granted || slices.Contains(r.Resources, "memcacheds/status") && slices.Equal(r.Verbs, []string{"patch"})
	}
	if !granted {
		t.Errorf("the role does not grant patch on memcacheds/status: %+v", roles[0].Rules)
	}
}

// TestEmptyRole: a project whose module has no rule still gets its role, empty, in
// controller-gen's layout (a kustomization lists role.yaml), recognisable as the role
// it is; outside a project and without opgen's role there is none.
func TestEmptyRole(t *testing.T) {
	ctx := *gentest.Load(t, "minimal")
	if files, _ := (rbac.Generator{}).Generate(&ctx); len(files) > 0 {
		t.Errorf("outside a project, with no rule: %d files", len(files))
	}
	ctx.Project = &project.Config{Domain: "example.com"}
	files, err := rbac.Generator{}.Generate(&ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := gentest.Find(t, files, path.Join(ctx.RBACDir, rbac.FileName))
	want := artifact.YAMLHeader + "\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: " + ctx.RoleName + "\nrules: []\n"
	if string(f.Content) != want {
		t.Errorf("got\n%s\nwant\n%s", f.Content, want)
	}
	if got := artifact.RoleName([]byte(strings.TrimPrefix(string(f.Content), artifact.YAMLHeader+"\n"))); got != ctx.RoleName {
		t.Errorf("RoleName reads %q, want %q", got, ctx.RoleName)
	}
}
