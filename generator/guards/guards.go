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

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/internal/gocmd"
	"github.com/opgen-dev/opgen/naming"
)

//go:embed source/reconcile.go source/status.go source/finalizer.go source/clientlimits.go source/owned.go source/memory.go source/managedfields.go source/external.go source/condition.go source/metrics.go
var source embed.FS

// Generator writes the shared runtime.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "guards" }

// Claims implements contract.Generator: the runtime in the controller package, in each
// package a status writer goes to, and wherever opgen wrote it before.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	var out []artifact.Claim
	for _, dir := range ctx.GeneratedDirs(naming.RuntimeFile, ctx.Controller.Dir) {
		out = append(out, artifact.Claim{Dir: dir, Match: naming.RuntimeFile})
	}
	for _, p := range writerPackages(ctx) {
		out = append(out, artifact.Claim{Dir: p.Dir, Match: naming.RuntimeFile})
	}
	return out
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	if parts := InUse(ctx); len(parts) > 0 {
		src, err := Assemble(ctx.GoHeader(), ctx.Controller.Name, parts)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, naming.RuntimeFile), Content: src})
	}
	// A package other than the controller package that holds a status writer gets the
	// parts a writer calls (its metrics included: a second registration finds the first).
	for _, p := range writerPackages(ctx) {
		src, err := Assemble(ctx.GoHeader(), p.Name, []symbols.Part{symbols.Status, symbols.Memory, symbols.Metrics})
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(p.Dir, naming.RuntimeFile), Content: src})
	}
	return files, nil
}

// writerPackages are the packages other than the controller package that a status
// writer goes to, once each, in order.
func writerPackages(ctx *contract.Context) []contract.GoPackage {
	seen := map[string]bool{ctx.Controller.Dir: true}
	var out []contract.GoPackage
	for _, k := range ctx.API.StatusOwners() {
		for _, p := range ctx.WriterPackages(k) {
			if !seen[p.Dir] {
				seen[p.Dir] = true
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out
}

// InUse returns the parts of the runtime a run needs in the controller package, in
// emission order: those the generated code there calls, and those whose exported names the user's own files of the
// controller package use (a scaffolded reconciler file returns an Outcome), so that no
// file of the user's ever loses a name it compiles against.
func InUse(ctx *contract.Context) []symbols.Part {
	use := map[symbols.Part]bool{}
	for _, k := range ctx.API.StatusOwners() {
		for _, p := range ctx.WriterPackages(k) {
			// A writer that goes to another package takes its parts there.
			use[symbols.Status] = use[symbols.Status] || p.Dir == ctx.Controller.Dir
		}
	}
	if len(ctx.API.External) > 0 {
		use[symbols.External] = true
	}
	for _, k := range ctx.API.External {
		use[symbols.Condition] = use[symbols.Condition] || k.OwnCondition != ""
	}
	for _, k := range ctx.API.Controllers() {
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
	if use[symbols.Status] || use[symbols.Owned] || use[symbols.Condition] {
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
	std := func(s spec) bool { return gocmd.IsStd(s.path) }
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
