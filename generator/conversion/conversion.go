package conversion

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"reflect"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// Generator is the conversion generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "conversion" }

// Claims implements contract.Generator: the two files in every API package.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	var out []artifact.Claim
	for _, p := range ctx.API.Packages {
		if ctx.Scope[p.Path] {
			out = append(out, artifact.Claim{Dir: ctx.Rel(p.Dir), Match: naming.ConversionFiles})
		}
	}
	return out
}

// Hook is a function the user writes for a field with no match on the other side.
type Hook struct {
	// Package is the spoke's directory, relative to the module root.
	Dir  string
	Name string
	// InType and OutType are its parameters' types: "*T" and "*<hub alias>.T", or the
	// other way round for a FromHub function.
	InType, OutType string
	// Field is the field's Go path from the kind ("Spec.Size"), Lacks the version that
	// has no field of that name and type (the hub for a ToHub function).
	Field, Lacks string
	// Suggestion is a body for a rename: one unmatched field of each side, same type.
	Suggestion string

	at token.Position // the spoke's ConvertTo, for the diagnostic
}

// Check implements contract.Checker: a function the generated conversion would call
// for a field it cannot match (one added, or whose type changed, since the spoke's
// functions were written) and that no file of the spoke declares is an error naming
// the function to write, rather than a conversion that does not compile. opgen create
// webhook, about to scaffold them, lists them instead (ListMissingHooks).
func (Generator) Check(ctx *contract.Context) diag.Diagnostics {
	if ctx.ListMissingHooks {
		return nil
	}
	var ds diag.Diagnostics
	for _, h := range MissingHooks(ctx.API, ctx.Rel) {
		ds.Errorf(h.at, "the generated conversion calls %s for %s, which %s has under no field of that name and type, and no file of this package declares it: add func %s(in %s, out %s) error", h.Name, h.Field, h.Lacks, h.Name, h.InType, h.OutType)
	}
	return ds
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, c := range ctx.API.Conversions() {
		for _, s := range c.Spokes {
			if !ctx.Scope[s.Package.Path] || !s.GeneratedConversion {
				continue
			}
			p := plan(c.Hub, s)
			src, err := p.file(ctx)
			if err != nil {
				return nil, fmt.Errorf("%s of %s: %w", naming.ConversionFile, s.Package.Path, err)
			}
			dir := ctx.Rel(s.Package.Dir)
			files = append(files, artifact.File{Path: path.Join(dir, naming.ConversionFile), Content: src})
			test, err := p.test(ctx)
			if err != nil {
				return nil, fmt.Errorf("%s of %s: %w", naming.ConversionTestFile, s.Package.Path, err)
			}
			files = append(files, artifact.File{Path: path.Join(dir, naming.ConversionTestFile), Content: test})
		}
	}
	return files, nil
}

// MissingHooks returns the hooks the spokes' generated code calls that no file of the
// spoke's package declares yet, in order.
func MissingHooks(api *model.API, rel func(string) string) []Hook {
	var out []Hook
	for _, c := range api.Conversions() {
		for _, s := range c.Spokes {
			if !s.GeneratedConversion {
				continue
			}
			declared := map[string]bool{}
			for _, f := range s.Package.Loaded.Syntax {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
						declared[fd.Name.Name] = true
					}
				}
			}
			for _, h := range plan(c.Hub, s).hooks {
				if !declared[h.Name] {
					h.Dir, h.at = rel(s.Package.Dir), s.Spoke
					out = append(out, h)
				}
			}
		}
	}
	return out
}

// conv is the analysis of one hub and spoke.
type conv struct {
	hub, spoke *model.Kind
	alias      string // the hub package's import name in the spoke's files
	pairs      []pair // struct pairs to convert, the kind first
	seen       map[string]bool
	hooks      []Hook
	// hooked holds the names of hooks: the one decision, made by fields, of which
	// fields the generated code converts and which it leaves to the user.
	hooked map[string]bool
}

// pair is a struct type both versions declare under one name.
type pair struct {
	name       string // the Go type name
	spoke, hub *types.Struct
	fieldPath  string // from the kind, for hook docs: "Spec"
}

func plan(hub, spoke *model.Kind) *conv {
	c := &conv{hub: hub, spoke: spoke, alias: hub.Package.Alias, seen: map[string]bool{}, hooked: map[string]bool{}}
	c.add(spoke.Name, "")
	for i := 0; i < len(c.pairs); i++ {
		p := c.pairs[i]
		c.fields(p, true)
		c.fields(p, false)
	}
	return c
}

