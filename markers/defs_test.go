package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"
)

// TestDefsNameEveryConstant holds the table and the Name constants equal, both ways:
// a constant without a Def would be a marker no scan can produce, a Def without a
// constant one that code can only name by a string.
func TestDefsNameEveryConstant(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "defs.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var constants []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Name" {
				for _, n := range vs.Names {
					constants = append(constants, n.Name)
				}
			}
		}
	}
	if len(constants) != len(Defs) {
		t.Fatalf("%d Name constants (%v), %d Defs", len(constants), constants, len(Defs))
	}
	seen := map[Name]bool{}
	for _, d := range Defs {
		if seen[d.Name] {
			t.Errorf("two Defs named %s", d.Name)
		}
		seen[d.Name] = true
		if d.Name.Def() != d {
			t.Errorf("%s.Def() is not its Def", d.Name)
		}
	}
}

// TestDecodedTypes checks that every Def's example decodes to the one type the Def
// promises, and that the typed values carry what the example says.
func TestDecodedTypes(t *testing.T) {
	want := map[Name]any{
		StatusOwner:        FieldManager("memcached-operator"),
		ObservedGeneration: Present{},
		Reconciler:         ReconcilerArgs{MaxConcurrentReconciles: 2},
		Owns:               GVK{Group: "apps", Version: "v1", Kind: "Deployment"},
		WatchLabels:        Keys{"app.kubernetes.io/version", "example.com/tier"},
		WatchAnnotations:   Keys{"example.com/pause"},
		Finalizer:          FinalizerName("cache.example.com/cleanup"),
		CacheSelector:      Selector("example.com/shard in (a,b)"),
		Volatile:           Present{},
		For:                GVK{Group: "apps", Version: "v1", Kind: "Deployment"},
		ForPackage:         ImportPath("github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1"),
		SelectLabels:       LabelSelector("example.com/managed=true"),
		SelectAnnotation:   AnnotationSelector{Key: "example.com/config"},
		OwnCondition:       ConditionType("example.com/BundleReady"),
		Client:             ClientArgs{QPS: 50, Burst: 100},
	}
	for _, d := range Defs {
		tag, serr := Parse(d.Example)
		if serr != nil {
			t.Fatalf("%s: example %q: %v", d.Name, d.Example, serr)
		}
		def, probs := Check(tag)
		if def != d || len(probs) > 0 {
			t.Fatalf("%s: example %q: %v", d.Name, d.Example, probs)
		}
		got := d.decode(tag)
		if !reflect.DeepEqual(got, want[d.Name]) {
			t.Errorf("%s decodes %q to %#v, want %#v", d.Name, d.Example, got, want[d.Name])
		}
	}
	if len(want) != len(Defs) {
		t.Errorf("the test knows %d markers, the table has %d", len(want), len(Defs))
	}
}

func TestGetPanicsOnTheWrongType(t *testing.T) {
	m := Marker{Def: StatusOwner.Def(), Parsed: FieldManager("x")}
	if got := Get[FieldManager](m); got != "x" {
		t.Fatalf("Get = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Get with the wrong type did not panic")
		}
	}()
	_ = Get[Keys](m)
}
