package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/output"
)

// The tests of this file hold opgen generate to its guarantees on the everyday moves of
// a real repository: a run over part of the module, markers removed, a file broken
// mid-edit, a killed run, an output folder that is a symbolic link. Each starts from
// testdata/_trust (two API groups, a status writer and a reconciler each) generated
// once, as its own module.

var shared struct {
	once sync.Once
	dir  string // the generated trust module, copied by each test
	err  error
}

func cleanupShared() {
	if shared.dir != "" {
		os.RemoveAll(filepath.Dir(shared.dir))
	}
}

// trustModule returns a fresh copy of the generated trust module, as a git repository
// with everything committed.
func trustModule(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("generates a module")
	}
	shared.once.Do(func() {
		tmp, err := os.MkdirTemp("", "opgen-trust-")
		if err != nil {
			shared.err = err
			return
		}
		shared.dir = filepath.Join(tmp, "trust")
		shared.err = generateShared(shared.dir)
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	dir := filepath.Join(t.TempDir(), "trust")
	if out, err := exec.Command("cp", "-a", shared.dir, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return dir
}

// generateShared makes the shared module: testdata/_trust with the golden module's
// go.mod and go.sum, generated, built, and committed to git.
func generateShared(dir string) error {
	if err := copyDir(filepath.Join(testdataDir, "_trust"), dir); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(goldenDir, "go.mod"))
	if err != nil {
		return err
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module "+goldenModule+"/trust"))
	// The golden module's replacements point into its cases (a stand-in for another
	// project's module), which this module does not have.
	mod = withoutCaseModules(mod)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(goldenDir, "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	var stdout, stderr strings.Builder
	cmd := newRootCommand(&stdout, &stderr)
	cmd.SetArgs([]string{"-C", dir, "generate", "./..."})
	if code := exitStatus(cmd.Execute(), &stderr); code != 0 {
		return fmt.Errorf("generating the trust module: exit %d\n%s", code, stderr.String())
	}
	for _, args := range [][]string{{"go", "build", "./..."}, {"git", "init", "-q"}, {"git", "add", "-A"},
		{"git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "generated"}} {
		c := exec.Command(args[0], args[1:]...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return nil
}

func copyDir(src, dst string) error {
	out, err := exec.Command("cp", "-a", src+"/.", dst).CombinedOutput()
	if err != nil {
		if mkErr := os.MkdirAll(dst, 0o755); mkErr != nil {
			return mkErr
		}
		out, err = exec.Command("cp", "-a", src+"/.", dst).CombinedOutput()
	}
	if err != nil {
		return fmt.Errorf("cp %s: %v\n%s", src, err, out)
	}
	return nil
}

// git runs git in dir and returns its output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// tree reads a module's files, leaving out .git.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	all := readTree(t, dir)
	for p := range all {
		if strings.HasPrefix(p, ".git/") {
			delete(all, p)
		}
	}
	return all
}

func edit(t *testing.T, dir, rel string, f func(string) string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, p, []byte(f(string(data))))
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := runOpgen(t, args...)
	if code != 0 {
		t.Fatalf("opgen %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
	return stderr
}

// TestPartialRunKeepsTheRest: a run from inside one API package (a //go:generate line
// without -C), or over a pattern that names one group, changes nothing that belongs to
// the other group: project-wide outputs always describe the whole module.
func TestPartialRunKeepsTheRest(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	dir := trustModule(t)
	before := tree(t, dir)
	for _, run := range [][]string{
		{"-C", filepath.Join(dir, "api", "shop", "v1"), "generate"},
		{"-C", dir, "generate", "./api/lab/..."},
		{"-C", filepath.Join(dir, "api"), "generate", "./shop/v1"},
	} {
		mustRun(t, run...)
		if d := cmp.Diff(before, tree(t, dir)); d != "" {
			t.Fatalf("opgen %s changed the tree (-before +after):\n%s", strings.Join(run, " "), d)
		}
		if code, diff, stderr := runOpgen(t, append(run[:2:2], "generate", "--check")...); code != 0 {
			t.Fatalf("--check in %s: exit %d\n%s%s", run[1], code, diff, stderr)
		}
	}
	// A change in the lab group, generated from inside the shop package: the CRD and
	// RBAC, project-wide, follow; the lab package's own directory is not the run's.
	edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string {
		return strings.Replace(s, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// Color of the gadget.\n\tColor string `json:\"color,omitempty\"`\n", 1)
	})
	mustRun(t, "-C", filepath.Join(dir, "api", "shop", "v1"), "generate")
	after := tree(t, dir)
	if !strings.Contains(after["config/crd/bases/lab.trust.example.com_gadgets.yaml"], "color:") {
		t.Error("the lab CRD did not follow its type in a run from the shop package")
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s was removed by a run over part of the module", p)
		}
	}
}

// TestLoadErrorsAreErrors: a syntax error or a type error in a declaration opgen reads,
// or a go.sum that lacks an entry, stops generate with the compiler's message and
// exit 1, and --check with exit 2; nothing is written.
func TestLoadErrorsAreErrors(t *testing.T) {
	dir := trustModule(t)
	cases := []struct {
		name   string
		break_ func()
		want   []string // stderr, line by line, each a regexp
	}{{
		name: "syntax error",
		break_: func() {
			edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string {
				return strings.Replace(s, "type GadgetSpec struct {", "type GadgetSpec struct {{", 1)
			})
		},
		want: []string{`^api/lab/v1/gadget_types\.go:\d+:\d+: .+$`},
	}, {
		name: "type error in a field",
		break_: func() {
			edit(t, dir, "api/shop/v1/widget_types.go", func(s string) string {
				return strings.Replace(s, "Size int32 `json:\"size\"`", "Size Quantity `json:\"size\"`", 1)
			})
		},
		want: []string{`^api/shop/v1/widget_types\.go:\d+:\d+: undefined: Quantity$`},
	}, {
		name: "missing go.sum entry",
		break_: func() {
			edit(t, dir, "go.sum", func(s string) string {
				return regexp.MustCompile(`(?m)^k8s\.io/apimachinery .*\n`).ReplaceAllString(s, "")
			})
		},
		want: []string{`^api/\w+/v1/\w+\.go:\d+:\d+: missing go\.sum entry for module k8s\.io/apimachinery, which provides k8s\.io/apimachinery/\S+: run go mod tidy$`},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			git(t, dir, "checkout", "-q", ".")
			c.break_()
			before := tree(t, dir)
			code, stdout, stderr := runOpgen(t, "-C", dir, "generate")
			if code != 1 {
				t.Errorf("generate: exit %d, want 1\n%s", code, stderr)
			}
			first := strings.SplitN(stderr, "\n", 2)[0]
			if !regexp.MustCompile(c.want[0]).MatchString(first) {
				t.Errorf("generate: first line %q, want %s\n%s", first, c.want[0], stderr)
			}
			if c.name == "missing go.sum entry" && (strings.Contains(stderr, "undefined:") || strings.Count(stderr, "missing go.sum entry") != 1) {
				t.Errorf("the cause is not said once, alone:\n%s", stderr)
			}
			if d := cmp.Diff(before, tree(t, dir)); d != "" || stdout != "" {
				t.Errorf("a failed run changed the tree (-before +after):\n%s", d)
			}
			code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check")
			if code != 2 || diff != "" {
				t.Errorf("--check: exit %d, want 2; stdout %q\n%s", code, diff, stderr)
			}
		})
	}
}

// TestRemovedMarkersRemoveTheirOutput: what a marker generated goes with the marker,
// and the module still builds: the main opgen scaffolded keeps its wiring.
func TestRemovedMarkersRemoveTheirOutput(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	dir := trustModule(t)
	types := []string{"api/shop/v1/widget_types.go", "api/lab/v1/gadget_types.go"}
	drop := func(marker string) {
		for _, p := range types {
			edit(t, dir, p, func(s string) string {
				return regexp.MustCompile(`(?m)^// \+opguard:`+marker+`.*\n`).ReplaceAllString(s, "")
			})
		}
	}
	t.Run("every reconciler", func(t *testing.T) {
		git(t, dir, "checkout", "-q", ".")
		drop("reconciler")
		mustRun(t, "-C", dir, "generate")
		after := tree(t, dir)
		for _, p := range []string{"internal/controller/zz_generated.widget_reconciler.go", "internal/controller/zz_generated.gadget_reconciler.go"} {
			if _, ok := after[p]; ok {
				t.Errorf("%s is still there", p)
			}
		}
		if _, ok := after["internal/controller/zz_generated.manager.go"]; !ok {
			t.Error("the wiring cmd/main.go calls was removed")
		}
		goCmd(t, dir, "build", "./...")
	})
	t.Run("every marker", func(t *testing.T) {
		git(t, dir, "checkout", "-q", ".")
		git(t, dir, "clean", "-fdq")
		drop("")
		code, diff, _ := runOpgen(t, "-C", dir, "generate", "--check")
		if code != 1 || !strings.Contains(diff, "deleted file mode 100644\n--- a/internal/controller/zz_generated.widget_status.go") {
			t.Fatalf("--check: exit %d, want 1 and the writer's deletion:\n%s", code, diff)
		}
		mustRun(t, "-C", dir, "generate")
		after := tree(t, dir)
		for p := range after {
			if strings.HasSuffix(p, "_status.go") || strings.HasSuffix(p, "_reconciler.go") {
				t.Errorf("%s is still there", p)
			}
		}
		if role := after["config/rbac/role.yaml"]; strings.Contains(role, "trust.example.com") {
			t.Errorf("role.yaml keeps the rules of removed markers:\n%s", role)
		}
		goCmd(t, dir, "build", "./...")
	})
	t.Run("the last kind of a package", func(t *testing.T) {
		git(t, dir, "checkout", "-q", ".")
		git(t, dir, "clean", "-fdq")
		for _, p := range []string{"api/lab/v1/gadget_types.go", "internal/controller/gadget_controller.go"} {
			if err := os.Remove(filepath.Join(dir, p)); err != nil {
				t.Fatal(err)
			}
		}
		mustRun(t, "-C", dir, "generate")
		after := tree(t, dir)
		for p := range after {
			if strings.HasPrefix(p, "api/lab/v1/") && p != "api/lab/v1/groupversion_info.go" || strings.Contains(p, "gadget") {
				t.Errorf("%s is still there", p)
			}
		}
		goCmd(t, dir, "build", "./...")
		if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
			t.Fatalf("--check: exit %d\n%s%s", code, diff, stderr)
		}
	})
}

// TestNoWriteLeavesTheModule: output folders that resolve outside the module or into
// .git, through a symbolic link or a flag, are refused with one line naming the path,
// and nothing is written anywhere.
func TestNoWriteLeavesTheModule(t *testing.T) {
	var dir string
	elsewhere := t.TempDir()
	change := func() {
		edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string {
			return strings.Replace(s, "// Size of the gadget.", "// Size of the gadget, in units.", 1)
		})
	}
	cases := []struct {
		name  string
		setup func()
		args  []string
		want  string
	}{{
		name: "symlinked CRD folder",
		setup: func() {
			bases := filepath.Join(dir, "config", "crd", "bases")
			if err := os.RemoveAll(bases); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(elsewhere, bases); err != nil {
				t.Fatal(err)
			}
		},
		want: "config/crd/bases/lab.trust.example.com_gadgets.yaml: resolves to " + elsewhere,
	}, {
		name:  "--crd-dir ../x",
		args:  []string{"--crd-dir", "../x"},
		want:  "--crd-dir ../x: outside the module root",
		setup: func() {},
	}, {
		name:  "--crd-dir outside, absolute",
		args:  []string{"--crd-dir", elsewhere},
		want:  "--crd-dir " + elsewhere + ": outside the module root",
		setup: func() {},
	}, {
		name:  "--main-path into .git",
		args:  []string{"--main-path", ".git/hooks/main.go"},
		want:  "--main-path .git/hooks/main.go: inside .git",
		setup: func() {},
	}, {
		name: "symlinked controller folder into .git",
		setup: func() {
			ctrlDir := filepath.Join(dir, "internal", "controller")
			if err := os.Rename(ctrlDir, filepath.Join(dir, ".git", "controller")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, ".git", "controller"), ctrlDir); err != nil {
				t.Fatal(err)
			}
		},
		want: "inside .git",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir = trustModule(t)
			c.setup()
			change()
			before, beforeOutside := tree(t, dir), readTree(t, elsewhere)
			code, _, stderr := runOpgen(t, append([]string{"-C", dir, "generate"}, c.args...)...)
			if code != 1 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want 1 and %q in:\n%s", code, c.want, stderr)
			}
			if d := cmp.Diff(before, tree(t, dir)); d != "" {
				t.Errorf("the module changed (-before +after):\n%s", d)
			}
			if d := cmp.Diff(beforeOutside, readTree(t, elsewhere)); d != "" {
				t.Errorf("a folder outside the module changed (-before +after):\n%s", d)
			}
		})
	}
	t.Run("--crd-dir inside, absolute", func(t *testing.T) {
		dir = trustModule(t)
		mustRun(t, "-C", dir, "generate", "--crd-dir", filepath.Join(dir, "deploy", "crds"))
		if _, err := os.Stat(filepath.Join(dir, "deploy", "crds", "lab.trust.example.com_gadgets.yaml")); err != nil {
			t.Errorf("an absolute --crd-dir inside the module is not honoured: %v", err)
		}
	})
}

