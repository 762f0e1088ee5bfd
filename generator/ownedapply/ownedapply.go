package ownedapply

import (
	"fmt"
	"path"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

const (
	client = "sigs.k8s.io/controller-runtime/pkg/client"
	fmtPkg = "fmt"
)

// Generator is the owned-object apply generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "ownedapply" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.Pattern.OwnedFile()}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.Reconciled() {
		owned := ctx.API.Owned(k)
		if len(owned) == 0 {
			continue
		}
		f := ctx.NewControllerFile()
		for _, o := range owned {
			f.ImportAlias(o.Package, o.PackageAlias)
			f.ImportAlias(o.ACPackage, o.ACAlias)
			apply(f, k, o)
		}
		src, err := contract.Render(f, "owned-object applies of "+k.Name)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.OwnedFile()), Content: src})
	}
	return files, nil
}

func apply(f *jen.File, k *model.Kind, o model.OwnedKind) {
	fm := k.Names.FieldManager()
	ac := jen.Op("*").Qual(o.ACPackage, naming.ApplyConfiguration(o.Kind))
	apiVersion := k.Package.Version
	if k.Package.Group != "" {
		apiVersion = k.Package.Group + "/" + apiVersion
	}

	/* target shape:
	func ApplyFooDeployment(ctx context.Context, c client.Client, obj *v1.Foo, desired *appsv1ac.DeploymentApplyConfiguration) (bool, error) {
		switch ns := desired.GetNamespace(); {
		case ns == nil || *ns == "":
			desired.WithNamespace(obj.Namespace)
		case *ns != obj.Namespace:
			return false, fmt.Errorf(...)
		}
		if !hasController(desired.OwnerReferences) {
			desired.WithOwnerReferences(controllerReference(obj, "example.com/v1", "Foo"))
		}
		return applyOwned(ctx, c, FooFieldManager, desired, &appsv1.Deployment{}, appsv1ac.ExtractDeployment)
	}
	*/
	f.Comment(fmt.Sprintf("%s applies desired, a %s obj manages, with one Server-Side Apply as", o.Func, o.Kind))
	f.Comment(fmt.Sprintf("%s, and only when it differs from the fields of the live %s that", fm, o.Kind))
	f.Comment("manager owns; it reports whether it wrote. No resourceVersion is sent, so a stale cache")
	f.Comment("never gets a 409; fields other managers own are left alone. desired gets obj as its")
	if k.Namespaced {
		f.Comment("controller when it names none, and obj's namespace when it names none.")
	} else {
		f.Comment("controller when it names none.")
	}
	var body []jen.Code
	if k.Namespaced {
		body = append(body, jen.Switch(jen.Id("ns").Op(":=").Id("desired").Dot("GetNamespace").Call(), jen.Empty()).Block(
			jen.Case(jen.Id("ns").Op("==").Nil().Op("||").Op("*").Id("ns").Op("==").Lit("")).Block(
				jen.Id("desired").Dot("WithNamespace").Call(jen.Id("obj").Dot("Namespace")),
			),
			jen.Case(jen.Op("*").Id("ns").Op("!=").Id("obj").Dot("Namespace")).Block(
				jen.Return(jen.False(), jen.Qual(fmtPkg, "Errorf").Call(
					jen.Lit(fmt.Sprintf("%s %%s/%%s cannot own a %s in namespace %%s: a namespaced owner owns only objects of its own namespace", k.Name, o.Kind)),
					jen.Id("obj").Dot("Namespace"), jen.Id("obj").Dot("Name"), jen.Op("*").Id("ns"))),
			),
		))
	} else {
		// GetName makes sure the metadata exists before its owner references are read.
		body = append(body, jen.Id("_").Op("=").Id("desired").Dot("GetName").Call())
	}
	body = append(body,
		jen.If(jen.Op("!").Id(symbols.HasController).Call(jen.Id("desired").Dot("OwnerReferences"))).Block(
			jen.Id("desired").Dot("WithOwnerReferences").Call(jen.Id(symbols.ControllerReference).Call(jen.Id("obj"), jen.Lit(apiVersion), jen.Lit(k.Name))),
		),
		jen.Return(jen.Id(symbols.ApplyOwned).Call(jen.Id("ctx"), jen.Id("c"), jen.Id(fm), jen.Id("desired"),
			jen.Op("&").Qual(o.Package, o.Kind).Values(), jen.Qual(o.ACPackage, naming.For(o.Kind).Extract()))),
	)
	f.Func().Id(o.Func).Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("c").Qual(client, "Client"),
		jen.Id("obj").Op("*").Qual(k.Package.Path, k.Name),
		jen.Id("desired").Add(ac),
	).Params(jen.Bool(), jen.Error()).Block(body...)
	f.Line()
}
