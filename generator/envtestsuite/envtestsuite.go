package envtestsuite

import (
	_ "embed"
	"fmt"
	"go/format"
	"path"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/gen"
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

// SuiteFile is the suite's file in the controller package.
const SuiteFile = "zz_generated.suite_test.go"

// Name implements gen.Generator.
func (Generator) Name() string { return "envtestsuite" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: "zz_generated.*_test.go"}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	rel := func(to string) string {
		up := strings.Repeat("../", strings.Count(ctx.Controller.Dir, "/")+1)
		return path.Clean(up + to)
	}
	src, err := format.Source([]byte(ctx.GoHeader() + "\n\n" + strings.NewReplacer(
		"package PACKAGE", "package "+ctx.Controller.Name,
		"CRD_DIR", strconv.Quote(rel(ctx.CRDDir)),
		"ENVTEST_SCRIPT", strconv.Quote(rel("hack/envtest.sh")),
		"SAMPLES_DIR", strconv.Quote(rel("config/samples")),
	).Replace(suiteSource)))
	if err != nil {
		return nil, fmt.Errorf("envtest suite: %w", err)
	}
	files := []artifact.File{{Path: path.Join(ctx.Controller.Dir, SuiteFile), Content: src}}
	for _, k := range ctx.API.Reconciled() {
		if !k.ObservedGeneration {
			continue
		}
		f := ctx.NewControllerFile()
		kindTest(f, k)
		src, err := gen.Render(f, "test of "+k.Name)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.TestFile()), Content: src})
	}
	return files, nil
}

func kindTest(f *jen.File, k *model.Kind) {
	f.Comment(fmt.Sprintf("Test%sConvergesAndRests creates the %s sample, waits until its status describes its", k.Name, k.Name))
	f.Comment("generation, then checks that the manager sends no write and runs no reconcile while")
	f.Comment("nothing changes.")
	f.Func().Id("Test" + k.Name + "ConvergesAndRests").Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
		jen.Id("convergesAndRests").Call(jen.Id("t"), jen.Op("&").Qual(k.Package.Path, k.Name).Values(), jen.Lit(k.ControllerName),
			jen.Func().Params(jen.Id("o").Qual(client, "Object")).Bool().Block(
				jen.Id("obj").Op(":=").Id("o").Assert(jen.Op("*").Qual(k.Package.Path, k.Name)),
				jen.Return(jen.Id("obj").Dot("Generation").Op(">").Lit(0).Op("&&").Id("obj").Dot("Status").Dot("ObservedGeneration").Op("==").Id("obj").Dot("Generation")),
			)),
	)
}