// TestInterruptedRuns kills real opgen processes at every step of writing a change
// (SIGKILL, which nothing can catch) and interrupts others (SIGINT), and checks that
// the tree is always the old one or, once the change was committed, on its way to the
// new one; that the next run leaves exactly the new tree, with no temporary file and no
// journal; and that --check then passes.
func TestInterruptedRuns(t *testing.T) {
	dir := trustModule(t)
	// The change: Gadget goes, Widget gains a field, a new kind Doohickey comes.
	change := func() {
		git(t, dir, "checkout", "-q", ".")
		git(t, dir, "clean", "-fdq")
		for _, p := range []string{"api/lab/v1/gadget_types.go", "internal/controller/gadget_controller.go"} {
			os.Remove(filepath.Join(dir, p))
		}
		edit(t, dir, "api/shop/v1/widget_types.go", func(s string) string {
			return strings.Replace(s, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// Shape of the widget.\n\tShape string `json:\"shape,omitempty\"`\n", 1)
		})
		src, err := os.ReadFile(filepath.Join(dir, "api/shop/v1/widget_types.go"))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, "api/shop/v1/doohickey_types.go"), []byte(strings.NewReplacer("Widget", "Doohickey", "widget", "doohickey").Replace(string(src))))
	}
	change()
	old := tree(t, dir) // the inputs changed, the outputs not yet
	mustRun(t, "-C", dir, "generate")
	want := tree(t, dir)
	plan := 0
	for p, content := range want {
		if old[p] != content {
			plan++
		}
	}
	for p := range old {
		if _, ok := want[p]; !ok {
			plan++
		}
	}
	// Steps: the journal, each temporary file, the commit, each rename or removal.
	steps := 0
	for p, content := range want {
		if _, ok := old[p]; !ok || old[p] != content {
			steps++
		}
	}
	steps = 1 + steps + 1 + plan
	if plan < 10 {
		t.Fatalf("the change touches %d files; the test needs more", plan)
	}
	check := func(t *testing.T, got map[string]string, mixed bool) {
		t.Helper()
		for p, content := range got {
			if p == output.JournalName || strings.Contains(p, ".opgen-") {
				continue
			}
			if content != old[p] && (!mixed || content != want[p]) {
				t.Errorf("%s is neither the old file nor (after the commit) the new one", p)
			}
		}
		for p := range old {
			if _, ok := got[p]; !ok && (!mixed || want[p] != "") {
				t.Errorf("%s went missing", p)
			}
		}
	}
	// Every step costs two runs: kill at the edges of each phase and at a sample of the
	// rest; interrupt at the last write, the commit and a sample.
	written := steps - plan - 2
	edges := map[int]bool{1: true, 2: true, written / 2: true, written + 1: true, written + 2: true, written + 3: true, written + 2 + plan/2: true, steps: true}
	for at := 1; at <= steps; at++ {
		for _, sig := range []string{"kill", "int"} {
			if sig == "kill" && !edges[at] && at%7 != 0 {
				continue
			}
			if sig == "int" && at != 2 && at != written+1 && at != written+2 && at != written+3 {
				continue
			}
			t.Run(fmt.Sprintf("%s@%d", sig, at), func(t *testing.T) {
				change()
				code, _, stderr := opgenProcess(t, dir, []string{"OPGEN_FAULT=" + sig + "@" + fmt.Sprint(at)}, "generate")
				got := tree(t, dir)
				_, journal := got[output.JournalName]
				committed := strings.Contains(got[output.JournalName], `"commit"`)
				switch {
				case sig == "kill" && code != -1:
					t.Fatalf("the run was not killed: exit %d\n%s", code, stderr)
				case sig == "int" && at <= steps-plan-1 && (code != 1 || !strings.Contains(stderr, "interrupted")):
					t.Fatalf("SIGINT while writing: exit %d, want 1 and \"interrupted\"\n%s", code, stderr)
				case sig == "int" && at > steps-plan-1 && code != 0:
					t.Fatalf("SIGINT after the commit: exit %d, want 0 (the change completes)\n%s", code, stderr)
				}
				if sig == "int" {
					if journal {
						t.Errorf("an interrupted run left its journal")
					}
					if at <= steps-plan-1 {
						if d := cmp.Diff(old, got); d != "" {
							t.Errorf("an interrupted run changed the tree (-old +got):\n%s", d)
						}
					} else if d := cmp.Diff(want, got); d != "" {
						t.Errorf("a run interrupted after its commit did not finish (-want +got):\n%s", d)
					}
					return
				}
				check(t, got, committed)
				if journal {
					// A check before the repair says the tree is half-changed.
					code, _, stderr := opgenProcess(t, dir, nil, "generate", "--check")
					if code != 1 || !strings.Contains(stderr, "an interrupted opgen run left the tree half-changed") {
						t.Errorf("--check after a kill: exit %d, want 1 and the interrupted run named\n%s", code, stderr)
					}
				}
				code, _, stderr = opgenProcess(t, dir, nil, "generate")
				if code != 0 {
					t.Fatalf("the next run: exit %d\n%s", code, stderr)
				}
				if journal != strings.Contains(stderr, "opgen: finished an interrupted run") {
					t.Errorf("journal left: %v; the next run said:\n%s", journal, stderr)
				}
				if d := cmp.Diff(want, tree(t, dir)); d != "" {
					t.Fatalf("the next run did not leave the new tree (-want +got):\n%s", d)
				}
			})
		}
	}
	code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check")
	if code != 0 {
		t.Fatalf("--check after the last recovery: exit %d\n%s%s", code, diff, stderr)
	}
}

