package vet_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoBuiltinPrint fails on a call of the built-in print or println in the
// analyzers' code: a debugging line left behind writes to every user's stderr.
func TestNoBuiltinPrint(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// An unresolved identifier (no declaration in the file's scope) named so is
			// the built-in.
			if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "println" || id.Name == "print") && id.Obj == nil {
				t.Errorf("%s: a call of the built-in %s", fset.Position(call.Pos()), id.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
