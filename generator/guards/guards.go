package guards

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/naming"
)

//go:embed source/reconcile.go source/status.go source/finalizer.go source/clientlimits.go source/owned.go source/memory.go source/managedfields.go source/metrics.go
var source embed.FS

// Generator writes the shared runtime.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "guards" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.RuntimeFile}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	parts := InUse(ctx)
	if len(parts) == 0 {
		return nil, nil
	}
	src, err := Assemble(ctx.GoHeader(), ctx.Controller.Name, parts)
	if err != nil {
		return nil, err
	}
	return []artifact.File{{Path: path.Join(ctx.Controller.Dir, naming.RuntimeFile), Content: src}}, nil
}

// InUse returns the parts of the runtime a run needs, in emission order: those the
// generated code calls, and those whose exported names the user's own files of the
// controller package use (a scaffolded reconciler file returns an Outcome), so that no
// file of the user's ever loses a name it compiles against.
func InUse(ctx *contract.Context) []symbols.Part {
	use := map[symbols.Part]bool{}
	if len(ctx.API.StatusOwners()) > 0 {
		use[symbols.Status] = true
	}
	for _, k := range ctx.API.Reconciled() {
		use[symbols.Reconcile] = true
		if k.Finalizer != "" {
			use[symbols.Finalizer] = true
		}
		if len(k.Owns) > 0 {
			use[symbols.Owned] = true
		}
	}
	if ctx.Wired {
		// The wiring's CacheOptions installs the managedFields transform.
		use[symbols.ClientLimits] = true
		use[symbols.ManagedFields] = true
	}
	exported := symbols.Exported()
	for _, f := range ctx.Controller.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				ast.Inspect(n.X, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if p, ok := exported[id.Name]; ok {
							use[p] = true
						}
					}
					return true
				})
				return false // n.Sel is a field or a package member, not ours
			case *ast.Ident:
				if p, ok := exported[n.Name]; ok {
					use[p] = true
				}
			}
			return true
		})
	}
	// Both the status writer and the gated apply recall their last write, and count
	// what they decide.
	if use[symbols.Status] || use[symbols.Owned] {
		use[symbols.Memory] = true
		use[symbols.Metrics] = true
	}
	var out []symbols.Part
	for _, p := range symbols.Parts {
		if use[p] {
			out = append(out, p)
		}
	}
	return out
}

// Assemble builds the runtime file for a package from the parts' source: the header,
// the package clause, the union of the parts' imports, and their declarations in
// order, verbatim.
func Assemble(header, pkg string, parts []symbols.Part) ([]byte, error) {
	type spec struct{ name, path string }
	imports := map[spec]bool{}
	var bodies [][]byte
	fset := token.NewFileSet()
	for _, p := range parts {
		name := "source/" + string(p) + ".go"
		src, err := source.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("runtime part %s: %w", p, err)
		}
		end := f.Name.End()
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			s := spec{path: ip}
			if imp.Name != nil {
				s.name = imp.Name.Name
			}
			imports[s] = true
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				end = gd.End()
			}
		}
		bodies = append(bodies, bytes.TrimSpace(src[fset.Position(end).Offset:]))
	}
	list := make([]spec, 0, len(imports))
	for s := range imports {
		list = append(list, s)
	}
	// The standard library first, then the rest, as goimports groups them.
	std := func(s spec) bool {
		first, _, _ := strings.Cut(s.path, "/")
		return !strings.Contains(first, ".")
	}
	sort.Slice(list, func(i, j int) bool {
		if std(list[i]) != std(list[j]) {
			return std(list[i])
		}
		return list[i].path < list[j].path
	})
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\npackage %s\n\nimport (\n", header, pkg)
	for i, s := range list {
		if i > 0 && std(list[i-1]) && !std(s) {
			b.WriteString("\n")
		}
		if s.name != "" {
			b.WriteString(s.name + " ")
		}
		b.WriteString(strconv.Quote(s.path) + "\n")
	}
	b.WriteString(")\n")
	for _, body := range bodies {
		b.WriteString("\n")
		b.Write(body)
		b.WriteString("\n")
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("assembling the runtime: %w", err)
	}
	return out, nil
}