// TestCheckPrintsAPatch: what --check prints, applied with git apply, makes the tree
// fresh: new, changed and deleted files alike.
func TestCheckPrintsAPatch(t *testing.T) {
	dir := trustModule(t)
	if err := os.Remove(filepath.Join(dir, "api/lab/v1/gadget_types.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "internal/controller/gadget_controller.go")); err != nil {
		t.Fatal(err)
	}
	edit(t, dir, "api/shop/v1/widget_types.go", func(s string) string {
		return strings.Replace(s, "// Size of the widget.", "// Size of the widget, in units.", 1) +
			"\n// Part is a struct new to the package.\ntype Part struct {\n\t// Name of the part.\n\tName string `json:\"name\"`\n}\n"
	})
	edit(t, dir, "api/shop/v1/widget_types.go", func(s string) string {
		return strings.Replace(s, "\tSize int32 `json:\"size\"`\n", "\tSize int32 `json:\"size\"`\n\t// Parts of the widget.\n\tParts []Part `json:\"parts,omitempty\"`\n", 1)
	})
	code, patch, _ := runOpgen(t, "-C", dir, "generate", "--check")
	if code != 1 {
		t.Fatalf("--check: exit %d, want 1", code)
	}
	for _, s := range []string{"new file mode", "deleted file mode", "\n--- a/config/crd/bases/shop.trust.example.com_widgets.yaml\n"} {
		if !strings.Contains(patch, s) {
			t.Errorf("the patch lacks %q", s)
		}
	}
	writeFile(t, filepath.Join(t.TempDir(), "check.patch"), []byte(patch))
	apply := exec.Command("git", "apply", "-")
	apply.Dir = dir
	apply.Stdin = strings.NewReader(patch)
	if out, err := apply.CombinedOutput(); err != nil {
		t.Fatalf("git apply rejects --check's patch: %v\n%s\n%s", err, out, patch)
	}
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
		t.Fatalf("--check after git apply: exit %d\n%s%s", code, diff, stderr)
	}
}

