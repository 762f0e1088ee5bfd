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

// deployPart and chartPart are what test/deploy and test/chart add to deploySource:
// the imports, the package's doc, and what it installs and how (see the parts).
//
//go:embed deploy_part.go.txt
var deployPart string

//go:embed chart_part.go.txt
var chartPart string

// webhookSuiteSource is zz_generated.webhook_suite_test.go of a webhook package, and
// conversionSource the through-the-API-server conversion test of a hub's webhook package.
//
//go:embed webhook_suite_test.go.txt
var webhookSuiteSource string

//go:embed conversion_test.go.txt
var conversionSource string

// helpersSource holds envtestAssets and roundTripperFunc, which the suite, the deploy
// test and the webhook suite each declare where their text says ENVTEST_ASSETS_FUNC and
// ROUND_TRIPPER_FUNC (each is a test package of its own in the user's project).
//
//go:embed helpers.go.txt
var helpersSource string

// withHelpers fills in the helpers of an envtest package's source.
func withHelpers(src string) string {
	at := strings.Index(helpersSource, "// envtestAssets is")
	rt := strings.Index(helpersSource, "type roundTripperFunc")
	return strings.NewReplacer(
		"ENVTEST_ASSETS_FUNC\n", helpersSource[at:rt-1],
		"ROUND_TRIPPER_FUNC\n", helpersSource[rt:],
	).Replace(src)
}

// WebhookSuiteFile is the suite's name; a conversion test is
// zz_generated.<kind>_conversion_<spoke>_test.go.
const WebhookSuiteFile = "zz_generated.webhook_suite_test.go"

// DeployDir is the package of the deploy tests: a package of its own, because it runs
// its own manager (as the operator's ServiceAccount) on its own API server, which the
// controller package's suite, running every reconciler as an admin, must not share.
const DeployDir = "test/deploy"

// ChartTestDir is the package of the chart's tests, test/deploy's twin for the Helm
// chart: its own API server, on which the chart's objects are installed.
const ChartTestDir = "test/chart"

// Generator is the envtest suite generator.
type Generator struct{}

// SuiteFile is the suite's file in the controller package.
const SuiteFile = "zz_generated.suite_test.go"

// Name implements gen.Generator.
func (Generator) Name() string { return "envtestsuite" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	claims := []artifact.Claim{{Dir: ctx.Controller.Dir, Match: "zz_generated.*_test.go"}, {Dir: DeployDir, Match: "zz_generated.*_test.go"}, {Dir: ChartTestDir, Match: "zz_generated.*_test.go"}}
	for _, wp := range webhookPackages(ctx) {
		claims = append(claims, artifact.Claim{Dir: wp.dir, Match: "zz_generated.*_test.go"})
	}
	return claims
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
	).Replace(withHelpers(suiteSource))))
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
	wf, err := webhookTests(ctx)
	if err != nil {
		return nil, err
	}
	files = append(files, wf...)
	if ctx.Wired && len(ctx.API.Reconciled()) > 0 {
		src, err := deployTest(ctx, DeployDir, "deploy_test", deployPart, "config/default and config/apf", "TestManifestsApply", "TestLeastPrivilege")
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(DeployDir, "zz_generated.deploy_test.go"), Content: src})
		if ctx.ChartOn() {
			src, err := deployTest(ctx, ChartTestDir, "chart_test", chartPart, "the chart", "TestChartApply", "TestChartLeastPrivilege")
			if err != nil {
				return nil, err
			}
			files = append(files, artifact.File{Path: path.Join(ChartTestDir, "zz_generated.chart_test.go"), Content: src})
		}
	}
	return files, nil
}

// fromDir is the slash path to, relative to the module root, as seen from dir.
func fromDir(dir, to string) string {
	return path.Clean(strings.Repeat("../", strings.Count(dir, "/")+1) + to)
}

