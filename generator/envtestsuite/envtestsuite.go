package envtestsuite

import (
	_ "embed"
	"fmt"
	"go/format"
	"path"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/generator/core"
	"github.com/opgen-dev/opgen/generator/reconciler"
	"github.com/opgen-dev/opgen/model"
)

const client = "sigs.k8s.io/controller-runtime/pkg/client"

// suiteSource is zz_generated.suite_test.go with the package name and three paths to
// fill in. It is text, not compiled here: it calls the generated AddToScheme and
// SetupReconcilers of a project; the golden init projects build and run it.
//
//go:embed suite_test.go.txt
var suiteSource string

// Generator is the envtest suite generator.
type Generator struct{}

// Name implements core.Generator.
func (Generator) Name() string { return "envtestsuite" }

// Generate implements core.Generator.
func (Generator) Generate(ctx *core.Context) ([]core.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	rel := func(to string) string {
		up := strings.Repeat("../", strings.Count(ctx.Controller.Dir, "/")+1)
		return path.Clean(up + to)
	}
	src, err := format.Source([]byte(core.Header + "\n\n" + strings.NewReplacer(
		"package PACKAGE", "package "+ctx.Controller.Name,
		"CRD_DIR", strconv.Quote(rel(ctx.CRDDir)),
		"ENVTEST_SCRIPT", strconv.Quote(rel("hack/envtest.sh")),
		"SAMPLES_DIR", strconv.Quote(rel("config/samples")),
	).Replace(suiteSource)))
	if err != nil {
		return nil, fmt.Errorf("envtest suite: %w", err)
	}
	files := []core.File{{Path: path.Join(ctx.Controller.Dir, "zz_generated.suite_test.go"), Content: src, Prune: true}}
	names := reconciler.ControllerNames(reconciler.Kinds(ctx.API))
	for _, k := range reconciler.Kinds(ctx.API) {
		if !k.ObservedGeneration {
			continue
		}
		f := ctx.NewControllerFile()
		kindTest(f, k, names[k])
		src, err := core.Render(f, "test of "+k.Name)
		if err != nil {
			return nil, err
		}
		files = append(files, core.File{Path: path.Join(ctx.Controller.Dir, "zz_generated."+strings.ToLower(k.Name)+"_test.go"), Content: src, Prune: true})
	}
	return files, nil
}

func kindTest(f *jen.File, k *model.Kind, controller string) {
	f.Comment(fmt.Sprintf("Test%sConvergesAndRests creates the %s sample, waits until its status describes its", k.Name, k.Name))
	f.Comment("generation, then checks that the manager sends no write and runs no reconcile while")
	f.Comment("nothing changes.")
	f.Func().Id("Test" + k.Name + "ConvergesAndRests").Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
		jen.Id("convergesAndRests").Call(jen.Id("t"), jen.Op("&").Qual(k.Package.Path, k.Name).Values(), jen.Lit(controller),
			jen.Func().Params(jen.Id("o").Qual(client, "Object")).Bool().Block(
				jen.Id("obj").Op(":=").Id("o").Assert(jen.Op("*").Qual(k.Package.Path, k.Name)),
				jen.Return(jen.Id("obj").Dot("Generation").Op(">").Lit(0).Op("&&").Id("obj").Dot("Status").Dot("ObservedGeneration").Op("==").Id("obj").Dot("Generation")),
			)),
	)
}