// TestCheckAndFailuresChangeNothing: with GOFLAGS=-mod=mod, which lets the go command
// rewrite go.mod and go.sum, neither --check nor a failing run changes them; and what
// generated code needs in go.mod is shown by --check as part of its patch.
func TestCheckAndFailuresChangeNothing(t *testing.T) {
	dir := trustModule(t)
	t.Setenv("GOFLAGS", "-mod=mod")
	// go.sum without client-go's entries, which the generated code needs.
	edit(t, dir, "go.sum", func(s string) string {
		return regexp.MustCompile(`(?m)^k8s\.io/client-go .*\n`).ReplaceAllString(s, "")
	})
	before := tree(t, dir)
	code, _, stderr := runOpgen(t, "-C", dir, "generate", "--check")
	if code == 0 {
		t.Fatalf("--check passed on a go.sum that lacks client-go:\n%s", stderr)
	}
	if d := cmp.Diff(before, tree(t, dir)); d != "" {
		t.Errorf("--check changed the module (-before +after):\n%s", d)
	}
	edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string { return s + "\nfunc broken( {\n" })
	before = tree(t, dir)
	if code, _, _ := runOpgen(t, "-C", dir, "generate"); code != 1 {
		t.Fatalf("generate of a broken file: exit %d, want 1", code)
	}
	if d := cmp.Diff(before, tree(t, dir)); d != "" {
		t.Errorf("a failing run changed the module (-before +after):\n%s", d)
	}
}

