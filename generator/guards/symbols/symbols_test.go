package symbols

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTableMatchesSource: every name of the table is declared at the top level of its
// part's file in generator/guards/source, and every top-level name there is in the
// table. A generator that emits a name the runtime lacks, or a part that would be
// emitted without a name it needs, fails here.
func TestTableMatchesSource(t *testing.T) {
	declared := map[string]Part{}
	fset := token.NewFileSet()
	for _, p := range Parts {
		file := filepath.Join("..", "source", string(p)+".go")
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = p
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declared[s.Name.Name] = p
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name] = p
						}
					}
				}
			}
		}
	}
	for name, part := range PartOf {
		if got, ok := declared[name]; !ok || got != part {
			t.Errorf("%s: the table says part %s; the source declares it in %q", name, part, got)
		}
	}
	for name, part := range declared {
		if _, ok := PartOf[name]; !ok {
			t.Errorf("%s (part %s) is declared in the source but not in the table", name, part)
		}
	}
}

// TestCalledIsTheTable: each field of Called holds a name of the runtime, and the
// name of its own field (a template's {{ .R.Now }} is now, never another name).
func TestCalledIsTheTable(t *testing.T) {
	v := reflect.ValueOf(Called)
	for i := 0; i < v.NumField(); i++ {
		field, name := v.Type().Field(i).Name, v.Field(i).String()
		if _, ok := PartOf[name]; !ok {
			t.Errorf("Called.%s = %q, which the runtime does not declare", field, name)
		}
		if !strings.EqualFold(field, name) {
			t.Errorf("Called.%s = %q: a field holds the name it is called", field, name)
		}
	}
}
