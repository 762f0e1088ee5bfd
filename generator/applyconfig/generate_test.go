package applyconfig_test

import (
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/applyconfig"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestApplyConfigurations: every struct reachable from a kind gets its apply
// configuration where controller-gen puts it, with upstream's builder API: the kind's
// constructor (name, namespace) and the getters apply needs, a With function per json
// field (promoted from ObjectMeta too), ForKind in utils.go. rich-types has structs of
// every shape and one of another package of the module.
func TestApplyConfigurations(t *testing.T) {
	ctx := gentest.Load(t, "rich-types")
	files, err := applyconfig.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	k := ctx.API.Kinds()[0]
	dir := path.Join(ctx.Rel(k.Package.Dir), k.Package.ApplyConfigurationSubdir())
	f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, strings.ToLower(k.Name)+".go")))
	ac := naming.ApplyConfiguration(k.Name)
	ctor := "func(name string) *" + ac
	if k.Namespaced {
		ctor = "func(name, namespace string) *" + ac
	}
	if got := f.Signature(f.Func(t, k.Name)); got != ctor {
		t.Errorf("%s: %s, want %s", k.Name, got, ctor)
	}
	for _, m := range []string{"IsApplyConfiguration", "WithName", "WithNamespace", "WithLabels", "WithSpec", "WithStatus", "GetKind", "GetAPIVersion", "GetName", "GetNamespace"} {
		f.Func(t, ac+"."+m)
	}
	spec := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, strings.ToLower(k.Name)+"spec.go")))
	specAC := naming.ApplyConfiguration(k.Name + "Spec")
	for fn, sig := range map[string]string{
		"WithPorts":    "func(values ...*PortApplyConfiguration) *" + specAC, // a slice of structs
		"WithArgs":     "func(values ...string) *" + specAC,
		"WithBackends": "func(entries map[string]BackendApplyConfiguration) *" + specAC,
		"WithReplicas": "func(value int32) *" + specAC,
		"WithSchedule": "func(value *ScheduleApplyConfiguration) *" + specAC,
		"WithTeam":     "func(value string) *" + specAC, // promoted from an inline struct
	} {
		if got := spec.Signature(spec.Func(t, specAC+"."+fn)); got != sig {
			t.Errorf("%s: %s, want %s", fn, got, sig)
		}
	}
	utils := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Rel(k.Package.Dir), model.ApplyConfigurationDir, "utils.go")))
	if !regexp.MustCompile(`Kind:\s+"` + k.Name + `"`).MatchString(utils.Body(utils.Func(t, "ForKind"))) {
		t.Errorf("ForKind does not name %s", k.Name)
	}
	for _, file := range files {
		if !strings.Contains(file.Path, "/"+model.ApplyConfigurationDir+"/") {
			t.Errorf("%s lies outside the applyconfiguration trees", file.Path)
		}
	}
}

// TestExtract: a kind another kind owns (owned's Stage) gets Extract<Kind>From,
// Extract<Kind> and Extract<Kind>Status with client-go's signatures, reading the schema
// of internal/internal.go, which names the kind's type as the API server does.
func TestExtract(t *testing.T) {
	ctx := gentest.Load(t, "owned")
	files, err := applyconfig.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stage := ctx.API.Lookup(ctx.API.Reconciled()[0].Owns[0])
	acDir := path.Join(ctx.Rel(stage.Package.Dir), stage.Package.ApplyConfigurationSubdir())
	f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(acDir, "stage.go")))
	api := f.Imports()[stage.Package.Path]
	ac := "*" + naming.ApplyConfiguration(stage.Name)
	for fn, sig := range map[string]string{
		stage.Names.ExtractFrom():   "func(stage *" + api + ".Stage, fieldManager string, subresource string) (" + ac + ", error)",
		stage.Names.Extract():       "func(stage *" + api + ".Stage, fieldManager string) (" + ac + ", error)",
		stage.Names.ExtractStatus(): "func(stage *" + api + ".Stage, fieldManager string) (" + ac + ", error)",
	} {
		if got := f.Signature(f.Func(t, fn)); got != sig {
			t.Errorf("%s: %s, want %s", fn, got, sig)
		}
	}
	internal := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Rel(stage.Package.Dir), model.ApplyConfigurationDir, "internal", "internal.go")))
	internal.Func(t, "Parser")
	if !strings.Contains(internal.Src, "- name: com.example.ci.v1.Stage\n") {
		t.Error("the schema has no type com.example.ci.v1.Stage")
	}
	pipeline := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(acDir, "pipeline.go")))
	if strings.Contains(pipeline.Src, "func ExtractPipeline") {
		t.Error("Pipeline, which no kind owns, has Extract functions")
	}
}
