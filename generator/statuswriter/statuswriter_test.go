package statuswriter_test

import (
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/statuswriter"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestWriters: each status-owner kind gets its writer, with the signature doc.go gives,
// its field manager, and the steps its doc lists, as the kind's markers ask: the
// observed generation stamped, conditions prepared and compared as a set, volatile
// fields ignored; the cache's lag recalled; one forced apply to the status
// subresource as the field manager, the answer left in obj. every-marker has a license
// (its header is the license, a blank line, the Code generated line) and conditions;
// warnings has neither, and a volatile field.
func TestWriters(t *testing.T) {
	for _, name := range []string{"every-marker", "warnings"} {
		t.Run(name, func(t *testing.T) {
			ctx := gentest.Load(t, name)
			files, err := statuswriter.Generator{}.Generate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			owners := ctx.API.StatusOwners()
			if len(owners) == 0 || len(files) != len(owners) {
				t.Fatalf("%d files for %d status-owner kinds", len(files), len(owners))
			}
			for _, k := range owners {
				f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.StatusFile())))
				if f.Name.Name != ctx.Controller.Name {
					t.Errorf("package %s, want the controller package's %s", f.Name.Name, ctx.Controller.Name)
				}
				if got := f.Value(t, k.Names.FieldManager()); got != strconv.Quote(k.StatusOwner) {
					t.Errorf("%s = %s, want the marker's %q", k.Names.FieldManager(), got, k.StatusOwner)
				}
				api := f.Imports()[k.Package.Path]
				w := f.Func(t, k.Names.StatusWriter())
				want := "func(ctx context.Context, c client.Client, obj *" + api + "." + k.Name + ", desired " + api + "." + k.StatusName() + ") (bool, error)"
				if got := f.Signature(w); got != want {
					t.Errorf("%s%s, want %s", k.Names.StatusWriter(), strings.TrimPrefix(got, "func"), want)
				}
				body := f.Body(w)
				conds := k.Status.ConditionsField() != nil
				for _, step := range []struct {
					code string
					want bool
				}{
					{"want.ObservedGeneration = obj.Generation", k.ObservedGeneration},
					{"prepareConditions(want.Conditions, live,", conds},
					{"recallWrite(obj.UID, obj.ResourceVersion)", true},
					{"ownedStatus(obj, " + k.Names.FieldManager() + ", obj.Status, &owned)", true},
					{"if " + k.Names.EqualStatus() + "(&owned, want) {", true},
					{"c.Status().Apply(ctx, apply, client.FieldOwner(" + k.Names.FieldManager() + "), client.ForceOwnership)", true},
					{"reportTakenFields(obj, " + strconv.Quote(k.Name) + ", " + k.Names.FieldManager() + ", want)", true},
					{"countStatusSkipped(" + strconv.Quote(k.Name) + ", behind)", true},
					{"countStatusSent(" + strconv.Quote(k.Name) + ", want.ObservedGeneration != owned.ObservedGeneration)", k.ObservedGeneration},
					{"countStatusFailed(" + strconv.Quote(k.Name) + ", err)", true},
					{"obj.Status, obj.ResourceVersion, obj.ManagedFields = answer.Status, answer.ResourceVersion, answer.ManagedFields", true},
					{"rememberWrite(obj.UID, base, answer.ResourceVersion, want)", true},
				} {
					if strings.Contains(body, step.code) != step.want {
						t.Errorf("%s: %q present = %t, want %t", k.Names.StatusWriter(), step.code, !step.want, step.want)
					}
				}
				eq := f.Body(f.Func(t, k.Names.EqualStatus()))
				if strings.Contains(eq, "sortConditions(x.Conditions)") != conds {
					t.Errorf("%s compares conditions as a set: %t, want %t", k.Names.EqualStatus(), !conds, conds)
				}
				for _, fld := range k.Status.Fields {
					if ignored := strings.Contains(eq, "x."+fld.Name+" = y."+fld.Name); ignored != fld.Volatile {
						t.Errorf("%s ignores %s: %t, want %t (+opguard:volatile)", k.Names.EqualStatus(), fld.Name, ignored, fld.Volatile)
					}
				}
			}
			claims := statuswriter.Generator{}.Claims(ctx)
			if len(claims) != 1 || !claims[0].Covers(files[0].Path) {
				t.Errorf("claims %v do not cover %s", claims, files[0].Path)
			}
		})
	}
}
