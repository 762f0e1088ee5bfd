package vet

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// mapImporter imports the packages it holds, and the standard library otherwise.
type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return importer.Default().Import(path)
}

// TestDropsCacheOldClientOptions: with a controller-runtime whose client.Options has
// no Cache field (before 0.15), client.New(config, options) builds a client without
// the cache whatever the options; with one that has it, only options.Cache = nil does.
func TestDropsCacheOldClientOptions(t *testing.T) {
	for _, c := range []struct {
		name, options, body string
		want                bool
	}{
		{"old options", "type Options struct{ Scheme int }", "return client.New(config, options)", true},
		{"new options", "type Options struct{ Scheme int; Cache *int }", "return client.New(config, options)", false},
		{"new options cleared", "type Options struct{ Scheme int; Cache *int }", "options.Cache = nil; return client.New(config, options)", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			check := func(path, src string, imp types.Importer) (*types.Package, *ast.File, *types.Info) {
				f, err := parser.ParseFile(fset, path+".go", src, 0)
				if err != nil {
					t.Fatal(err)
				}
				info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
				p, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, info)
				if err != nil {
					t.Fatal(err)
				}
				return p, f, info
			}
			clientPkg, _, _ := check("sigs.k8s.io/controller-runtime/pkg/client", "package client\n"+c.options+"\ntype Client interface{}\nfunc New(config *int, o Options) (Client, error) { return nil, nil }\n", mapImporter{})
			_, f, info := check("example.com/main", `package main
import "sigs.k8s.io/controller-runtime/pkg/client"
func setup() {
	newClient := func(_ *int, config *int, options client.Options) (client.Client, error) { `+c.body+` }
	_ = newClient
}
`, mapImporter{"sigs.k8s.io/controller-runtime/pkg/client": clientPkg})
			var use ast.Expr
			ast.Inspect(f, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
					use = as.Rhs[0]
				}
				return true
			})
			got := dropsCache(info, heldLiteral(info, f, use), func() map[string]funcDecl { return nil })
			if got != c.want {
				t.Errorf("dropsCache = %v, want %v", got, c.want)
			}
		})
	}
}
