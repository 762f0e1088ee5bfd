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

// deploySource is zz_generated.deploy_test.go with the controller package's import
// path, the path up to the project root, and the table of reconciled kinds to fill in.
//
//go:embed deploy_test.go.txt
var deploySource string

// DeployDir is the package of the deploy tests: a package of its own, because it runs
// its own manager (as the operator's ServiceAccount) on its own API server, which the
// controller package's suite, running every reconciler as an admin, must not share.
const DeployDir = "test/deploy"

// Generator is the envtest suite generator.
type Generator struct{}

// SuiteFile is the suite's file in the controller package.
const SuiteFile = "zz_generated.suite_test.go"

// Name implements gen.Generator.
func (Generator) Name() string { return "envtestsuite" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: "zz_generated.*_test.go"}, {Dir: DeployDir, Match: "zz_generated.*_test.go"}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	rel := func(to string) string { return fromDir(ctx.Controller.Dir, to) }
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
	if ctx.Wired && len(ctx.API.Reconciled()) > 0 {
		src, err := deployTest(ctx)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(DeployDir, "zz_generated.deploy_test.go"), Content: src})
	}
	return files, nil
}

// fromDir is the slash path to, relative to the module root, as seen from dir.
func fromDir(dir, to string) string {
	return path.Clean(strings.Repeat("../", strings.Count(dir, "/")+1) + to)
}

// deployTest fills in the deploy tests for the project's reconciled kinds.
func deployTest(ctx *gen.Context) ([]byte, error) {
	gvk := func(group, version, kind string) string {
		return fmt.Sprintf("{Group: %q, Version: %q, Kind: %q}", group, version, kind)
	}
	var table strings.Builder
	table.WriteString("[]reconciledKind{\n")
	for _, k := range ctx.API.Reconciled() {
		fmt.Fprintf(&table, "{gvk: schema.GroupVersionKind%s, observedGeneration: %t", gvk(k.Package.Group, k.Package.Version, k.Name), k.ObservedGeneration)
		if len(k.Owns) > 0 {
			table.WriteString(", owns: []schema.GroupVersionKind{")
			for i, o := range k.Owns {
				if i > 0 {
					table.WriteString(", ")
				}
				table.WriteString(gvk(o.Group, o.Version, o.Kind))
			}
			table.WriteString("}")
		}
		table.WriteString("},\n")
	}
	table.WriteString("}")
	src, err := format.Source([]byte(ctx.GoHeader() + "\n\n" + strings.NewReplacer(
		"CONTROLLER_IMPORT", strconv.Quote(ctx.Controller.ImportPath),
		"ROOT", strconv.Quote(fromDir(DeployDir, ".")),
		"KINDS", table.String(),
	).Replace(deploySource)))
	if err != nil {
		return nil, fmt.Errorf("deploy test: %w", err)
	}
	return src, nil
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
