package conversion

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/naming"
)

// file renders zz_generated.conversion.go of the spoke.
func (c *conv) file(ctx *contract.Context) *jen.File {
	f := jen.NewFilePathName(c.spoke.Package.Path, c.spoke.Package.Name)
	ctx.HeaderComments(f)
	f.ImportAlias(c.hub.Package.Path, c.alias)
	for _, p := range c.pairs {
		for _, toHub := range []bool{true, false} {
			c.pairFunc(f, p, toHub)
		}
	}
	return f
}

// pairFunc emits the conversion of one struct pair in one direction.
func (c *conv) pairFunc(f *jen.File, p pair, toHub bool) {
	from, to := p.spoke, p.hub
	inT, outT := jen.Op("*").Id(p.name), jen.Op("*").Qual(c.hub.Package.Path, p.name)
	fromV, toV := c.spoke.Package.Version, c.hub.Package.Version
	if !toHub {
		from, to = to, from
		inT, outT = outT, inT
		fromV, toV = toV, fromV
	}
	name := naming.ConvertFunc(p.name, toHub)
	f.Commentf("%s converts the fields of %s %s that %s has under the same name and type.", name, fromV, p.name, toV)
	var body []jen.Code
	for i := 0; i < from.NumFields(); i++ {
		fld := from.Field(i)
		if isTypeMeta(fld.Type()) {
			continue
		}
		hook := naming.ConversionHook(p.name, fld.Name(), toHub)
		if !c.hooked[hook] {
			other := fieldNamed(to, fld.Name())
			body = append(body, c.assign(jen.Id("in").Dot(fld.Name()), jen.Id("out").Dot(fld.Name()), fld.Type(), other.Type(), toHub, 0)...)
			continue
		}
		body = append(body,
			jen.Commentf("%s.%s has no field of that name and type in %s: %s, yours, converts it.", p.name, fld.Name(), toV, hook),
			jen.If(jen.Err().Op(":=").Id(hook).Call(jen.Id("in"), jen.Id("out")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Func().Id(name).Params(jen.Id("in").Add(inT), jen.Id("out").Add(outT)).Error().Block(body...)
	f.Line()
}

// assign emits out = in for a field that converts without the user.
func (c *conv) assign(in, out *jen.Statement, from, to types.Type, toHub bool, depth int) []jen.Code {
	switch ft := from.(type) {
	case *types.Pointer:
		tt := to.(*types.Pointer)
		v := jen.Id(fmt.Sprintf("p%d", depth))
		return []jen.Code{jen.If(in.Clone().Op("!=").Nil()).Block(append([]jen.Code{
			jen.Add(v).Op(":=").New(c.typeCode(tt.Elem(), toHub)),
		}, append(c.assign(jen.Op("*").Add(in.Clone()), jen.Op("*").Add(v.Clone()), ft.Elem(), tt.Elem(), toHub, depth+1),
			jen.Add(out).Op("=").Add(v))...)...)}
	case *types.Slice:
		tt := to.(*types.Slice)
		if types.Identical(ft, tt) {
			break
		}
		i := jen.Id(fmt.Sprintf("i%d", depth))
		return []jen.Code{jen.If(in.Clone().Op("!=").Nil()).Block(
			out.Clone().Op("=").Make(c.typeCode(tt, toHub), jen.Len(in.Clone())),
			jen.For(i.Clone().Op(":=").Range().Add(in.Clone())).Block(
				c.assign(in.Clone().Index(i.Clone()), out.Clone().Index(i.Clone()), ft.Elem(), tt.Elem(), toHub, depth+1)...),
		)}
	case *types.Map:
		tt := to.(*types.Map)
		if types.Identical(ft, tt) {
			break
		}
		k, v, o := jen.Id(fmt.Sprintf("k%d", depth)), jen.Id(fmt.Sprintf("v%d", depth)), jen.Id(fmt.Sprintf("o%d", depth))
		return []jen.Code{jen.If(in.Clone().Op("!=").Nil()).Block(
			out.Clone().Op("=").Make(c.typeCode(tt, toHub), jen.Len(in.Clone())),
			jen.For(jen.List(k.Clone(), v.Clone()).Op(":=").Range().Add(in.Clone())).Block(append(append([]jen.Code{
				jen.Var().Add(o.Clone()).Add(c.typeCode(tt.Elem(), toHub))},
				c.assign(v.Clone(), o.Clone(), ft.Elem(), tt.Elem(), toHub, depth+1)...),
				out.Clone().Index(k.Clone()).Op("=").Add(o.Clone()))...),
		)}
	}
	if types.Identical(from, to) {
		return []jen.Code{out.Op("=").Add(in)}
	}
	name, _ := c.local(from)
	if _, isStruct := from.Underlying().(*types.Struct); isStruct {
		return []jen.Code{jen.If(jen.Err().Op(":=").Id(naming.ConvertFunc(name, toHub)).Call(jen.Op("&").Add(in), jen.Op("&").Add(out)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
	}
	return []jen.Code{out.Op("=").Add(c.typeCode(to, toHub)).Parens(in)}
}

// typeCode renders t, a type of the destination side.
func (c *conv) typeCode(t types.Type, toHub bool) jen.Code {
	switch tt := t.(type) {
	case *types.Pointer:
		return jen.Op("*").Add(c.typeCode(tt.Elem(), toHub))
	case *types.Slice:
		return jen.Index().Add(c.typeCode(tt.Elem(), toHub))
	case *types.Map:
		return jen.Map(c.typeCode(tt.Key(), toHub)).Add(c.typeCode(tt.Elem(), toHub))
	case *types.Array:
		return jen.Index(jen.Lit(int(tt.Len()))).Add(c.typeCode(tt.Elem(), toHub))
	case *types.Named:
		if tt.Obj().Pkg() == nil {
			return jen.Id(tt.Obj().Name())
		}
		return jen.Qual(tt.Obj().Pkg().Path(), tt.Obj().Name())
	case *types.Basic:
		return jen.Id(tt.Name())
	}
	return jen.Id(types.TypeString(t, func(p *types.Package) string { return p.Name() }))
}

// test renders zz_generated.conversion_test.go of the spoke: fuzzed round trips both
// ways, through the spoke's ConvertTo and ConvertFrom.
func (c *conv) test(ctx *contract.Context) *jen.File {
	f := jen.NewFilePathName(c.spoke.Package.Path, c.spoke.Package.Name)
	ctx.HeaderComments(f)
	f.ImportAlias(c.hub.Package.Path, c.alias)
	f.ImportName("sigs.k8s.io/randfill", "randfill")
	kind, hub := c.spoke.Name, jen.Qual(c.hub.Package.Path, c.spoke.Name)
	t := jen.Id("t")
	fill := func(v string) jen.Code {
		return jen.Id("fill").Dot("Fill").Call(jen.Op("&").Id(v))
	}
	same := func(a, b string, what string) jen.Code {
		return jen.If(jen.Op("!").Qual("k8s.io/apimachinery/pkg/api/equality", "Semantic").Dot("DeepEqual").Call(jen.Id(a), jen.Id(b))).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit(what+" changed it (seed %d, object %d): a field is lost or altered; a conversion function may forget it\nspec before: %+v\nspec after:  %+v\nstatus before: %+v\nstatus after:  %+v"),
				jen.Id("seed"), jen.Id("i"), jen.Id(a).Dot("Spec"), jen.Id(b).Dot("Spec"), jen.Id(a).Dot("Status"), jen.Id(b).Dot("Status")),
		)
	}
	f.Commentf("%s converts fuzzed objects %s → %s → %s and %s → %s → %s and", naming.For(kind).RoundTripTest(), c.spoke.Package.Version, c.hub.Package.Version, c.spoke.Package.Version, c.hub.Package.Version, c.spoke.Package.Version, c.hub.Package.Version)
	f.Comment("requires each unchanged (apiVersion and kind aside, which the webhook sets).")
	f.Func().Id(naming.For(kind).RoundTripTest()).Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
		jen.Const().Id("seed").Op("=").Lit(1),
		jen.Id("fill").Op(":=").Qual("sigs.k8s.io/randfill", "NewWithSeed").Call(jen.Id("seed")).Dot("NilChance").Call(jen.Lit(0.2)).Dot("NumElements").Call(jen.Lit(0), jen.Lit(3)),
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Lit(200), jen.Id("i").Op("++")).Block(
			jen.Var().Id("spoke").Id(kind), fill("spoke"),
			jen.Id("spoke").Dot("TypeMeta").Op("=").Qual("k8s.io/apimachinery/pkg/apis/meta/v1", "TypeMeta").Values(),
			jen.Var().Id("viaHub").Add(hub.Clone()),
			jen.If(jen.Err().Op(":=").Id("spoke").Dot("ConvertTo").Call(jen.Op("&").Id("viaHub")), jen.Err().Op("!=").Nil()).Block(t.Clone().Dot("Fatal").Call(jen.Err())),
			jen.Var().Id("back").Id(kind),
			jen.If(jen.Err().Op(":=").Id("back").Dot("ConvertFrom").Call(jen.Op("&").Id("viaHub")), jen.Err().Op("!=").Nil()).Block(t.Clone().Dot("Fatal").Call(jen.Err())),
			same("spoke", "back", c.spoke.Package.Version+" → "+c.hub.Package.Version+" → "+c.spoke.Package.Version),

			jen.Var().Id("hub").Add(hub.Clone()), fill("hub"),
			jen.Id("hub").Dot("TypeMeta").Op("=").Qual("k8s.io/apimachinery/pkg/apis/meta/v1", "TypeMeta").Values(),
			jen.Var().Id("viaSpoke").Id(kind),
			jen.If(jen.Err().Op(":=").Id("viaSpoke").Dot("ConvertFrom").Call(jen.Op("&").Id("hub")), jen.Err().Op("!=").Nil()).Block(t.Clone().Dot("Fatal").Call(jen.Err())),
			jen.Var().Id("hubBack").Add(hub.Clone()),
			jen.If(jen.Err().Op(":=").Id("viaSpoke").Dot("ConvertTo").Call(jen.Op("&").Id("hubBack")), jen.Err().Op("!=").Nil()).Block(t.Clone().Dot("Fatal").Call(jen.Err())),
			same("hub", "hubBack", c.hub.Package.Version+" → "+c.spoke.Package.Version+" → "+c.hub.Package.Version),
		),
	)
	return f
}
