package conversion

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestSerialized: a conversion carries the fields encoding/json writes, and leaves
// alone the unexported ones (which the other version's package could not set, and
// which never reach the API server even with a json tag) and those tagged json:"-".
func TestSerialized(t *testing.T) {
	src := `package v1
type Inline struct{ A string }
type S struct {
	Inline ` + "`json:\",inline\"`" + `
	Name     string ` + "`json:\"name\"`" + `
	cache    string ` + "`json:\"cache,omitempty\"`" + `
	Skipped  string ` + "`json:\"-\"`" + `
	Dash     string ` + "`json:\"-,\"`" + `
	Untagged int
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "s.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("v1", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := pkg.Scope().Lookup("S").Type().Underlying().(*types.Struct)
	want := map[string]bool{"Inline": true, "Name": true, "cache": false, "Skipped": false, "Dash": true, "Untagged": true}
	for i := 0; i < st.NumFields(); i++ {
		name := st.Field(i).Name()
		if got := serialized(st, i); got != want[name] {
			t.Errorf("serialized(%s) = %v, want %v", name, got, want[name])
		}
	}
}