// deployTest fills in the deploy tests for the project's reconciled kinds, in package
// pkg at dir, with part's imports, doc and functions, and the two tests named; what
// names what it installs.
func deployTest(ctx *gen.Context, dir, pkg, part, what, applyTest, privilegeTest string) ([]byte, error) {
	section := func(name string) string {
		_, after, _ := strings.Cut(part, "//=="+name+"\n")
		before, _, _ := strings.Cut(after, "//==")
		return strings.TrimRight(before, "\n")
	}
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
	src := strings.NewReplacer(
		"PART_IMPORTS\n", section("IMPORTS")+"\n",
		"PART_DOC\n", section("DOC")+"\n",
		"PART_FUNCS\n", section("FUNCS")+"\n",
	).Replace(withHelpers(deploySource))
	out, err := format.Source([]byte(ctx.GoHeader() + "\n\n" + strings.NewReplacer(
		"package PACKAGE", "package "+pkg,
		"TEST_APPLY", applyTest,
		"TEST_LEAST_PRIVILEGE", privilegeTest,
		"MANIFESTS", what,
		"CONTROLLER_IMPORT", strconv.Quote(ctx.Controller.ImportPath),
		"ROOT", strconv.Quote(fromDir(dir, ".")),
		"PROJECT", strconv.Quote(ctx.ProjectName),
		"KINDS", table.String(),
	).Replace(src)))
	if err != nil {
		return nil, fmt.Errorf("%s test: %w", dir, err)
	}
	return out, nil
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

// webhookPackage is a package of the module with webhook setup functions.
type webhookPackage struct {
	dir, name string          // relative to the module root; the package name
	setups    map[string]bool // its Setup<Kind>WebhookWithManager functions
}

// webhookPackages are the module's packages with webhook setup functions, sorted by
// directory (WebhookSetups is sorted by package).
func webhookPackages(ctx *gen.Context) []*webhookPackage {
	var out []*webhookPackage
	for _, w := range ctx.API.WebhookSetups {
		dir, ok := strings.CutPrefix(w.Path, ctx.ModulePath+"/")
		if !ok {
			continue
		}
		if len(out) == 0 || out[len(out)-1].dir != dir {
			out = append(out, &webhookPackage{dir: dir, name: w.PackageName, setups: map[string]bool{}})
		}
		out[len(out)-1].setups[w.Func] = true
	}
	return out
}

// webhookTests are the envtest suite of each webhook package of a project, and in the
// package of a hub's webhooks (Setup<Kind>WebhookWithManager in a directory named
// after the hub's version) a conversion test per spoke.
func webhookTests(ctx *gen.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	var files []artifact.File
	for _, wp := range webhookPackages(ctx) {
		rel := func(to string) string { return fromDir(wp.dir, to) }
		src, err := format.Source([]byte(ctx.GoHeader() + "\n\n" + strings.NewReplacer(
			"package PACKAGE_test", "package "+wp.name+"_test",
			"CONTROLLER_IMPORT", ctx.Controller.ImportPath,
			"CRD_DIR", strconv.Quote(rel(ctx.CRDDir)),
			"WEBHOOK_DIR", strconv.Quote(rel("config/webhook")),
			"ENVTEST_SCRIPT", strconv.Quote(rel("hack/envtest.sh")),
		).Replace(withHelpers(webhookSuiteSource))))
		if err != nil {
			return nil, fmt.Errorf("webhook suite: %w", err)
		}
		files = append(files, artifact.File{Path: path.Join(wp.dir, WebhookSuiteFile), Content: src})
		for _, c := range ctx.API.Conversions() {
			h := c.Hub
			if path.Base(wp.dir) != h.Package.Version || !wp.setups["Setup"+h.Name+"WebhookWithManager"] {
				continue
			}
			for _, s := range c.Spokes {
				src, err := format.Source([]byte(ctx.GoHeader() + "\n\n" + conversionTest(ctx, rel, wp.name, h, s)))
				if err != nil {
					return nil, fmt.Errorf("conversion test: %w", err)
				}
				name := fmt.Sprintf("zz_generated.%s_conversion_%s_test.go", strings.ToLower(h.Name), s.Package.Version)
				files = append(files, artifact.File{Path: path.Join(wp.dir, name), Content: src})
			}
		}
	}
	return files, nil
}

// conversionTest fills in the conversion test of one spoke, a file of its own.
func conversionTest(ctx *gen.Context, rel func(string) string, pkgName string, h, s *model.Kind) string {
	status := ""
	statusDoc := ""
	if h.Reconciler != nil && h.ObservedGeneration && s.Status != nil && s.Status.ObservedGenerationField() != nil {
		status = strings.NewReplacer("SPOKEVERSION", s.Package.Version, "HUBVERSION", h.Package.Version).Replace(conversionStatusPart)
		statusDoc = "Its status, which the " + h.Package.Version + " status writer writes, reads as " + s.Package.Version + " with\n// the generation observed, and then the manager sends no write."
	}
	short := strings.TrimSuffix(h.Package.Group, "."+ctx.Project.Domain)
	sample := rel(path.Join("config/samples", short+"_"+s.Package.Version+"_"+strings.ToLower(h.Name)+".yaml"))
	src := strings.NewReplacer(
		"package PACKAGE_test", "package "+pkgName+"_test",
		"HUB_IMPORT", h.Package.Path, "SPOKE_IMPORT", s.Package.Path,
		"STATUS_TEST", status, "STATUS_DOC", statusDoc,
		"SAMPLE", strconv.Quote(sample), "NAMESPACED", strconv.FormatBool(h.Namespaced),
		"SPOKETITLE", strings.ToUpper(s.Package.Version[:1])+s.Package.Version[1:],
		"SPOKEVERSION", s.Package.Version, "HUBVERSION", h.Package.Version, "KIND", h.Name,
	).Replace(conversionSource)
	if status == "" {
		src = strings.Replace(src, "\t\"time\"\n", "", 1)
	}
	return src
}

// conversionStatusPart checks the hub's status writer through the spoke.
const conversionStatusPart = `// The HUBVERSION status writer writes the hub; the client reads SPOKEVERSION.
	waitFor(t, 30*time.Second, "the status, read as SPOKEVERSION, describes the generation", func() (bool, error) {
		err := testClient.Get(ctx, key, asSpoke)
		return err == nil && asSpoke.Generation > 0 && asSpoke.Status.ObservedGeneration == asSpoke.Generation, err
	})
	writes, rv := managerWrites.Load(), asSpoke.ResourceVersion
	time.Sleep(quietWindow)
	if err := testClient.Get(ctx, key, asSpoke); err != nil {
		t.Fatal(err)
	}
	if n := managerWrites.Load() - writes; n != 0 || asSpoke.ResourceVersion != rv {
		t.Fatalf("in the quiet window after convergence the manager sent %d writes (resourceVersion %s, then %s)", n, rv, asSpoke.ResourceVersion)
	}`