// add queues the struct pair of name, when both packages declare it as a struct.
func (c *conv) add(name, fieldPath string) bool {
	if c.seen[name] {
		return true
	}
	s, h := localStruct(c.spoke.Package.Loaded.Types, name), localStruct(c.hub.Package.Loaded.Types, name)
	if s == nil || h == nil {
		return false
	}
	c.seen[name] = true
	c.pairs = append(c.pairs, pair{name: name, spoke: s, hub: h, fieldPath: fieldPath})
	return true
}

func localStruct(pkg *types.Package, name string) *types.Struct {
	if pkg == nil {
		return nil
	}
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return nil
	}
	st, _ := obj.Type().Underlying().(*types.Struct)
	return st
}

// fields records, for one direction, the hooks of the fields without a match.
func (c *conv) fields(p pair, toHub bool) {
	from, to := p.spoke, p.hub
	if !toHub {
		from, to = p.hub, p.spoke
	}
	var unmatchedFrom, unmatchedTo []*types.Var
	for i := 0; i < from.NumFields(); i++ {
		f := from.Field(i)
		if isTypeMeta(f.Type()) || !serialized(from, i) {
			continue
		}
		other := fieldNamed(to, f.Name())
		if other == nil || !c.convertible(f.Type(), other.Type(), joinPath(p.fieldPath, f.Name())) {
			unmatchedFrom = append(unmatchedFrom, f)
		}
	}
	for i := 0; i < to.NumFields(); i++ {
		f := to.Field(i)
		if other := fieldNamed(from, f.Name()); isTypeMeta(f.Type()) || !serialized(to, i) || other != nil && c.convertible(other.Type(), f.Type(), "") {
			continue
		}
		unmatchedTo = append(unmatchedTo, f)
	}
	for _, f := range unmatchedFrom {
		h := Hook{Name: naming.ConversionHook(p.name, f.Name(), toHub), Field: joinPath(p.fieldPath, f.Name()), Lacks: c.hub.Package.Version}
		h.InType, h.OutType = "*"+p.name, "*"+c.alias+"."+p.name
		if !toHub {
			h.InType, h.OutType = h.OutType, h.InType
			h.Lacks = c.spoke.Package.Version
		}
		// A rename: the only unmatched field of each side, of the same type.
		if len(unmatchedFrom) == 1 && len(unmatchedTo) == 1 && types.Identical(f.Type(), unmatchedTo[0].Type()) {
			h.Suggestion = fmt.Sprintf("out.%s = in.%s", unmatchedTo[0].Name(), f.Name())
		}
		c.hooks = append(c.hooks, h)
		c.hooked[h.Name] = true
	}
}

func joinPath(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func fieldNamed(st *types.Struct, name string) *types.Var {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// serialized reports whether field i of st reaches the API server: encoding/json
// writes exported fields only, and none tagged json:"-". A field that is not
// serialized holds nothing a conversion could carry between versions, and an
// unexported one cannot even be set in the other version's package, so conversions
// leave such fields alone.
func serialized(st *types.Struct, i int) bool {
	f := st.Field(i)
	if !f.Exported() && !f.Embedded() {
		return false
	}
	tag := reflect.StructTag(st.Tag(i)).Get("json")
	return tag != "-" // "-," names a field "-"
}

func isTypeMeta(t types.Type) bool { return model.IsNamed(t, model.MetaV1, "TypeMeta") }

// local returns the name of t when it is a type declared in the spoke's or the hub's
// package.
func (c *conv) local(t types.Type) (string, bool) {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	p := n.Obj().Pkg().Path()
	return n.Obj().Name(), p == c.spoke.Package.Path || p == c.hub.Package.Path
}

// convertible reports whether a field of type s (one side) converts to type h (the
// other) without the user, queueing the struct pairs it needs; fieldPath names the
// field for them.
func (c *conv) convertible(s, h types.Type, fieldPath string) bool {
	switch st := s.(type) {
	case *types.Pointer:
		ht, ok := h.(*types.Pointer)
		return ok && c.convertible(st.Elem(), ht.Elem(), fieldPath)
	case *types.Slice:
		ht, ok := h.(*types.Slice)
		return ok && c.convertible(st.Elem(), ht.Elem(), fieldPath)
	case *types.Map:
		ht, ok := h.(*types.Map)
		return ok && types.Identical(st.Key(), ht.Key()) && c.convertible(st.Elem(), ht.Elem(), fieldPath)
	}
	sn, sLocal := c.local(s)
	hn, hLocal := c.local(h)
	switch {
	case !sLocal && !hLocal:
		return types.Identical(s, h)
	case sLocal && hLocal && sn == hn:
		if _, isStruct := s.Underlying().(*types.Struct); isStruct {
			return c.add(sn, fieldPath)
		}
		return types.Identical(s.Underlying(), h.Underlying())
	case sLocal || hLocal:
		return false
	}
	return false
}