// TestProjectNames: the operator's name is checked wherever it comes from, and derived
// well where none is given.
func TestProjectNames(t *testing.T) {
	dir := trustModule(t)
	for _, name := range []string{"Foo Bar", "foo\nbar"} {
		code, _, stderr := runOpgen(t, "-C", dir, "generate", "--project-name", name)
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "is not a lowercase DNS label") {
			t.Errorf("--project-name %q: exit %d\n%s", name, code, stderr)
		}
	}
	writeFile(t, filepath.Join(dir, "PROJECT"), []byte("domain: trust.example.com\nlayout:\n- go.kubebuilder.io/v4\nprojectName: gadget-shop\nrepo: opgen.test/golden/trust\n"))
	mustRun(t, "-C", dir, "generate")
	if apf := tree(t, dir)["config/apf/apf.yaml"]; !strings.Contains(apf, "name: gadget-shop-controller-manager") {
		t.Errorf("the PROJECT file's projectName does not name the operator:\n%s", apf)
	}
	project := filepath.Join(t.TempDir(), "p")
	mustRun(t, "init", "--skip-tidy", "--module", "example.com/foo/v2", "--domain", "example.com", project)
	if y, _ := os.ReadFile(filepath.Join(project, "opgen.yaml")); !strings.Contains(string(y), "projectName: foo\n") {
		t.Errorf("init --module example.com/foo/v2 does not name the project foo:\n%s", y)
	}
}

