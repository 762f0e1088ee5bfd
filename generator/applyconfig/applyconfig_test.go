package applyconfig

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestObjParam: the Extract functions' object parameter is the kind in lower camel
// case, as client-go names it, unless that would not compile.
func TestObjParam(t *testing.T) {
	for kind, want := range map[string]string{
		"Stage":         "stage",
		"CronJob":       "cronJob",
		"Type":          "obj", // a keyword
		"Func":          "obj",
		"Internal":      "obj", // the schema package the body calls
		"Managedfields": "obj",
		"B":             "obj", // the apply configuration being built
		"Err":           "obj",
	} {
		if got := objParam(kind); got != want {
			t.Errorf("objParam(%s) = %s, want %s", kind, got, want)
		}
	}
}

// TestRawString: the schema's literal holds the YAML byte for byte, backquotes too.
func TestRawString(t *testing.T) {
	for _, s := range []string{"types:\n- name: a\n", "default: `x`\n", "`", "a``b"} {
		f := jen.NewFile("p")
		f.Var().Id("v").Op("=").Add(rawString(s))
		var buf bytes.Buffer
		if err := f.Render(&buf); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", buf.Bytes(), 0)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, buf.Bytes())
		}
		got := ""
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				got += v
			}
			return true
		})
		if got != s {
			t.Errorf("rawString(%q) holds %q", s, got)
		}
	}
}
