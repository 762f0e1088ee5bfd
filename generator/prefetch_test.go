package generator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestBlankBodies(t *testing.T) {
	src := `package p

import "fmt"

type T struct{ A int }

func (t *T) M(x struct{ B int }) interface{ N() } {
	if x.B > 0 {
		fmt.Println("{")
	}
	return nil
}

func F() map[string]struct{} { return map[string]struct{}{"a": {}} }

var V = func() int {
	return 1
}()

func Asm() int

func G[T any](v T) T {
	return v
}
`
	out := string(blankBodies([]byte(src)))
	if len(out) != len(src) || strings.Count(out, "\n") != strings.Count(src, "\n") {
		t.Fatal("blanking moved positions")
	}
	for _, gone := range []string{"fmt.Println", "return nil", "return map", "return 1", "return v"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q survived:\n%s", gone, out)
		}
	}
	for _, kept := range []string{"type T struct{ A int }", "func (t *T) M(x struct{ B int }) interface{ N() } {", "func F() map[string]struct{} {", "func Asm() int", "func G[T any](v T) T {"} {
		if !strings.Contains(out, kept) {
			t.Errorf("%q was blanked:\n%s", kept, out)
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", out, 0)
	if err != nil {
		t.Fatalf("blanked source does not parse: %v\n%s", err, out)
	}
	var funcs int
	for _, d := range f.Decls {
		if _, ok := d.(*ast.FuncDecl); ok {
			funcs++
		}
	}
	if funcs != 4 {
		t.Fatalf("%d functions after blanking, want 4", funcs)
	}
}