// TestInitWithoutParentWrite: opgen init in a folder that exists, inside a read-only
// parent (a bind mount, or a folder made for a user who cannot write above it), needs
// no write access to that parent.
func TestInitWithoutParentWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a read-only folder")
	}
	base := t.TempDir()
	parent, target, backing := filepath.Join(base, "parent"), filepath.Join(base, "parent", "project"), filepath.Join(base, "backing")
	for _, d := range []string{target, backing} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mount := func(args ...string) error {
		out, err := exec.Command("mount", args...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("mount %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := mount("--bind", parent, parent); err != nil {
		t.Skipf("cannot make a read-only folder here: %v", err)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", parent).Run() })
	if err := mount("-o", "remount,ro,bind", parent); err != nil {
		t.Skipf("cannot make a read-only folder here: %v", err)
	}
	if err := mount("--bind", backing, target); err != nil {
		t.Skipf("cannot bind-mount the project folder: %v", err)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", target).Run() })
	if err := os.WriteFile(filepath.Join(parent, "probe"), nil, 0o644); err == nil {
		t.Fatal("the parent is writable; the test proves nothing")
	}
	mustRun(t, "init", "--skip-tidy", "--module", "example.com/ro", "--domain", "example.com", target)
	if _, err := os.Stat(filepath.Join(target, "opgen.yaml")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(target)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), stagePrefix) {
			t.Errorf("the staging folder %s was left behind", e.Name())
		}
	}
}

// TestOwnMainKeepsGoMod: a repository with its own cmd/main.go, and a tidy go.mod that
// lacks what the main opgen would scaffold imports (k8s.io/apiserver, through the
// metrics filters), gets no requirement for it: opgen writes no such main.
func TestOwnMainKeepsGoMod(t *testing.T) {
	dir := trustModule(t)
	writeFile(t, filepath.Join(dir, "cmd", "main.go"), []byte(`// Command manager is the repository's own.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/golden/trust/internal/controller"
)

func main() {
	scheme := runtime.NewScheme()
	if err := controller.AddToScheme(scheme); err != nil {
		os.Exit(1)
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil || controller.SetupReconcilers(mgr) != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
`))
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	before := tree(t, dir)
	if strings.Contains(before["go.mod"], "k8s.io/apiserver") {
		t.Fatal("the tidy go.mod still requires k8s.io/apiserver; the test proves nothing")
	}
	// A change that regenerates the wiring main calls.
	edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string {
		return strings.Replace(s, "// Size of the gadget.", "// Size of the gadget, in units.", 1)
	})
	mustRun(t, "-C", dir, "generate")
	after := tree(t, dir)
	for _, f := range []string{"go.mod", "go.sum", "cmd/main.go"} {
		if after[f] != before[f] {
			t.Errorf("%s changed:\n%s", f, cmp.Diff(before[f], after[f]))
		}
	}
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
		t.Fatalf("--check on a tidy module: exit %d\n%s%s", code, diff, stderr)
	}
}

