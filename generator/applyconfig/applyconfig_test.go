package applyconfig

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
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
		src := "package p\n\nvar v = " + rawString(s) + "\n"
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, src)
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
