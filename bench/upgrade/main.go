// Command upgrade is the platform case of opgen upgrade at scale: fifty operators
// scaffolded with version 1 of a platform team's overlay, each edited by its team,
// moved to version 2. Not run in CI (it scaffolds fifty projects with the real
// commands); run it from the repository's root:
//
//	go run ./bench/upgrade [-n 50] [-build]
//
// The projects differ as a company's do: one to three kinds, a Deployment owned or
// not, a defaulting webhook in every fifth, and a mix of the edits teams make (a
// Makefile target, an environment in CI, a CODEOWNERS line, a Dockerfile setting, the
// reconciler filled in). Two edits of the mix touch lines version 2 changes too: a
// pinned checkout action in CI (every tenth project, from the fourth) and another
// distroless image (every tenth, from the tenth): those projects must stop with exit
// status 1 and markers in exactly that file; every other project must upgrade cleanly.
// After each upgrade the bench checks that the team's lines are there and version 2's
// arrived, and that opgen upgrade --check then says up to date (1 while markers are
// left). It prints, per project, the time of opgen upgrade --check before the move
// and of opgen upgrade, the files the upgrade wrote (git status) and its conflicts;
// then the medians and the worst case. A project that ends otherwise than expected is
// listed and the exit status is 1. -build also builds every project without a
// conflict after its upgrade.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 50, "projects")
	build := flag.Bool("build", false, "go build ./... in every project that upgraded without a conflict")
	keep := flag.Bool("keep", false, "keep the work directory")
	flag.Parse()
	if err := run(*n, *build, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "upgrade:", err)
		os.Exit(1)
	}
}

// project is one operator of the bench and what its team did to it.
type project struct {
	i     int
	name  string
	dir   string
	kinds []string
	owns  bool
	hook  bool
	// edits are the lines the team wrote, per file, which must survive the upgrade.
	edits map[string][]string
	// conflict is the file whose edit conflicts with version 2, "" for none.
	conflict string
	// keptDropped: the team changed the file version 2 drops.
	keptDropped bool
}

// result is what the bench measured of one project.
type result struct {
	check, upgrade time.Duration
	exit           int
	touched        int
	conflicts      []string
	problems       []string
}

func run(n int, build, keep bool) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(repo, "templates", "project", "Makefile.tmpl")); err != nil {
		return fmt.Errorf("run it from opgen's repository root: %v", err)
	}
	work, err := os.MkdirTemp("", "opgen-bench-upgrade-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	opgen := filepath.Join(work, "opgen")
	if out, err := exec.Command("go", "build", "-o", opgen, "./cmd/opgen").CombinedOutput(); err != nil {
		return fmt.Errorf("building opgen: %v\n%s", err, out)
	}
	platform := filepath.Join(work, "platform")
	if err := writeOverlay(repo, platform, 1); err != nil {
		return err
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "bench-platform 1"}} {
		if _, err := git(platform, args...); err != nil {
			return err
		}
	}

	projects := make([]*project, n)
	start := time.Now()
	for i := range projects {
		p, err := scaffold(opgen, work, platform, i)
		if err != nil {
			return fmt.Errorf("project %d: %v", i, err)
		}
		projects[i] = p
		fmt.Fprintf(os.Stderr, "scaffolded %d/%d: %s (%d kinds) in %v total\n", i+1, n, p.name, len(p.kinds), time.Since(start).Round(time.Second))
	}

	if err := writeOverlay(repo, platform, 2); err != nil {
		return err
	}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", "bench-platform 2"}} {
		if _, err := git(platform, args...); err != nil {
			return err
		}
	}

	// Each project's row as soon as it is measured: a run cut short still says what it
	// measured.
	load0 := loadavg()
	fmt.Printf("opgen upgrade: %d projects from overlay bench-platform 1 to 2 (load average %s at the start)\n", n, load0)
	fmt.Printf("%-22s %5s %4s %5s %9s %9s %4s %7s %6s  %s\n", "project", "kinds", "hook", "edits", "--check", "upgrade", "exit", "touched", "load", "conflicts")
	var checks, ups []time.Duration
	conflicted, bad := 0, 0
	for _, p := range projects {
		r := upgradeOne(opgen, p, build)
		checks, ups = append(checks, r.check), append(ups, r.upgrade)
		edits := 0
		for _, ls := range p.edits {
			edits += len(ls)
		}
		c := strings.Join(r.conflicts, ",")
		if c == "" {
			c = "-"
		} else {
			conflicted++
		}
		fmt.Printf("%-22s %5d %4v %5d %9v %9v %4d %7d %6s  %s\n", p.name, len(p.kinds), p.hook, edits, r.check.Round(time.Millisecond), r.upgrade.Round(time.Millisecond), r.exit, r.touched, loadavg(), c)
		for _, pr := range r.problems {
			fmt.Printf("PROBLEM %s: %s\n", p.name, pr)
		}
		if len(r.problems) > 0 {
			bad++
		}
	}
	fmt.Printf("opgen upgrade --check: median %v, max %v\n", median(checks).Round(time.Millisecond), maxOf(checks).Round(time.Millisecond))
	fmt.Printf("opgen upgrade:         median %v, max %v\n", median(ups).Round(time.Millisecond), maxOf(ups).Round(time.Millisecond))
	fmt.Printf("projects with a conflict: %d of %d (each in the one file its team's edit and version 2 both change)\n", conflicted, n)
	if bad > 0 {
		return fmt.Errorf("%d of %d projects did not upgrade as expected", bad, n)
	}
	fmt.Printf("every project as expected: the teams' lines kept, version 2's changes in%s\n", map[bool]string{true: ", and each project without a conflict builds", false: ""}[build])
	return nil
}