// TestRerunsAreCached: a run over inputs a run has seen skips the load and the
// generators, and still puts the tree right; any change to an input, Go file, go.mod or
// option, is a new run.
func TestRerunsAreCached(t *testing.T) {
	dir := trustModule(t)
	cfg := generator.Config{Dir: dir}
	run := func(what string, wantCached bool) *generator.Result {
		t.Helper()
		res, err := generator.Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if res.Cached != wantCached {
			t.Errorf("%s: cached %v, want %v", what, res.Cached, wantCached)
		}
		return res
	}
	// The shared module was generated by another process (its executable differs), so
	// the first run here is a real one; the run that writes stores its result.
	mustRun(t, "-C", dir, "generate")
	run("a rerun", true)
	mustRun(t, "-C", dir, "generate", "--check")

	// An output deleted by hand: the cached result puts it back.
	os.Remove(filepath.Join(dir, "config/crd/bases/lab.trust.example.com_gadgets.yaml"))
	if stderr := mustRun(t, "-C", dir, "generate"); !strings.Contains(stderr, "1 file written") {
		t.Errorf("the deleted CRD was not written back:\n%s", stderr)
	}

	// A Go input changes: a real run, whose output follows.
	edit(t, dir, "api/lab/v1/gadget_types.go", func(s string) string {
		return strings.Replace(s, "// Size of the gadget.", "// Size of the gadget, in units.", 1)
	})
	run("after an edit", false)
	mustRun(t, "-C", dir, "generate")
	if !strings.Contains(tree(t, dir)["config/crd/bases/lab.trust.example.com_gadgets.yaml"], "Size of the gadget, in units.") {
		t.Error("the CRD did not follow the edit")
	}
	run("the rerun after it", true)

	// go.mod changes, an option changes: new runs.
	edit(t, dir, "go.mod", func(s string) string { return s + "\n// a comment\n" })
	run("after go.mod changed", false)
	cfg.ProjectName = "another"
	run("with another project name", false)
}

