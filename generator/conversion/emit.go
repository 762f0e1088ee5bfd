package conversion

import (
	"embed"
	"fmt"
	"go/types"
	"strings"

	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/naming"
)

//go:embed *.go.tmpl
var templates embed.FS

var tmpl = gotmpl.MustParse(templates, "*.go.tmpl")

// convFile is what conversion.go.tmpl is filled with.
type convFile struct {
	Package string
	Funcs   []convFunc
	Imports gotmpl.Imports
}

// convFunc converts one struct pair in one direction.
type convFunc struct {
	// Name converts Type of version From to To; In and Out are its parameters' types.
	Name, Type, From, To, In, Out string
	Fields                        []convField
}

// convField is one field of the source: Assign converts it, or Hook, the user's
// function, does.
type convField struct {
	Name, Assign, Hook string
}

// file renders zz_generated.conversion.go of the spoke.
func (c *conv) file(ctx *contract.Context) ([]byte, error) {
	f := &convFile{Package: c.spoke.Package.Name}
	hub := f.Imports.Add(c.alias, c.hub.Package.Path)
	for _, p := range c.pairs {
		for _, toHub := range []bool{true, false} {
			f.Funcs = append(f.Funcs, c.pairFunc(f, hub, p, toHub))
		}
	}
	return tmpl.File(ctx.GoHeader(), "conversion.go.tmpl", f)
}

// pairFunc is the conversion of one struct pair in one direction.
func (c *conv) pairFunc(f *convFile, hub string, p pair, toHub bool) convFunc {
	from, to := p.spoke, p.hub
	fn := convFunc{
		Name: naming.ConvertFunc(p.name, toHub), Type: p.name,
		From: c.spoke.Package.Version, To: c.hub.Package.Version,
		In: "*" + p.name, Out: "*" + hub + "." + p.name,
	}
	if !toHub {
		from, to = to, from
		fn.From, fn.To = fn.To, fn.From
		fn.In, fn.Out = fn.Out, fn.In
	}
	for i := 0; i < from.NumFields(); i++ {
		fld := from.Field(i)
		if isTypeMeta(fld.Type()) || !serialized(from, i) {
			continue
		}
		hook := naming.ConversionHook(p.name, fld.Name(), toHub)
		if c.hooked[hook] {
			fn.Fields = append(fn.Fields, convField{Name: fld.Name(), Hook: hook})
			continue
		}
		other := fieldNamed(to, fld.Name())
		a := assigner{c: c, f: f, toHub: toHub}
		fn.Fields = append(fn.Fields, convField{Name: fld.Name(), Assign: a.assign("in."+fld.Name(), "out."+fld.Name(), fld.Type(), other.Type(), 0)})
	}
	return fn
}

// assigner writes the statements that convert a field without the user: small
// snippets of Go, laid out by the template's gofmt.
type assigner struct {
	c     *conv
	f     *convFile
	toHub bool
}

// assign returns the statements that set out from in.
func (a assigner) assign(in, out string, from, to types.Type, depth int) string {
	switch ft := from.(type) {
	case *types.Pointer:
		tt := to.(*types.Pointer)
		v := fmt.Sprintf("p%d", depth)
		return fmt.Sprintf("if %s != nil {\n%s := new(%s)\n%s\n%s = %s\n}",
			in, v, a.typ(tt.Elem()), a.assign("*"+in, "*"+v, ft.Elem(), tt.Elem(), depth+1), out, v)
	case *types.Slice:
		tt := to.(*types.Slice)
		if types.Identical(ft, tt) {
			break
		}
		i := fmt.Sprintf("i%d", depth)
		return fmt.Sprintf("if %s != nil {\n%s = make(%s, len(%s))\nfor %s := range %s {\n%s\n}\n}",
			in, out, a.typ(tt), in, i, in, a.assign(index(in, i), index(out, i), ft.Elem(), tt.Elem(), depth+1))
	case *types.Map:
		tt := to.(*types.Map)
		if types.Identical(ft, tt) {
			break
		}
		k, v, o := fmt.Sprintf("k%d", depth), fmt.Sprintf("v%d", depth), fmt.Sprintf("o%d", depth)
		return fmt.Sprintf("if %s != nil {\n%s = make(%s, len(%s))\nfor %s, %s := range %s {\nvar %s %s\n%s\n%s = %s\n}\n}",
			in, out, a.typ(tt), in, k, v, in, o, a.typ(tt.Elem()), a.assign(v, o, ft.Elem(), tt.Elem(), depth+1), index(out, k), o)
	}
	if types.Identical(from, to) {
		return out + " = " + in
	}
	name, _ := a.c.local(from)
	if _, isStruct := from.Underlying().(*types.Struct); isStruct {
		return fmt.Sprintf("if err := %s(&%s, &%s); err != nil {\nreturn err\n}", naming.ConvertFunc(name, a.toHub), in, out)
	}
	return fmt.Sprintf("%s = %s(%s)", out, a.typ(to), in)
}

// index is x[i], x parenthesized when it is a dereference.
func index(x, i string) string {
	if strings.HasPrefix(x, "*") {
		x = "(" + x + ")"
	}
	return x + "[" + i + "]"
}

// typ spells t, a type of the destination side, importing what it names.
func (a assigner) typ(t types.Type) string {
	switch tt := t.(type) {
	case *types.Pointer:
		return "*" + a.typ(tt.Elem())
	case *types.Slice:
		return "[]" + a.typ(tt.Elem())
	case *types.Map:
		return "map[" + a.typ(tt.Key()) + "]" + a.typ(tt.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", tt.Len(), a.typ(tt.Elem()))
	case *types.Named:
		pkg := tt.Obj().Pkg()
		if pkg == nil || pkg.Path() == a.c.spoke.Package.Path {
			return tt.Obj().Name()
		}
		return a.f.Imports.Add(alias(a.c, pkg), pkg.Path()) + "." + tt.Obj().Name()
	case *types.Basic:
		return tt.Name()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// alias is the name a conversion file imports a package under: the hub's alias, the
// naming table's for the packages it names, else the package's path.
func alias(c *conv, pkg *types.Package) string {
	p := pkg.Path()
	switch {
	case p == c.hub.Package.Path:
		return c.alias
	case naming.Standard[p] != "":
		return naming.Standard[p]
	case strings.HasPrefix(p, "k8s.io/api/"):
		return naming.KubeAlias(p)
	case !strings.Contains(strings.Split(p, "/")[0], "."):
		return "" // the standard library, by its own name
	}
	return naming.PathAlias(p)
}

// test renders zz_generated.conversion_test.go of the spoke: fuzzed round trips both
// ways, through the spoke's ConvertTo and ConvertFrom.
func (c *conv) test(ctx *contract.Context) ([]byte, error) {
	return tmpl.File(ctx.GoHeader(), "conversion_test.go.tmpl", map[string]any{"Hub": c.hub, "Spoke": c.spoke})
}