// writeOverlay writes version v (1 or 2) of the platform's overlay into dir.
func writeOverlay(repo, dir string, v int) error {
	mk, err := os.ReadFile(filepath.Join(repo, "templates", "project", "Makefile.tmpl"))
	if err != nil {
		return err
	}
	docker, err := os.ReadFile(filepath.Join(repo, "templates", "project", "Dockerfile.tmpl"))
	if err != nil {
		return err
	}
	makefile := string(mk) + "\n.PHONY: platform-check\nplatform-check: check lint ## The platform's gate.\n"
	ci := "# {{ .ProjectName }}: the platform's CI; yours once written.\nname: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - uses: actions/setup-go@v5\n      with:\n        go-version: \"{{ .GoVersion }}\"\n    - run: make test\n"
	files := map[string]string{
		"opgen-overlay.yaml":                  "name: bench-platform\nversion: 1\n",
		"project/CODEOWNERS.tmpl":             "* @acme/platform-team\n",
		"project/.github/dependabot.yml.tmpl": "version: 2\nupdates:\n- package-ecosystem: gomod\n  directory: /\n  schedule:\n    interval: weekly\n",
		"project/Dockerfile.tmpl":             string(docker),
	}
	if v == 2 {
		files["opgen-overlay.yaml"] = "name: bench-platform\nversion: 2\n"
		makefile = strings.Replace(makefile, ".PHONY: build\n", ".PHONY: sbom\nsbom: ## The software bill of materials.\n\tgo run github.com/anchore/syft/cmd/syft@v1.18.0 dir:. -o spdx-json > sbom.json\n\n.PHONY: build\n", 1)
		ci = strings.Replace(ci, "actions/checkout@v4", "actions/checkout@v5", 1) + "    - run: go run golang.org/x/vuln/cmd/govulncheck@v1.1.4 ./...\n"
		files["project/Dockerfile.tmpl"] = strings.Replace(string(docker), "gcr.io/distroless/static:nonroot", "gcr.io/distroless/static-debian12:nonroot", 1)
		delete(files, "project/.github/dependabot.yml.tmpl")
		files["project/SECURITY.md.tmpl"] = "# Security\n\nReport vulnerabilities of {{ .ProjectName }} to security@acme.example.com.\n"
		if err := os.Remove(filepath.Join(dir, "project", ".github", "dependabot.yml.tmpl")); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	if v == 2 && files["project/Dockerfile.tmpl"] == string(docker) {
		return fmt.Errorf("opgen's Dockerfile template no longer names gcr.io/distroless/static:nonroot: update the bench's version 2")
	}
	files["project/Makefile.tmpl"] = makefile
	files["project/.github/workflows/ci.yml.tmpl"] = ci
	for p, content := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

var kindNames = []string{"Widget", "Gadget", "Sprocket"}

// scaffold makes project i with the real commands and version 1 of the overlay, then
// makes its team's edits, each committed.
func scaffold(opgen, work, platform string, i int) (*project, error) {
	p := &project{i: i, name: fmt.Sprintf("op%02d-operator", i), edits: map[string][]string{}}
	p.dir = filepath.Join(work, p.name)
	p.kinds = kindNames[:1+i%3]
	p.owns = i%2 == 0
	p.hook = i%5 == 0
	cmds := [][]string{{"init", p.dir, "--module", "example.com/team" + fmt.Sprint(i) + "/" + p.name, "--domain", fmt.Sprintf("team%d.example.com", i), "--templates", platform}}
	for k, kind := range p.kinds {
		c := []string{"-C", p.dir, "create", "api", "--group", "platform", "--version", "v1", "--kind", kind}
		if k == 0 && p.owns {
			c = append(c, "--owns", "apps/v1/Deployment")
		}
		cmds = append(cmds, c)
	}
	if p.hook {
		cmds = append(cmds, []string{"-C", p.dir, "create", "webhook", "--group", "platform", "--version", "v1", "--kind", p.kinds[0], "--defaulting"})
	}
	for _, c := range cmds {
		if out, err := exec.Command(opgen, c...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("opgen %s: %v\n%s", strings.Join(c, " "), err, out)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "scaffolded with bench-platform 1"}} {
		if _, err := git(p.dir, args...); err != nil {
			return nil, err
		}
	}

	// The reconciler filled in, in every project.
	controller := "internal/controller/" + strings.ToLower(p.kinds[0]) + "_controller.go"
	if err := p.appendTo(controller, fmt.Sprintf("\n// resyncSeconds is how often team %d's operator checks its objects again.\nconst resyncSeconds = %d\n", i, 300+i)); err != nil {
		return nil, err
	}
	if i%2 == 0 {
		if err := p.appendTo("Makefile", "\n.PHONY: e2e\ne2e: ## The end-to-end tests.\n\tgo test -tags e2e ./test/e2e/...\n"); err != nil {
			return nil, err
		}
	}
	if i%3 == 0 {
		if err := p.replaceIn(".github/workflows/ci.yml", "on: [push, pull_request]\n", "on: [push, pull_request]\nenv:\n  GOFLAGS: -mod=readonly\n", "  GOFLAGS: -mod=readonly\n"); err != nil {
			return nil, err
		}
	}
	if i%4 == 0 {
		if err := p.appendTo("CODEOWNERS", fmt.Sprintf("/internal/controller/ @acme/team-%d\n", i)); err != nil {
			return nil, err
		}
	}
	if i%6 == 1 {
		if err := p.replaceIn("Dockerfile", "WORKDIR /workspace\n", "WORKDIR /workspace\nENV GOFLAGS=-mod=readonly\n", "ENV GOFLAGS=-mod=readonly\n"); err != nil {
			return nil, err
		}
	}
	switch i % 10 {
	case 3: // pins the action version 2 moves
		p.conflict = ".github/workflows/ci.yml"
		if err := p.replaceIn(p.conflict, "actions/checkout@v4\n", "actions/checkout@v4.2.2\n", ""); err != nil {
			return nil, err
		}
	case 9: // another base image, where version 2 moves it
		p.conflict = "Dockerfile"
		if err := p.replaceIn(p.conflict, "gcr.io/distroless/static:nonroot\n", "gcr.io/distroless/static:debug-nonroot\n", ""); err != nil {
			return nil, err
		}
	case 7: // a file version 2 drops, changed
		p.keptDropped = true
		if err := p.replaceIn(".github/dependabot.yml", "interval: weekly\n", "interval: daily\n", "    interval: daily\n"); err != nil {
			return nil, err
		}
	}
	if _, err := git(p.dir, "commit", "-qam", "the team's edits"); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *project) appendTo(rel, text string) error {
	f := filepath.Join(p.dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	p.edits[rel] = append(p.edits[rel], text)
	return os.WriteFile(f, append(b, text...), 0o644)
}

// replaceIn replaces old with new once; keep is the line that must survive ("" when
// the edit is the conflicting one).
func (p *project) replaceIn(rel, old, new, keep string) error {
	f := filepath.Join(p.dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	if !bytes.Contains(b, []byte(old)) {
		return fmt.Errorf("%s has no %q", rel, old)
	}
	if keep != "" {
		p.edits[rel] = append(p.edits[rel], keep)
	}
	return os.WriteFile(f, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644)
}

var conflictLine = regexp.MustCompile(`(?m)^opgen: CONFLICT\s+(\S+)`)

// upgradeOne times opgen upgrade --check and opgen upgrade on p, and checks the result.
func upgradeOne(opgen string, p *project, build bool) result {
	var r result
	bad := func(format string, args ...any) { r.problems = append(r.problems, fmt.Sprintf(format, args...)) }
	t0 := time.Now()
	code, out := opgenRun(opgen, p.dir, "upgrade", "--check")
	r.check = time.Since(t0)
	if code != 1 || !strings.Contains(out, "behind: overlay bench-platform 1 to bench-platform 2") {
		bad("--check before: exit %d, want 1 and the versions:\n%s", code, out)
	}
	t0 = time.Now()
	r.exit, out = opgenRun(opgen, p.dir, "upgrade")
	r.upgrade = time.Since(t0)
	for _, m := range conflictLine.FindAllStringSubmatch(out, -1) {
		r.conflicts = append(r.conflicts, m[1])
	}
	status, _ := git(p.dir, "status", "--porcelain")
	r.touched = len(strings.Split(strings.TrimSpace(status), "\n"))

	wantExit := 0
	if p.conflict != "" {
		wantExit = 1
	}
	if r.exit != wantExit {
		bad("upgrade: exit %d, want %d:\n%s", r.exit, wantExit, out)
	}
	if got := strings.Join(r.conflicts, ","); got != p.conflict {
		bad("conflicts in %q, want %q", got, p.conflict)
	}
	if p.conflict != "" {
		b, _ := os.ReadFile(filepath.Join(p.dir, filepath.FromSlash(p.conflict)))
		if n := strings.Count(string(b), "<<<<<<< ours\n"); n != 1 {
			bad("%s has %d conflicts, want 1", p.conflict, n)
		}
	}
	for rel, lines := range p.edits {
		b, err := os.ReadFile(filepath.Join(p.dir, filepath.FromSlash(rel)))
		if err != nil {
			bad("%s: %v", rel, err)
			continue
		}
		for _, l := range lines {
			if !strings.Contains(string(b), l) {
				bad("%s: the team's %q is gone", rel, l)
			}
		}
	}
	arrived := map[string][]string{
		"Makefile":                 {"\nsbom: ## The software bill of materials.\n"},
		".github/workflows/ci.yml": {"    - run: go run golang.org/x/vuln/cmd/govulncheck@v1.1.4 ./...\n"},
		"SECURITY.md":              {"Report vulnerabilities of " + p.name},
		"Dockerfile":               {"FROM gcr.io/distroless/static-debian12:nonroot\n"},
	}
	if p.conflict == "Dockerfile" {
		delete(arrived, "Dockerfile") // its one change is the conflict
	}
	if p.conflict != ".github/workflows/ci.yml" {
		arrived[".github/workflows/ci.yml"] = append(arrived[".github/workflows/ci.yml"], "    - uses: actions/checkout@v5\n")
	}
	for rel, lines := range arrived {
		b, err := os.ReadFile(filepath.Join(p.dir, filepath.FromSlash(rel)))
		for _, w := range lines {
			if err != nil || !strings.Contains(string(b), w) {
				bad("%s: version 2's %q did not arrive", rel, w)
			}
		}
	}
	_, err := os.Stat(filepath.Join(p.dir, ".github", "dependabot.yml"))
	if p.keptDropped != (err == nil) {
		bad("dependabot.yml: exists %v, want %v (dropped by version 2, changed by the team: %v)", err == nil, p.keptDropped, p.keptDropped)
	}
	code, out = opgenRun(opgen, p.dir, "upgrade", "--check")
	if code != wantExit {
		bad("--check after: exit %d, want %d:\n%s", code, wantExit, out)
	}
	if build && p.conflict == "" {
		cmd := exec.Command("go", "build", "./...")
		cmd.Dir = p.dir
		if out, err := cmd.CombinedOutput(); err != nil {
			bad("go build: %v\n%s", err, out)
		}
	}
	return r
}

func opgenRun(opgen, dir string, args ...string) (int, string) {
	cmd := exec.Command(opgen, append([]string{"-C", dir}, args...)...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		return -1, err.Error()
	}
	return 0, string(out)
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.com"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return string(out), nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func maxOf(ds []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range ds {
		m = max(m, d)
	}
	return m
}
