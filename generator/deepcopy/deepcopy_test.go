package deepcopy_test

import (
	"path"
	"testing"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/deepcopy"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/naming"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestDeepCopy: controller-tools' deepcopy of every API package, with opgen's header, in
// the file controller-gen writes and may replace.
func TestDeepCopy(t *testing.T) {
	ctx := gentest.Load(t, "every-marker")
	files, err := deepcopy.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range ctx.API.Kinds() {
		file := gentest.Find(t, files, path.Join(ctx.Rel(k.Package.Dir), naming.DeepCopyFile))
		if len(file.Replaces) != 1 || file.Replaces[0] != artifact.ControllerGen {
			t.Errorf("%s replaces %v, want controller-gen's", file.Path, file.Replaces)
		}
		if artifact.GeneratedByContent(file.Content) != artifact.Opgen {
			t.Errorf("%s does not carry opgen's header", file.Path)
		}
		f := gentest.Go(t, ctx, file)
		for _, fn := range []string{k.Name + ".DeepCopyObject", k.Name + ".DeepCopyInto", k.Name + "List.DeepCopyObject"} {
			f.Func(t, fn)
		}
	}
}
