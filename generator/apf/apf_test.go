package apf_test

import (
	"path"
	"testing"

	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/generator/apf"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestManifests: a wired operator gets its priority level and the flow schemas that
// put its ServiceAccount's requests there (leader election aside), with nothing but
// what is set (no creationTimestamp, no status); an unwired run gets none.
func TestManifests(t *testing.T) {
	ctx := gentest.Load(t, "every-marker")
	files, err := apf.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	name := ctx.ProjectName
	docs := gentest.YAMLDocs[map[string]any](t, gentest.Find(t, files, path.Join(ctx.APFDir, apf.FileName)))
	if len(docs) != 3 {
		t.Fatalf("%d documents, want a priority level and two flow schemas", len(docs))
	}
	for _, d := range docs {
		if meta := d["metadata"].(map[string]any); len(meta) != 1 || d["status"] != nil {
			t.Errorf("%v: metadata %v and status %v, want a name only", d["kind"], meta, d["status"])
		}
	}
	var level flowcontrolv1.PriorityLevelConfiguration
	decode(t, docs[0], &level)
	if level.Kind != "PriorityLevelConfiguration" || level.Name != name || level.Spec.Limited == nil {
		t.Errorf("the first document is %s %s, want the limited priority level %s", level.Kind, level.Name, name)
	}
	for i, w := range []struct{ name, level string }{{name + "-leader-election", "leader-election"}, {name, name}} {
		var fs flowcontrolv1.FlowSchema
		decode(t, docs[i+1], &fs)
		if fs.Kind != "FlowSchema" || fs.Name != w.name || fs.Spec.PriorityLevelConfiguration.Name != w.level {
			t.Errorf("%s %s at level %q, want FlowSchema %s at %q", fs.Kind, fs.Name, fs.Spec.PriorityLevelConfiguration.Name, w.name, w.level)
		}
		for _, r := range fs.Spec.Rules {
			if sa := r.Subjects[0].ServiceAccount; sa == nil || sa.Name != name+"-controller-manager" || sa.Namespace != name+"-system" {
				t.Errorf("%s is for %+v, want the operator's ServiceAccount", fs.Name, sa)
			}
		}
	}
	unwired := *ctx
	unwired.Wired = false
	if files, _ := (apf.Generator{}).Generate(&unwired); len(files) > 0 {
		t.Errorf("unwired: %d files", len(files))
	}
}

func decode(t *testing.T, doc map[string]any, into any) {
	t.Helper()
	b, err := yaml.Marshal(doc)
	if err == nil {
		err = yaml.UnmarshalStrict(b, into)
	}
	if err != nil {
		t.Fatal(err)
	}
}