// TestRerunAfterWriteIsCached: the run right after one that wrote is served from the
// cache, whatever the write changed of what a run reads (new generated files beside
// the inputs, a scaffolded main and reconciler file of the user's, role.yaml's owner),
// so a go generate followed by a --check in CI pays for one run, not two.
func TestRerunAfterWriteIsCached(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a module")
	}
	for _, c := range []string{"minimal", "multi-kind"} {
		t.Run(c, func(t *testing.T) {
			dir := moduleCopy(t, filepath.Join(testdataDir, c), c)
			mustRun(t, "-C", dir, "generate")
			res, err := generator.Run(context.Background(), generator.Config{Dir: dir, Options: generator.DefaultOptions})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Cached {
				t.Errorf("the run right after the first write was a full run")
			}
			// And after a write caused by an edit of an input.
			edit(t, dir, "go.mod", func(s string) string { return s + "\n// edited\n" })
			mustRun(t, "-C", dir, "generate")
			if res, err = generator.Run(context.Background(), generator.Config{Dir: dir, Options: generator.DefaultOptions}); err != nil {
				t.Fatal(err)
			} else if !res.Cached {
				t.Errorf("the run right after an edit's write was a full run")
			}
		})
	}
}

// TestChartFlag: outside a project the Helm chart is written only with --chart; a run
// without it removes what it generated (the templates, the schema) and keeps what is
// the user's: Chart.yaml, values.yaml and a template added to the chart.
func TestChartFlag(t *testing.T) {
	dir := trustModule(t)
	chart := filepath.Join(dir, "dist", "chart")
	if code, _, stderr := runOpgen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(chart); !os.IsNotExist(err) {
		t.Fatalf("a run without --chart wrote %s (%v)", chart, err)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "generate", "--chart"); code != 0 {
		t.Fatalf("generate --chart: exit %d\n%s", code, stderr)
	}
	generated := []string{"templates/manager/manager.yaml", "templates/rbac/role.yaml", "templates/crd", "templates/_helpers.tpl", "values.schema.json"}
	owned := []string{"Chart.yaml", "values.yaml", "templates/team.yaml"}
	for _, f := range append(generated, owned[:2]...) {
		if _, err := os.Stat(filepath.Join(chart, f)); err != nil {
			t.Errorf("generate --chart: %v", err)
		}
	}
	writeFile(t, filepath.Join(chart, "templates", "team.yaml"), []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: team\n"))
	writeFile(t, filepath.Join(chart, "values.yaml"), []byte("replicas: 2\n"))
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--chart", "--check"); code != 0 {
		t.Fatalf("generate --chart --check after the user's changes: exit %d\n%s%s", code, diff, stderr)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	for _, f := range generated[:2] {
		if _, err := os.Stat(filepath.Join(chart, f)); !os.IsNotExist(err) {
			t.Errorf("a run without --chart left %s (%v)", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(chart, "values.schema.json")); !os.IsNotExist(err) {
		t.Errorf("a run without --chart left values.schema.json (%v)", err)
	}
	for _, f := range owned {
		if _, err := os.Stat(filepath.Join(chart, f)); err != nil {
			t.Errorf("the user's %s: %v", f, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(chart, "values.yaml")); string(b) != "replicas: 2\n" {
		t.Errorf("values.yaml: %q", b)
	}
}
