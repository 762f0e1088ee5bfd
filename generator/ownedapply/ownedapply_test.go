package ownedapply_test

import (
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/ownedapply"
	"github.com/opgen-dev/opgen/naming"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestApplies: each reconciled kind that owns others gets one gated apply per owned
// kind with the signature doc.go gives, binding the runtime's applyOwned to the kind's
// field manager and the owned kind's Extract; desired gets obj as its controller, and a
// namespaced owner's namespace (another is refused). multi-kind owns a ConfigMap and a
// Beacon of its own module, from a namespaced Ship; golden/init-multi's Sweeper is
// cluster-scoped.
func TestApplies(t *testing.T) {
	for _, name := range []string{"multi-kind", "init-multi"} {
		t.Run(name, func(t *testing.T) {
			ctx := gentest.Load(t, name)
			files, err := ownedapply.Generator{}.Generate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, k := range ctx.API.Reconciled() {
				owned := ctx.API.Owned(k)
				if len(owned) == 0 {
					continue
				}
				n++
				f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.OwnedFile())))
				imports := f.Imports()
				for _, o := range owned {
					fn := f.Func(t, o.Func)
					want := "func(ctx context.Context, c client.Client, obj *" + imports[k.Package.Path] + "." + k.Name +
						", desired *" + imports[o.ACPackage] + "." + naming.ApplyConfiguration(o.Kind) + ") (bool, error)"
					if got := f.Signature(fn); got != want {
						t.Errorf("%s%s, want %s", o.Func, strings.TrimPrefix(got, "func"), want)
					}
					body := f.Body(fn)
					apiVersion := k.Package.Group + "/" + k.Package.Version
					for _, code := range []string{
						"controllerReference(obj, " + strconv.Quote(apiVersion) + ", " + strconv.Quote(k.Name) + ")",
						"applyOwned(ctx, c, " + strconv.Quote(k.Name) + ", " + k.Names.FieldManager() + ", desired, &" + imports[o.Package] + "." + o.Kind + "{}, " +
							imports[o.ACPackage] + "." + naming.For(o.Kind).Extract() + ")",
						"if !hasController(desired.OwnerReferences) {",
					} {
						if !strings.Contains(body, code) {
							t.Errorf("%s does not hold %s:\n%s", o.Func, code, body)
						}
					}
					if got := strings.Contains(body, "desired.WithNamespace(obj.Namespace)"); got != k.Namespaced {
						t.Errorf("%s puts desired in obj's namespace: %t, want %t (namespaced owner)", o.Func, got, k.Namespaced)
					}
				}
			}
			if n == 0 || len(files) != n {
				t.Errorf("%d files for %d owners", len(files), n)
			}
		})
	}
}
