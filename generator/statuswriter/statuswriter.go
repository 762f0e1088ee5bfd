package statuswriter

import (
	"fmt"
	"path"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

const (
	client   = "sigs.k8s.io/controller-runtime/pkg/client"
	equality = "k8s.io/apimachinery/pkg/api/equality"
)

// Generator is the status writer generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "statuswriter" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.Pattern.StatusFile()}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.StatusOwners() {
		f := ctx.NewControllerFile()
		writer(f, k)
		src, err := contract.Render(f, "status writer of "+k.Name)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.StatusFile()), Content: src})
	}
	return files, nil
}

func writer(f *jen.File, k *model.Kind) {
	api, ac := k.Package.Path, k.Package.ApplyConfigurationPath()
	kind, status := k.Name, k.StatusName()
	fm := k.Names.FieldManager()
	equal := k.Names.EqualStatus()
	conds := k.Status.ConditionsField() != nil

	f.Comment(fmt.Sprintf("%s is the field manager of %s status writes (+opguard:status-owner).", fm, kind))
	f.Const().Id(fm).Op("=").Lit(k.StatusOwner)
	f.Line()

	/* target shape:
	func ApplyFooStatus(ctx context.Context, c client.Client, obj *v1.Foo, desired v1.FooStatus) (bool, error) {
		want := desired.DeepCopy()
		want.ObservedGeneration = obj.Generation
		var owned v1.FooStatus
		live := obj.Status.Conditions
		if last, behind := recallWrite(obj.UID, obj.ResourceVersion).(*v1.FooStatus); behind {
			// The cache has not caught up with this writer's last apply: that status is what the server holds of its fields.
			owned = *last.DeepCopy()
			live = owned.Conditions
		} else if ok, err := ownedStatus(obj, FooFieldManager, obj.Status, &owned); err != nil { return false, err } else if !ok { owned = *obj.Status.DeepCopy() }
		prepareConditions(want.Conditions, live, obj.Generation, now())
		if equalFooStatus(&owned, want) { return false, nil }
		apply := v1ac.Foo(obj.Name, obj.Namespace).WithStatus(&v1ac.FooStatusApplyConfiguration{})
		if err := convert(want, apply.Status); err != nil { return false, err }
		base := obj.ResourceVersion
		if err := c.Status().Apply(ctx, apply, client.FieldOwner(FooFieldManager), client.ForceOwnership); err != nil { return false, err }
		var answer v1.Foo
		if err := convert(apply, &answer); err != nil { return true, err }
		obj.Status, obj.ResourceVersion, obj.ManagedFields = answer.Status, answer.ResourceVersion, answer.ManagedFields
		rememberWrite(obj.UID, base, answer.ResourceVersion, want)
		return true, nil
	}
	*/
	f.Comment(fmt.Sprintf("%s writes desired as obj's status with one Server-Side Apply, as", k.Names.StatusWriter()))
	f.Comment(fmt.Sprintf("%s, and only when it differs from the part of the live status that manager owns.", fm))
	f.Comment("It reports whether it wrote. No resourceVersion is sent, so a stale obj never gets a")
	f.Comment("409; fields other managers own are left alone, and a field this manager set before")
	f.Comment("and desired leaves empty is released. On success obj.Status holds the server's answer.")
	body := []jen.Code{jen.Id("want").Op(":=").Id("desired").Dot("DeepCopy").Call()}
	generation := jen.Lit(0)
	if k.ObservedGeneration {
		body = append(body, jen.Id("want").Dot("ObservedGeneration").Op("=").Id("obj").Dot("Generation"))
		generation = jen.Id("obj").Dot("Generation")
	}
	body = append(body, jen.Var().Id("owned").Qual(api, status))
	if conds {
		body = append(body, jen.Id("live").Op(":=").Id("obj").Dot("Status").Dot("Conditions"))
	}
	// While the cache has not caught up with the writer's last apply, the status it
	// applied stands for the live one: for the comparison, and for the conditions'
	// lastTransitionTime, which the stale object would otherwise give a fresh value.
	behind := []jen.Code{
		jen.Comment("The cache has not caught up with this writer's last apply: that status is what"),
		jen.Comment("the server holds of its fields."),
		jen.Id("owned").Op("=").Op("*").Id("last").Dot("DeepCopy").Call(),
	}
	if conds {
		behind = append(behind, jen.Id("live").Op("=").Id("owned").Dot("Conditions"))
	}
	body = append(body,
		jen.If(jen.List(jen.Id("last"), jen.Id("behind")).Op(":=").Id(symbols.RecallWrite).Call(jen.Id("obj").Dot("UID"), jen.Id("obj").Dot("ResourceVersion")).Assert(jen.Op("*").Qual(api, status)), jen.Id("behind")).Block(
			behind...,
		).Else().If(jen.List(jen.Id("ok"), jen.Err()).Op(":=").Id(symbols.OwnedStatus).Call(jen.Id("obj"), jen.Id(fm), jen.Id("obj").Dot("Status"), jen.Op("&").Id("owned")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.False(), jen.Err()),
		).Else().If(jen.Op("!").Id("ok")).Block(
			jen.Id("owned").Op("=").Op("*").Id("obj").Dot("Status").Dot("DeepCopy").Call(),
		),
	)
	if conds {
		body = append(body, jen.Id(symbols.PrepareConditions).Call(jen.Id("want").Dot("Conditions"), jen.Id("live"), generation, jen.Id(symbols.Now).Call()))
	}
	body = append(body,
		jen.If(jen.Id(equal).Call(jen.Op("&").Id("owned"), jen.Id("want"))).Block(jen.Return(jen.False(), jen.Nil())),
	)
	ctor := jen.Qual(ac, kind).Call(jen.Id("obj").Dot("Name"), jen.Id("obj").Dot("Namespace"))
	if !k.Namespaced {
		ctor = jen.Qual(ac, kind).Call(jen.Id("obj").Dot("Name"))
	}
	body = append(body,
		jen.Id("apply").Op(":=").Add(ctor).Dot("WithStatus").Call(jen.Op("&").Qual(ac, naming.ApplyConfiguration(status)).Values()),
		jen.If(jen.Err().Op(":=").Id(symbols.Convert).Call(jen.Id("want"), jen.Id("apply").Dot("Status")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.False(), jen.Err()),
		),
		jen.Id(symbols.ReportTakenFields).Call(jen.Id("obj"), jen.Id(fm), jen.Id("want")),
		jen.Id("base").Op(":=").Id("obj").Dot("ResourceVersion"),
		jen.If(jen.Err().Op(":=").Id("c").Dot("Status").Call().Dot("Apply").Call(jen.Id("ctx"), jen.Id("apply"),
			jen.Qual(client, "FieldOwner").Call(jen.Id(fm)), jen.Qual(client, "ForceOwnership")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.False(), jen.Err()),
		),
		jen.Var().Id("answer").Qual(api, kind),
		jen.If(jen.Err().Op(":=").Id(symbols.Convert).Call(jen.Id("apply"), jen.Op("&").Id("answer")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.True(), jen.Err()),
		),
		jen.List(jen.Id("obj").Dot("Status"), jen.Id("obj").Dot("ResourceVersion"), jen.Id("obj").Dot("ManagedFields")).Op("=").
			List(jen.Id("answer").Dot("Status"), jen.Id("answer").Dot("ResourceVersion"), jen.Id("answer").Dot("ManagedFields")),
		jen.Id(symbols.RememberWrite).Call(jen.Id("obj").Dot("UID"), jen.Id("base"), jen.Id("answer").Dot("ResourceVersion"), jen.Id("want")),
		jen.Return(jen.True(), jen.Nil()),
	)
	f.Func().Id(k.Names.StatusWriter()).Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("c").Qual(client, "Client"),
		jen.Id("obj").Op("*").Qual(api, kind),
		jen.Id("desired").Qual(api, status),
	).Params(jen.Bool(), jen.Error()).Block(body...)
	f.Line()

	// The comparison the writer makes.
	var volatile []string
	for _, fld := range k.Status.Fields {
		if fld.Volatile {
			volatile = append(volatile, fld.Name)
		}
	}
	doc := fmt.Sprintf("%s compares two statuses as the writer does: semantically", equal)
	if conds {
		doc += ", with conditions as a set by type"
	}
	if len(volatile) > 0 {
		doc += ", ignoring the volatile " + strings.Join(volatile, ", ")
	}
	f.Comment(doc + ".")
	cmp := []jen.Code{jen.List(jen.Id("x"), jen.Id("y")).Op(":=").List(jen.Id("a").Dot("DeepCopy").Call(), jen.Id("b").Dot("DeepCopy").Call())}
	for _, v := range volatile {
		cmp = append(cmp, jen.Id("x").Dot(v).Op("=").Id("y").Dot(v))
	}
	if conds {
		cmp = append(cmp,
			jen.Id(symbols.SortConditions).Call(jen.Id("x").Dot("Conditions")),
			jen.Id(symbols.SortConditions).Call(jen.Id("y").Dot("Conditions")))
	}
	cmp = append(cmp, jen.Return(jen.Qual(equality, "Semantic").Dot("DeepEqual").Call(jen.Id("x"), jen.Id("y"))))
	f.Func().Id(equal).Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Qual(api, status)).Bool().Block(cmp...)
}
