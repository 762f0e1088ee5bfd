package envtestsuite

import (
	"embed"
	"fmt"
	"path"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// files are the envtest packages' Go files; helpers.go.tmpl defines the functions
// each of them declares (each is a test package of its own in the user's project).
//
//go:embed *.go.tmpl
var files embed.FS

var tmpl = gotmpl.MustParse(files, "*.go.tmpl")

// DeployDir is the package of the deploy tests: a package of its own, because it runs
// its own manager (as the operator's ServiceAccount) on its own API server, which the
// controller package's suite, running every reconciler as an admin, must not share.
const DeployDir = "test/deploy"

// ChartTestDir is the package of the chart's tests, test/deploy's twin for the Helm
// chart: its own API server, on which the chart's objects are installed.
const ChartTestDir = "test/chart"

// Generator is the envtest suite generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "envtestsuite" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	claims := []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.GeneratedTests}, {Dir: DeployDir, Match: naming.GeneratedTests}, {Dir: ChartTestDir, Match: naming.GeneratedTests}}
	for _, wp := range webhookPackages(ctx) {
		claims = append(claims, artifact.Claim{Dir: wp.dir, Match: naming.GeneratedTests})
	}
	return claims
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	rel := func(to string) string { return fromDir(ctx.Controller.Dir, to) }
	src, err := tmpl.File(ctx.GoHeader(), "suite_test.go.tmpl", suite{
		Package: ctx.Controller.Name, CRDDir: rel(ctx.CRDDir), EnvtestScript: rel(envtestScript),
		SamplesDir: rel(samplesDir), Wiring: naming.Wire, TestCRDDir: testCRDDir(ctx, rel),
	})
	if err != nil {
		return nil, err
	}
	files := []artifact.File{{Path: path.Join(ctx.Controller.Dir, naming.SuiteFile), Content: src}}
	for _, k := range ctx.API.Reconciled() {
		if !k.ObservedGeneration {
			continue
		}
		src, err := tmpl.File(ctx.GoHeader(), "kind_test.go.tmpl", map[string]any{"Package": ctx.Controller.Name, "Kind": k})
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.TestFile()), Content: src})
	}
	ef, err := externalTests(ctx)
	if err != nil {
		return nil, err
	}
	files = append(files, ef...)
	wf, err := webhookTests(ctx)
	if err != nil {
		return nil, err
	}
	files = append(files, wf...)
	if ctx.Wired && len(ctx.API.Controllers()) > 0 {
		src, err := deployTest(ctx, deployTestKind{Dir: DeployDir, Package: "deploy_test", What: "config/default and config/apf", ApplyTest: "TestManifestsApply", PrivilegeTest: "TestLeastPrivilege"})
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(DeployDir, naming.DeployTestFile), Content: src})
		if ctx.ChartOn() {
			src, err := deployTest(ctx, deployTestKind{Dir: ChartTestDir, Package: "chart_test", Chart: true, What: "the chart", ApplyTest: "TestChartApply", PrivilegeTest: "TestChartLeastPrivilege"})
			if err != nil {
				return nil, err
			}
			files = append(files, artifact.File{Path: path.Join(ChartTestDir, naming.ChartTestFile), Content: src})
		}
	}
	return files, nil
}

// fromDir is the slash path to, relative to the module root, as seen from dir.
func fromDir(dir, to string) string {
	return path.Clean(strings.Repeat("../", strings.Count(dir, "/")+1) + to)
}

// Where the project's tests find the API server binaries and the samples, relative
// to the module root.
const (
	envtestScript = "hack/envtest.sh"
	samplesDir    = "config/samples"
	webhookDir    = "config/webhook"
)

// suite is what suite_test.go.tmpl and webhook_suite_test.go.tmpl are filled with; the
// paths are relative to the package's directory.
type suite struct {
	Package                           string
	CRDDir, EnvtestScript, SamplesDir string
	WebhookDir, ControllerImport      string
	Wiring                            naming.WiringNames
	// TestCRDDir holds the CRDs of other modules' kinds the project reconciles; "" when
	// it reconciles none.
	TestCRDDir string
}

// testCRDDir is naming.TestCRDDir as rel gives it, when a reconciler of the project
// reconciles a kind of another module (+opguard:for-package), whose CRD the crd
// generator writes there for the tests; "" otherwise.
func testCRDDir(ctx *contract.Context, rel func(string) string) string {
	for _, k := range ctx.API.External {
		if k.Package != nil && k.Package.Loaded != nil {
			return rel(naming.TestCRDDir)
		}
	}
	return ""
}

