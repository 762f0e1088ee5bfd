package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/loader"
)

// TestRegisteredTypes: the types a webhook setup builds webhooks for, as v0.25's
// NewWebhookManagedBy(mgr, obj) and the older NewWebhookManagedBy(mgr).For(obj) pass
// them, resolved through the file's imports, named or not (an unnamed one by the
// loaded package's name, which need not be the path's last element); a type the syntax
// does not show (a variable) is not claimed.
func TestRegisteredTypes(t *testing.T) {
	src := `package v1

import (
	cachev1 "example.com/op/api/cache/v1"
	"example.com/op/api/batch/v2"
	"example.com/op/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

func SetupMemcachedWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &cachev1.Memcached{}).WithDefaulter(nil).Complete()
}

func SetupCronJobWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr).For(&v2.CronJob{}).Complete()
}

func SetupPoolWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &appsv1.Pool{}).Complete()
}

func SetupOtherWebhookWithManager(mgr ctrl.Manager) error {
	obj := &cachev1.Memcached{}
	return ctrl.NewWebhookManagedBy(mgr, obj).Complete()
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "w.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	lp := &loader.Package{Package: &packages.Package{Imports: map[string]*packages.Package{
		"example.com/op/api/apps/v1": {Name: "appsv1"},
	}}}
	imports := FileImports(f, lp)
	want := map[string][]string{
		"SetupMemcachedWebhookWithManager": {"example.com/op/api/cache/v1.Memcached"},
		"SetupCronJobWebhookWithManager":   {"example.com/op/api/batch/v2.CronJob"},
		"SetupPoolWebhookWithManager":      {"example.com/op/api/apps/v1.Pool"},
		"SetupOtherWebhookWithManager":     nil,
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if got := registeredTypes(imports, fd); !slices.Equal(got, want[fd.Name.Name]) {
			t.Errorf("%s registers %v, want %v", fd.Name.Name, got, want[fd.Name.Name])
		}
	}
	api := &API{WebhookSetups: []WebhookSetup{{Func: "SetupMemcachedWebhookWithManager", Registers: want["SetupMemcachedWebhookWithManager"]}}}
	if !api.RegistersType("example.com/op/api/cache/v1", "Memcached") || api.RegistersType("example.com/op/api/cache/v2", "Memcached") {
		t.Error("RegistersType does not tell the registered hub from another version")
	}
}

// TestConvertible: controller-runtime's builder serves a conversion from the types
// alone only with one Hub() and every other version converting itself; a kind one of
// whose versions a webhook setup registers is served by that setup, whichever version.
func TestConvertible(t *testing.T) {
	at := token.Position{Filename: "x.go", Line: 1}
	pkg := func(v string) *Package {
		return &Package{Path: "example.com/op/api/" + v, Group: "fleet.example.com", Version: v}
	}
	v1, v2, v3 := pkg("v1"), pkg("v2"), pkg("v3")
	hub := &Kind{Package: v2, Name: "Crate", Hub: at}
	spoke := &Kind{Package: v1, Name: "Crate", Spoke: at}
	bare := &Kind{Package: v3, Name: "Crate"}
	secondHub := &Kind{Package: v3, Name: "Crate", Hub: at}
	for _, c := range []struct {
		name   string
		spokes []*Kind
		want   bool
	}{
		{"hub and spoke", []*Kind{spoke}, true},
		{"a version that does not convert", []*Kind{spoke, bare}, false},
		{"a second hub", []*Kind{spoke, secondHub}, false},
	} {
		if got := (&Conversion{Hub: hub, Spokes: c.spokes}).Convertible(); got != c.want {
			t.Errorf("%s: Convertible() = %t, want %t", c.name, got, c.want)
		}
	}
	v1.Kinds, v2.Kinds = []*Kind{spoke}, []*Kind{hub}
	api := &API{Packages: []*Package{v1, v2}, WebhookSetups: []WebhookSetup{{Registers: []string{"example.com/op/api/v1.Crate"}}}}
	if !api.RegistersKind("fleet.example.com", "Crate") {
		t.Error("a setup registering the spoke v1 does not count as registering Crate")
	}
	if api.RegistersKind("fleet.example.com", "Ship") || api.RegistersKind("other.example.com", "Crate") {
		t.Error("RegistersKind answers for a kind no setup registers")
	}
}
