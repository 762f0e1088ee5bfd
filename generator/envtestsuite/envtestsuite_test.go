package envtestsuite_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/envtestsuite"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/templates"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestSuites: a project gets the suite of its reconcilers (TestMain), a convergence test
// per reconciled kind with +opguard:observed-generation, the deploy tests of the wired
// operator, and in the hub's webhook package a webhook suite and a conversion test per
// spoke; a module that is not a project gets none. What the tests do is the goldens'
// and TestGoldenInitBuild's to check.
func TestSuites(t *testing.T) {
	ctx := gentest.Load(t, "init-webhook")
	files, err := envtestsuite.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, naming.SuiteFile))).Func(t, "TestMain")
	for _, k := range ctx.API.Reconciled() {
		if k.ObservedGeneration {
			f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.TestFile())))
			f.Func(t, k.Names.ConvergesTest())
		}
	}
	gentest.Go(t, ctx, gentest.Find(t, files, path.Join(envtestsuite.DeployDir, naming.DeployTestFile)))
	c := ctx.API.Conversions()[0]
	var setup string
	for _, w := range ctx.API.WebhookSetups {
		if w.Func == c.Hub.Names.WebhookSetup() {
			setup = w.Path
		}
	}
	dir := strings.TrimPrefix(setup, ctx.ModulePath+"/")
	gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, naming.WebhookSuiteFile)))
	for _, s := range c.Spokes {
		f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, c.Hub.Names.ConversionAPITestFile(s.Package.Version))))
		f.Func(t, c.Hub.Names.ConversionAPITest(s.Package.Version))
	}
	for _, f := range files {
		covered := false
		for _, cl := range (envtestsuite.Generator{}).Claims(ctx) {
			covered = covered || cl.Covers(f.Path)
		}
		if !covered {
			t.Errorf("no claim covers %s", f.Path)
		}
	}
	notProject := *ctx
	notProject.Project = nil
	if files, _ := (envtestsuite.Generator{}).Generate(&notProject); len(files) > 0 {
		t.Errorf("outside a project: %d files", len(files))
	}
}

// TestSampleOutsideTheCacheSelector: a kind with +opguard:cache-selector gets a
// convergence test that first says when the sample's labels do not match the selector
// (the cache would never hold it, and the test would only time out).
func TestSampleOutsideTheCacheSelector(t *testing.T) {
	ctx := gentest.Load(t, "init-memcached")
	k := ctx.API.Reconciled()[0]
	was := k.CacheSelector
	k.CacheSelector = "example.com/shard in (a)"
	t.Cleanup(func() { k.CacheSelector = was })
	files, err := envtestsuite.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := gentest.Find(t, files, path.Join(ctx.Controller.Dir, k.Names.TestFile()))
	gentest.Go(t, ctx, f).Func(t, k.Names.ConvergesTest())
	for _, want := range []string{`labels.Parse("example.com/shard in (a)")`, "selector.Matches(labels.Set(obj.Labels))"} {
		if !strings.Contains(string(f.Content), want) {
			t.Errorf("%s does not check the sample against the selector: no %s", f.Path, want)
		}
	}
}

// TestTestCRDsInstalled: where the project reconciles a kind of another module
// (golden/init-external's Certificate), the suite and the deploy tests install
// naming.TestCRDDir, where the crd generator derives its CRD; a project that reconciles
// only kinds of its own or of k8s.io/api (init-webhook) does not name it.
func TestTestCRDsInstalled(t *testing.T) {
	for _, c := range []struct {
		project string
		want    bool
	}{{"init-external", true}, {"init-webhook", false}} {
		ctx := gentest.Load(t, c.project)
		files, err := envtestsuite.Generator{}.Generate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		suite := string(gentest.Find(t, files, path.Join(ctx.Controller.Dir, naming.SuiteFile)).Content)
		deploy := string(gentest.Find(t, files, path.Join(envtestsuite.DeployDir, naming.DeployTestFile)).Content)
		for name, src := range map[string]string{"suite": suite, "deploy test": deploy} {
			if got := strings.Contains(src, `"../../`+naming.TestCRDDir+`"`); got != c.want {
				t.Errorf("%s: the %s installs %s: %t, want %t", c.project, name, naming.TestCRDDir, got, c.want)
			}
		}
		if c.want && !strings.Contains(suite, "CRDDirectoryPaths: []string{crdDir, testCRDDir}") {
			t.Errorf("%s: the suite's API server does not get the test CRDs", c.project)
		}
	}
}

// TestDeclarationsKnownToTemplates: every package-level variable and constant a suite
// declares is in templates.GeneratedDeclarations, and every name there is declared by
// a suite. A scaffolded test file uses them (testClient.Create); a name missing from
// the list would send each render of such a file to goimports' module-cache scan.
func TestDeclarationsKnownToTemplates(t *testing.T) {
	ctx := gentest.Load(t, "init-webhook")
	files, err := envtestsuite.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, n := range templates.GeneratedDeclarations {
		known[n] = true
	}
	declared := map[string]bool{}
	for _, f := range files {
		if path.Base(f.Path) != naming.SuiteFile && path.Base(f.Path) != naming.WebhookSuiteFile {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || (g.Tok != token.VAR && g.Tok != token.CONST) {
				continue
			}
			for _, s := range g.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					declared[n.Name] = true
					if !known[n.Name] {
						t.Errorf("%s declares %s, which templates.GeneratedDeclarations does not list", f.Path, n.Name)
					}
				}
			}
		}
	}
	if len(declared) == 0 {
		t.Fatal("no suite found")
	}
	for n := range known {
		// testCRDDir is declared only when the project reconciles another module's kind.
		if !declared[n] && n != "testCRDDir" {
			t.Errorf("templates.GeneratedDeclarations lists %s, which no suite declares", n)
		}
	}
}