// deployTestKind is one of the two packages that install the operator on an API
// server of their own and run it as its ServiceAccount: test/deploy (config/default
// and config/apf, through kustomize) and test/chart (the Helm chart); deploy_part and
// chart_part are what each adds to deploy_test.go.tmpl.
type deployTestKind struct {
	Dir, Package string
	Chart        bool
	// What names what the package installs, in messages; the tests' names.
	What, ApplyTest, PrivilegeTest string
}

// deployTest fills in a deploy test package for the project's reconciled kinds and the
// kinds it reconciles without defining them (+opguard:for).
func deployTest(ctx *contract.Context, d deployTestKind) ([]byte, error) {
	gvk := func(group, version, kind string) string {
		return fmt.Sprintf("{Group: %q, Version: %q, Kind: %q}", group, version, kind)
	}
	var table strings.Builder
	table.WriteString("[]reconciledKind{\n")
	for _, k := range ctx.API.Controllers() {
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
		if k.External {
			table.WriteString(", external: true")
		}
		if k.OwnCondition != "" {
			fmt.Fprintf(&table, ", condition: %q", k.OwnCondition)
		}
		table.WriteString("},\n")
	}
	table.WriteString("}")
	return tmpl.File(ctx.GoHeader(), "deploy_test.go.tmpl", map[string]any{
		"Package": d.Package, "Chart": d.Chart, "What": d.What, "ApplyTest": d.ApplyTest, "PrivilegeTest": d.PrivilegeTest,
		"ControllerImport": ctx.Controller.ImportPath, "Root": fromDir(d.Dir, "."), "Project": ctx.ProjectName,
		"Kinds": table.String(), "Wiring": naming.Wire, "NoCRD": len(ctx.API.Reconciled()) == 0,
		"TestCRDDir": testCRDDir(ctx, func(to string) string { return fromDir(d.Dir, to) }),
	})
}

// webhookPackage is a package of the module with webhook setup functions.
type webhookPackage struct {
	dir, name string          // relative to the module root; the package name
	setups    map[string]bool // its Setup<Kind>WebhookWithManager functions
}

// webhookPackages are the module's packages with webhook setup functions, sorted by
// directory (WebhookSetups is sorted by package).
func webhookPackages(ctx *contract.Context) []*webhookPackage {
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
func webhookTests(ctx *contract.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	var files []artifact.File
	for _, wp := range webhookPackages(ctx) {
		rel := func(to string) string { return fromDir(wp.dir, to) }
		src, err := tmpl.File(ctx.GoHeader(), "webhook_suite_test.go.tmpl", suite{
			Package: wp.name, ControllerImport: ctx.Controller.ImportPath, CRDDir: rel(ctx.CRDDir),
			WebhookDir: rel(webhookDir), EnvtestScript: rel(envtestScript), Wiring: naming.Wire,
		})
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(wp.dir, naming.WebhookSuiteFile), Content: src})
		for _, c := range ctx.API.Conversions() {
			h := c.Hub
			if path.Base(wp.dir) != h.Package.Version || !wp.setups[h.Names.WebhookSetup()] {
				continue
			}
			for _, s := range c.Spokes {
				src, err := tmpl.File(ctx.GoHeader(), "conversion_test.go.tmpl", conversionTest(ctx, rel, wp.name, h, s))
				if err != nil {
					return nil, err
				}
				name := h.Names.ConversionAPITestFile(s.Package.Version)
				files = append(files, artifact.File{Path: path.Join(wp.dir, name), Content: src})
			}
		}
	}
	return files, nil
}

// conversionTest is what the conversion test of one spoke, a file of its own, is filled
// with: Status says the hub's status writer is checked through the spoke too.
func conversionTest(ctx *contract.Context, rel func(string) string, pkgName string, h, s *model.Kind) map[string]any {
	short := strings.TrimSuffix(h.Package.Group, "."+ctx.Project.Domain)
	return map[string]any{
		"Package": pkgName, "Hub": h, "Spoke": s, "Test": h.Names.ConversionAPITest(s.Package.Version),
		"Sample": rel(path.Join(samplesDir, short+"_"+s.Package.Version+"_"+strings.ToLower(h.Name)+".yaml")),
		"Status": h.Reconciler != nil && h.ObservedGeneration && s.Status != nil && s.Status.ObservedGenerationField() != nil,
	}
}
