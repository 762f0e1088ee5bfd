package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/opgen-dev/opgen/merge"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
	"github.com/opgen-dev/opgen/upgrade"
)

// previousSet is the version under which testdata/_templatesets/previous is registered:
// the current set with three files as a release before it had them (see its README).
const previousSet = 0

var registerPrevious = sync.OnceValue(func() error {
	current, err := templates.Builtin()
	if err != nil {
		return err
	}
	set := fstest.MapFS{}
	for p, b := range current.Files() {
		set[p] = &fstest.MapFile{Data: b}
	}
	prev := filepath.Join(testdataDir, "_templatesets", "previous")
	err = filepath.WalkDir(prev, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tmpl") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(prev, p)
		set[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		return err
	}
	return templates.Register(previousSet, set)
})

// previousProject is golden/init-memcached's project as the previous template set
// scaffolds it: its scaffold rendered with that set (what opgen init and create api
// write, TestRenderIsWhatTheCommandsWrote), go.mod and go.sum as init's tidy leaves
// them, then opgen generate; committed to a new git repository.
func previousProject(t *testing.T) string {
	t.Helper()
	return previousProjectOf(t, "init-memcached", "memcached-operator")
}

// previousProjectOf is previousProject for another golden opgen init project, in a
// folder of the name given.
func previousProjectOf(t *testing.T, goldenName, name string) string {
	t.Helper()
	if err := registerPrevious(); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(goldenDir, goldenName)
	cfg, err := project.Read(golden)
	if err != nil {
		t.Fatal(err)
	}
	rec := *cfg.Scaffold
	rec.TemplateSet = previousSet
	cfg.Scaffold = &rec
	set, err := templates.LoadVersion(previousSet, "")
	if err != nil {
		t.Fatal(err)
	}
	goMod, _ := os.ReadFile(filepath.Join(golden, "go.mod"))
	goSum, _ := os.ReadFile(filepath.Join(golden, "go.sum"))
	files, err := upgrade.Render(context.Background(), upgrade.RenderInput{Record: &rec, Config: cfg, Set: set, GoMod: goMod, GoSum: goSum, Dir: golden})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), name)
	for p, b := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(p)), b)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), goMod)
	writeFile(t, filepath.Join(dir, "go.sum"), goSum)
	writeFile(t, filepath.Join(dir, project.FileName), cfg.Marshal())
	// A module the team copied in and replaced go.mod's requirement with (init-external's
	// stand-in for another project's CRDs) is the project's own, not the scaffold's.
	if _, err := os.Stat(filepath.Join(golden, "third_party")); err == nil {
		copyTree(t, filepath.Join(golden, "third_party"), filepath.Join(dir, "third_party"))
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	main := readFileT(t, dir, "cmd/main.go")
	if strings.Contains(main, "enable-http2") || strings.Contains(readFileT(t, dir, "Makefile"), "\ncheck:") {
		t.Fatal("the previous set's project has what only the current set scaffolds")
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-qm", "opgen init and the create commands of "+goldenName+" (template set 0)")
	return dir
}

func readFileT(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replaceIn replaces old with new in a file of dir, once; the old text must be there.
func replaceIn(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	s := readFileT(t, dir, rel)
	if !strings.Contains(s, old) {
		t.Fatalf("%s has no %q", rel, old)
	}
	writeFile(t, filepath.Join(dir, filepath.FromSlash(rel)), []byte(strings.Replace(s, old, new, 1)))
}

// userEdits are what a team does to a scaffolded project: a flag of its own and a
// metrics option in main.go, a Makefile target, a kustomize patch, the reconciler
// filled in. yours lists, per file, lines each edit leaves, which must all survive.
func userEdits(t *testing.T, dir string) (yours map[string][]string) {
	replaceIn(t, dir, "cmd/main.go", "\t\"os\"\n", "\t\"os\"\n\t\"time\"\n")
	replaceIn(t, dir, "cmd/main.go", "\tvar (\n", "\tvar syncPeriod time.Duration\n\tvar (\n")
	replaceIn(t, dir, "cmd/main.go", "\tflag.BoolVar(&leaderElect, \"leader-elect\", false, \"run one active manager at a time through a lease\")\n",
		"\tflag.BoolVar(&leaderElect, \"leader-elect\", false, \"run one active manager at a time through a lease\")\n\tflag.DurationVar(&syncPeriod, \"sync-period\", 10*time.Hour, \"how often the cache lists every object again\")\n")
	replaceIn(t, dir, "cmd/main.go", "\t\tmetrics.FilterProvider = filters.WithAuthenticationAndAuthorization\n\t}\n",
		"\t\tmetrics.FilterProvider = filters.WithAuthenticationAndAuthorization\n\t}\n\t// The certificate the Deployment mounts, when it mounts one.\n\tif dir := os.Getenv(\"METRICS_CERT_DIR\"); dir != \"\" {\n\t\tmetrics.CertDir = dir\n\t}\n")
	replaceIn(t, dir, "cmd/main.go", "\tmgr, err := ctrl.NewManager(", "\tlog.Info(\"cache resync\", \"period\", syncPeriod)\n\tmgr, err := ctrl.NewManager(")
	mk := readFileT(t, dir, "Makefile")
	writeFile(t, filepath.Join(dir, "Makefile"), []byte(mk+"\n.PHONY: e2e\ne2e: ## The end-to-end tests, against the cluster of the current kubeconfig.\n\tgo test -tags e2e ./test/e2e/...\n"))
	kust := readFileT(t, dir, "config/default/kustomization.yaml")
	writeFile(t, filepath.Join(dir, "config/default/kustomization.yaml"), []byte(kust+"patches:\n- path: manager_env_patch.yaml\n"))
	writeFile(t, filepath.Join(dir, "config/default/manager_env_patch.yaml"), []byte("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        env:\n        - name: GOMEMLIMIT\n          value: 200MiB\n"))
	replaceIn(t, dir, "internal/controller/memcached_controller.go", "WithImage(\"registry.example.com/memcached:latest\"). // the image your operator runs\n",
		"WithImage(\"memcached:1.6.26-alpine\").\n\t\t\t\t\t\tWithArgs(\"-m=64\", \"-o\", \"modern\").\n")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-qm", "our flag, metrics certificates, e2e target, GOMEMLIMIT, the memcached image")
	return map[string][]string{
		"cmd/main.go": {"\t\"time\"\n", "\tvar syncPeriod time.Duration\n", "flag.DurationVar(&syncPeriod, \"sync-period\"", "\t\tmetrics.CertDir = dir\n",
			"\tlog.Info(\"cache resync\", \"period\", syncPeriod)\n"},
		"Makefile":                                    {"\ne2e: ## The end-to-end tests", "\tgo test -tags e2e ./test/e2e/...\n"},
		"config/default/kustomization.yaml":           {"patches:\n- path: manager_env_patch.yaml\n"},
		"config/default/manager_env_patch.yaml":       {"GOMEMLIMIT"},
		"internal/controller/memcached_controller.go": {"WithImage(\"memcached:1.6.26-alpine\")", "WithArgs(\"-m=64\", \"-o\", \"modern\")"},
	}
}

// theirs are lines the current set scaffolds and the previous one did not.
var theirs = map[string][]string{
	"cmd/main.go":                       {"flag.BoolVar(&enableHTTP2, \"enable-http2\"", "\tif !enableHTTP2 {\n"},
	"Makefile":                          {"\ncheck: ## Fail when generated files are stale (for CI).\n"},
	"config/default/kustomization.yaml": {"- ../manager\n- metrics_service.yaml\n"},
}

func checkLines(t *testing.T, dir string, want map[string][]string, whose string) {
	t.Helper()
	for file, lines := range want {
		s := readFileT(t, dir, file)
		for _, l := range lines {
			if !strings.Contains(s, l) {
				t.Errorf("%s: %s line %q is gone:\n%s", file, whose, l, s)
			}
		}
	}
}

// goRun runs the go command in a project, with envtest's binaries.
func goRun(t *testing.T, dir, assets string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestUpgradeTemplateSet: a project scaffolded with the previous template set and
// edited as teams edit is upgraded to the current set: every line of the team's
// survives, every change of the new set arrives, nothing else changes, and the project
// builds, vets and passes its controller and deploy tests on a real API server (the
// deploy test checks the metrics Service that the fixed kustomization deploys, with the
// team's patch applied).
func TestUpgradeTemplateSet(t *testing.T) {
	if testing.Short() {
		t.Skip("renders, generates and tests a project")
	}
	dir := previousProject(t)
	yours := userEdits(t, dir)

	code, stdout, stderr := runOpgen(t, "-C", dir, "upgrade", "--check")
	if code != 1 {
		t.Fatalf("--check: exit %d, want 1 (behind)\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"cmd/main.go", "Makefile", "config/default/kustomization.yaml"} {
		if !strings.Contains(stdout, "merged        "+f+"\n") {
			t.Errorf("--check does not list %s as merged:\n%s", f, stdout)
		}
	}
	if !strings.Contains(stderr, fmt.Sprintf("behind: template set 0 to %d", templates.Version)) {
		t.Errorf("--check does not say the versions:\n%s", stderr)
	}
	if d := git(t, dir, "status", "--porcelain"); d != "" {
		t.Fatalf("--check changed the tree:\n%s", d)
	}

	code, _, stderr = runOpgen(t, "-C", dir, "upgrade")
	if code != 0 {
		t.Fatalf("upgrade: exit %d\n%s", code, stderr)
	}
	t.Logf("opgen upgrade:\n%s", stderr)
	for _, f := range []string{"cmd/main.go", "Makefile", "config/default/kustomization.yaml"} {
		if !strings.Contains(stderr, "opgen: merged       "+f+" (your changes and the new scaffold's)\n") {
			t.Errorf("the report does not say %s was merged", f)
		}
	}
	checkLines(t, dir, yours, "your")
	checkLines(t, dir, theirs, "the new scaffold's")
	if strings.Contains(readFileT(t, dir, "cmd/main.go"), "tlsOpts := []func") {
		t.Error("main.go keeps the previous set's tlsOpts")
	}
	changed := strings.Fields(git(t, dir, "diff", "--name-only"))
	want := map[string]bool{"cmd/main.go": true, "Makefile": true, "config/default/kustomization.yaml": true, "opgen.yaml": true}
	for _, f := range changed {
		if !want[f] && !strings.Contains(readFileT(t, dir, f), "Code generated by opgen. DO NOT EDIT.") {
			t.Errorf("the upgrade changed %s, a file of the team's the new set does not change", f)
		}
		delete(want, f)
	}
	if len(want) > 0 {
		t.Errorf("unchanged: %v", want)
	}
	if cfg, err := project.Read(dir); err != nil || cfg.Scaffold.TemplateSet != templates.Version {
		t.Fatalf("the record: %+v, %v", cfg, err)
	}
	for _, args := range [][]string{{"upgrade", "--check"}, {"generate", "--check"}} {
		if code, out, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...); code != 0 {
			t.Fatalf("%v after the upgrade: exit %d\n%s%s", args, code, out, stderr)
		}
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 0 || !strings.Contains(stderr, "up to date") {
		t.Fatalf("a second upgrade: exit %d\n%s", code, stderr)
	}
	assets := envtestAssets(t)
	goRun(t, dir, assets, "build", "./...")
	goRun(t, dir, assets, "vet", "./...")
	goRun(t, dir, assets, "test", "-count=1", "./internal/controller/", "./test/deploy/")
}

// TestUpgradeConflict: the team also changed the lines the new set changes: those lines,
// and only those, end between conflict markers, exit status 1 lists the file, and the
// rest of the upgrade is whole (the other files merged, the record moved on), not half
// of it.
func TestUpgradeConflict(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and generates a project")
	}
	dir := previousProject(t)
	yours := userEdits(t, dir)
	replaceIn(t, dir, "config/default/kustomization.yaml", "- ../manager\n", "- ../manager\n- ../prometheus\n")
	git(t, dir, "commit", "-qam", "our prometheus monitor")

	code, _, stderr := runOpgen(t, "-C", dir, "upgrade")
	if code != 1 {
		t.Fatalf("upgrade: exit %d, want 1\n%s", code, stderr)
	}
	kust := readFileT(t, dir, "config/default/kustomization.yaml")
	line := strings.Count(kust[:strings.Index(kust, merge.MarkerOurs)], "\n") + 1
	if !strings.Contains(stderr, fmt.Sprintf("opgen: CONFLICT     config/default/kustomization.yaml (conflicting changes at line %d)\n", line)) ||
		!strings.Contains(stderr, "1 file with conflicts: resolve the <<<<<<< ours / >>>>>>> theirs markers in config/default/kustomization.yaml") {
		t.Fatalf("the report does not list the conflict at line %d:\n%s", line, stderr)
	}
	// Theirs is what the current set has after "- ../manager" and before the
	// components, as golden/init-memcached (the current set's scaffold) shows it.
	current := readFileT(t, filepath.Join(goldenDir, "init-memcached"), "config/default/kustomization.yaml")
	_, after, _ := strings.Cut(current, "- ../manager\n")
	theirsLines, _, _ := strings.Cut(after, "# The webhooks")
	hunk := "- ../manager\n" + merge.MarkerOurs + "\n- ../prometheus\n" + merge.MarkerSep + "\n" + theirsLines + merge.MarkerTheirs + "\n"
	if !strings.Contains(kust, hunk) || strings.Count(kust, merge.MarkerOurs) != 1 {
		t.Fatalf("the markers are not around exactly the conflicting lines:\n%s", kust)
	}
	// Without the hunk, the file is the team's with nothing else of theirs lost.
	rest := strings.Replace(kust, hunk, "- ../manager\n- ../prometheus\n", 1)
	if committed := git(t, dir, "show", "HEAD:config/default/kustomization.yaml"); rest != committed {
		t.Fatalf("beyond the hunk, the file changed:\n%s\nwant\n%s", rest, committed)
	}
	delete(yours, "config/default/kustomization.yaml")
	checkLines(t, dir, yours, "your")
	delete(theirs, "config/default/kustomization.yaml")
	checkLines(t, dir, map[string][]string{"cmd/main.go": theirs["cmd/main.go"], "Makefile": theirs["Makefile"]}, "the new scaffold's")
	if cfg, err := project.Read(dir); err != nil || cfg.Scaffold.TemplateSet != templates.Version {
		t.Fatalf("the record did not move with the rest: %+v, %v", cfg, err)
	}
	// Until the markers are resolved the project is not up to date, and another upgrade
	// refuses to merge them as the team's lines.
	before := readTree(t, dir)
	code, stdout, stderr := runOpgen(t, "-C", dir, "upgrade", "--check")
	if code != 1 || stdout != "CONFLICT      config/default/kustomization.yaml\n" || !strings.Contains(stderr, "unresolved conflict markers") {
		t.Fatalf("--check with the markers left: exit %d, want 1 and the file\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 1 || !strings.Contains(stderr, "unresolved conflict markers (<<<<<<< ours / >>>>>>> theirs) in config/default/kustomization.yaml") {
		t.Fatalf("upgrade with the markers left: exit %d, want 1\n%s", code, stderr)
	}
	compareTrees(t, before, readTree(t, dir))
	writeFile(t, filepath.Join(dir, "config/default/kustomization.yaml"), []byte(strings.Replace(kust, hunk, "- ../manager\n- ../prometheus\n"+theirsLines, 1)))
	if code, out, stderr := runOpgen(t, "-C", dir, "upgrade", "--check"); code != 0 {
		t.Fatalf("--check once resolved: exit %d\n%s%s", code, out, stderr)
	}
}

// TestUpgradeWithoutRecord: a project from before opgen kept a record gets one,
// reconstructed from its tree, said so; nothing else changes.
func TestUpgradeWithoutRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a golden project")
	}
	dir := filepath.Join(t.TempDir(), "init-multi")
	copyTree(t, filepath.Join(goldenDir, "init-multi"), dir)
	cfgPath := filepath.Join(dir, project.FileName)
	withRecord := readFileT(t, dir, project.FileName)
	cfg, err := project.Parse([]byte(withRecord))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Scaffold = nil
	writeFile(t, cfgPath, cfg.Marshal())
	before := readTree(t, dir)

	code, _, stderr := runOpgen(t, "-C", dir, "upgrade", "--check")
	if code != 0 || !strings.Contains(stderr, "has no scaffold record") || !strings.Contains(stderr, "found 3 kind(s) in api/: batch/v1beta1 Sweeper, cache/v1alpha1 Memcached, cache/v1 Memcached") || !strings.Contains(stderr, fmt.Sprintf("inferred template set %d", templates.Version)) {
		t.Fatalf("--check: exit %d\n%s", code, stderr)
	}
	compareTrees(t, before, readTree(t, dir))
	code, _, stderr = runOpgen(t, "-C", dir, "upgrade")
	if code != 0 || !strings.Contains(stderr, "recorded the scaffold in opgen.yaml") {
		t.Fatalf("upgrade: exit %d\n%s", code, stderr)
	}
	got, err := project.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The same inputs as the commands recorded, kinds in the folders' order.
	want, _ := project.Parse([]byte(withRecord))
	if len(got.Scaffold.Steps) != len(want.Scaffold.Steps) || got.Scaffold.Module != want.Scaffold.Module {
		t.Fatalf("reconstructed %s\nwant %s", got.Marshal(), want.Marshal())
	}
	after := readTree(t, dir)
	delete(after, project.FileName)
	delete(before, project.FileName)
	compareTrees(t, before, after)

	if code, _, stderr := runOpgen(t, "-C", t.TempDir(), "upgrade", "--check"); code != 2 {
		t.Fatalf("--check outside a project: exit %d\n%s", code, stderr)
	}
}

// platformOverlay writes version v (1 or 2) of a platform team's overlay into dir: its
// Makefile (opgen's with the platform's targets), CI workflow, CODEOWNERS; version 1
// has a dependabot configuration, version 2 a SECURITY.md instead, a Makefile target
// more, and a CI workflow with a newer checkout and a vulnerability check.
func platformOverlay(t *testing.T, dir string, v int) {
	t.Helper()
	mk, err := os.ReadFile(filepath.Join("..", "..", "templates", "project", "Makefile.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	makefile := string(mk) + "\n.PHONY: platform-check\nplatform-check: check lint ## The platform's gate: generated files fresh, lint clean.\n"
	ci := "# {{ .ProjectName }}: the platform's CI (acme-platform overlay); yours once written.\nname: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - uses: actions/setup-go@v5\n      with:\n        go-version: \"{{ .GoVersion }}\"\n    - run: make test\n"
	files := map[string]string{
		templates.OverlayFile:                 "name: acme-platform\nversion: 1\n",
		"project/CODEOWNERS.tmpl":             "* @acme/platform-team\n/api/ @acme/api-reviewers\n",
		"project/.github/dependabot.yml.tmpl": "version: 2\nupdates:\n- package-ecosystem: gomod\n  directory: /\n  schedule:\n    interval: weekly\n",
	}
	if v == 2 {
		files[templates.OverlayFile] = "name: acme-platform\nversion: 2\n"
		makefile = strings.Replace(makefile, ".PHONY: build\n", ".PHONY: sbom\nsbom: ## The software bill of materials, for the release.\n\tgo run github.com/anchore/syft/cmd/syft@v1.18.0 dir:. -o spdx-json > sbom.json\n\n.PHONY: build\n", 1)
		ci = strings.Replace(ci, "actions/checkout@v4", "actions/checkout@v5", 1) + "    - run: go run golang.org/x/vuln/cmd/govulncheck@v1.1.4 ./...\n"
		delete(files, "project/.github/dependabot.yml.tmpl")
		files["project/SECURITY.md.tmpl"] = "# Security\n\nReport vulnerabilities of {{ .ProjectName }} to security@acme.example.com.\n"
		if err := os.Remove(filepath.Join(dir, "project", ".github", "dependabot.yml.tmpl")); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	files["project/Makefile.tmpl"] = makefile
	files["project/.github/workflows/ci.yml.tmpl"] = ci
	for p, content := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(p)), []byte(content))
	}
}

// TestUpgradeOverlay is the platform case: a project scaffolded with version 1 of a
// platform's overlay (the real opgen init --templates and create api), edited by its
// team, moves to version 2 of the overlay, which the project finds in the overlay
// repository's git history: the team's lines survive, version 2's changes arrive, the
// file version 2 drops goes (the team never changed it), the file it adds comes, and
// the project builds, vets and passes its controller tests.
func TestUpgradeOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("scaffolds and tests a project")
	}
	work := t.TempDir()
	platform := filepath.Join(work, "platform")
	platformOverlay(t, platform, 1)
	git(t, platform, "init", "-q")
	git(t, platform, "add", ".")
	git(t, platform, "commit", "-qm", "acme-platform 1")

	dir := filepath.Join(work, "widget-operator")
	for _, args := range [][]string{
		{"init", dir, "--module", "example.com/widget-operator", "--domain", "acme.example.com", "--templates", platform},
		{"-C", dir, "create", "api", "--group", "apps", "--version", "v1", "--kind", "Widget", "--owns", "apps/v1/Deployment"},
	} {
		if code, _, stderr := runOpgen(t, args...); code != 0 {
			t.Fatalf("opgen %v: exit %d\n%s", args, code, stderr)
		}
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-qm", "scaffolded with acme-platform 1")
	if got := readFileT(t, dir, ".github/dependabot.yml"); !strings.Contains(got, "gomod") {
		t.Fatal("version 1's dependabot.yml was not scaffolded")
	}

	mk := readFileT(t, dir, "Makefile")
	writeFile(t, filepath.Join(dir, "Makefile"), []byte(mk+"\n.PHONY: e2e\ne2e: ## The end-to-end tests.\n\tgo test -tags e2e ./test/e2e/...\n"))
	replaceIn(t, dir, ".github/workflows/ci.yml", "on: [push, pull_request]\n", "on: [push, pull_request]\nenv:\n  GOFLAGS: -mod=readonly\n")
	writeFile(t, filepath.Join(dir, "CODEOWNERS"), []byte(readFileT(t, dir, "CODEOWNERS")+"/internal/controller/ @acme/widget-team\n"))
	replaceIn(t, dir, "internal/controller/widget_controller.go", "WithImage(\"registry.example.com/widget:latest\"). // the image your operator runs\n", "WithImage(\"registry.acme.example.com/widget:2.3.1\").\n")
	git(t, dir, "commit", "-qam", "the team's edits")

	platformOverlay(t, platform, 2)
	git(t, platform, "add", "-A")
	git(t, platform, "commit", "-qm", "acme-platform 2")

	code, stdout, stderr := runOpgen(t, "-C", dir, "upgrade", "--check")
	if code != 1 || !strings.Contains(stderr, "behind: overlay acme-platform 1 to acme-platform 2") {
		t.Fatalf("--check: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = runOpgen(t, "-C", dir, "upgrade")
	if code != 0 {
		t.Fatalf("upgrade: exit %d\n%s", code, stderr)
	}
	t.Logf("opgen upgrade:\n%s", stderr)
	for _, want := range []string{
		"found the old overlay, acme-platform 1, in the git history of",
		"opgen: merged       Makefile",
		"opgen: merged       .github/workflows/ci.yml",
		"opgen: added        SECURITY.md",
		"opgen: removed      .github/dependabot.yml (dropped by the new scaffold; you never changed it)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the report does not say %q", want)
		}
	}
	checkLines(t, dir, map[string][]string{
		"Makefile":                 {"\ne2e: ## The end-to-end tests.\n", "\nsbom: ## The software bill of materials", "\nplatform-check: check lint"},
		".github/workflows/ci.yml": {"env:\n  GOFLAGS: -mod=readonly\n", "actions/checkout@v5", "govulncheck@v1.1.4"},
		"CODEOWNERS":               {"/internal/controller/ @acme/widget-team\n"},
		"internal/controller/widget_controller.go": {"registry.acme.example.com/widget:2.3.1"},
		"SECURITY.md": {"Report vulnerabilities of widget-operator"},
	}, "the")
	if _, err := os.Stat(filepath.Join(dir, ".github", "dependabot.yml")); !os.IsNotExist(err) {
		t.Errorf("dependabot.yml, dropped by version 2 and never changed, is still there: %v", err)
	}
	cfg, err := project.Read(dir)
	if err != nil || cfg.Scaffold.Overlay == nil || cfg.Scaffold.Overlay.Version != "2" {
		t.Fatalf("the record: %+v, %v", cfg.Scaffold, err)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade", "--check"); code != 0 {
		t.Fatalf("--check after: exit %d\n%s", code, stderr)
	}
	assets := envtestAssets(t)
	goRun(t, dir, assets, "build", "./...")
	goRun(t, dir, assets, "vet", "./...")
	goRun(t, dir, assets, "test", "-count=1", "./internal/controller/")
}
