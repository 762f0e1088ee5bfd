package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/vet"
)

// vetControllerSrc has two fixable findings (reflect.DeepEqual on a status, Requeue:
// true), one that is not (Status().Update of an object read from the cache; the
// status write itself is guarded by the early return on the diff) and a silenced one.
const vetControllerSrc = `package controller

import (
	"context"
	"reflect"
	"time"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var mc cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &mc); err != nil {
		return ctrl.Result{}, err
	}
	want := cachev1alpha1.MemcachedStatus{ObservedGeneration: mc.Generation}
	if reflect.DeepEqual(mc.Status, want) {
		return ctrl.Result{Requeue: true, RequeueAfter: time.Minute}, nil
	}
	mc.Status = want
	if err := r.Status().Update(ctx, &mc); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 30000000000}, nil //opguard:ignore requeue thirty seconds, spelled out
}
`

// vetProject is a module with the precision testdata's go.mod, go.sum and API
// package, and vetControllerSrc in internal/controller.
func vetProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "vet", "testdata", "precision")
	for _, f := range []string{"go.mod", "go.sum", "api/v1alpha1/memcached_types.go"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		writeVetFile(t, filepath.Join(dir, f), b)
	}
	writeVetFile(t, filepath.Join(dir, "internal", "controller", "controller.go"), []byte(vetControllerSrc))
	return dir
}

func writeVetFile(t *testing.T, name string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// exitCode is the exit status opgen would end with after err.
func exitCode(err error) int {
	return exitStatus(err, io.Discard)
}

func runVet(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRootCommand(&out, &errb)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), errb.String(), err
}

// positions keeps "file:line:col: … (analyzer)" of each line, dropping the message.
func positions(out string) []string {
	re := regexp.MustCompile(`^(\S+:\d+:\d+): .* \((\w+)\)$`)
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			got = append(got, m[1]+" "+m[2])
		} else if l != "" {
			got = append(got, "unparsed: "+l)
		}
	}
	return got
}

func TestVetCommand(t *testing.T) {
	dir := vetProject(t)
	file := filepath.Join("internal", "controller", "controller.go")

	out, _, err := runVet(t, "-C", dir, "vet")
	if code := exitCode(err); code != 1 {
		t.Fatalf("exit %d (%v), want 1", code, err)
	}
	want := []string{
		file + ":21:5 deepequal",
		file + ":22:22 requeue",
		file + ":25:12 cachedupdate",
	}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("opgen vet output (-want +got):\n%s\n%s", diff, out)
	}

	// -json (go vet's spelling): the same findings, with the fix named where there is
	// one, and whether -fix alone applies it.
	out, _, err = runVet(t, "-C", dir, "vet", "-json", "./...")
	if code := exitCode(err); code != 1 {
		t.Fatalf("-json: exit %d (%v), want 1", code, err)
	}
	var findings []vetFinding
	if err := json.Unmarshal([]byte(out), &findings); err != nil {
		t.Fatalf("-json output: %v\n%s", err, out)
	}
	var got []string
	for _, f := range findings {
		got = append(got, fmt.Sprintf("%s %s %s %v", f.File, f.Analyzer, f.Fix, f.FixOptIn))
	}
	wantJSON := []string{
		file + " deepequal Use equality.Semantic.DeepEqual true",
		file + " requeue Remove Requeue false",
		file + " cachedupdate  false",
	}
	if diff := cmp.Diff(wantJSON, got); diff != "" {
		t.Errorf("-json (-want +got):\n%s", diff)
	}

	// -disable and an analyzer flag.
	out, _, _ = runVet(t, "-C", dir, "vet", "-disable", "cachedupdate", "--requeue.min=2m")
	want = []string{file + ":21:5 deepequal", file + ":22:22 requeue", file + ":22:37 requeue"}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("--disable (-want +got):\n%s", diff)
	}
	if !strings.Contains(out, "RequeueAfter of 1m0s is below 2m0s") {
		t.Errorf("--requeue.min=2m not used: %s", out)
	}

	// A bare -fix applies only the fix that cannot change behaviour (requeue's): the
	// deepequal finding stays, its fix held back and said so.
	out, stderr, err := runVet(t, "-C", dir, "vet", "-fix")
	if code := exitCode(err); code != 1 {
		t.Fatalf("-fix: exit %d (%v), want 1 for what is left", code, err)
	}
	want = []string{file + ":21:5 deepequal", file + ":25:12 cachedupdate"}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("-fix output (-want +got):\n%s", diff)
	}
	for _, s := range []string{"applied 1 fixes in 1 files", "1 deepequal fixes not applied", "-fix=deepequal applies them"} {
		if !strings.Contains(stderr, s) {
			t.Errorf("-fix stderr lacks %q:\n%s", s, stderr)
		}
	}
	fixed, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"reflect.DeepEqual(mc.Status, want)", "ctrl.Result{RequeueAfter: time.Minute}"} {
		if !bytes.Contains(fixed, []byte(s)) {
			t.Errorf("after -fix the file lacks %s:\n%s", s, fixed)
		}
	}

	// -fix=deepequal, named, applies it; the file still builds, and what has no fix is
	// left, at its place in the fixed file.
	out, stderr, err = runVet(t, "-C", dir, "vet", "-fix=deepequal")
	if code := exitCode(err); code != 1 {
		t.Fatalf("-fix=deepequal: exit %d (%v), want 1 for what is left", code, err)
	}
	want = []string{file + ":25:12 cachedupdate"}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("-fix=deepequal output (-want +got):\n%s", diff)
	}
	if !strings.Contains(stderr, "applied 1 fixes in 1 files") || strings.Contains(stderr, "not applied") {
		t.Errorf("-fix=deepequal stderr = %q", stderr)
	}
	fixed, err = os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"k8s.io/apimachinery/pkg/api/equality"`, "equality.Semantic.DeepEqual(mc.Status, want)", "ctrl.Result{RequeueAfter: time.Minute}"} {
		if !bytes.Contains(fixed, []byte(s)) {
			t.Errorf("fixed file lacks %s:\n%s", s, fixed)
		}
	}
	if bytes.Contains(fixed, []byte(`"reflect"`)) {
		t.Errorf("fixed file still imports reflect:\n%s", fixed)
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	if b, err := build.CombinedOutput(); err != nil {
		t.Errorf("fixed project does not build: %v\n%s\n%s", err, b, fixed)
	}

	// A clean tree: no output, exit status 0; -C after vet works too.
	out, _, err = runVet(t, "vet", "-C", dir, "./api/...")
	if err != nil || out != "" {
		t.Errorf("clean package: err = %v, output %q", err, out)
	}
	// -fix=all applies every fix; on a tree with none left it is a clean run.
	if out, _, err = runVet(t, "vet", "-C", dir, "-fix=all", "./api/..."); err != nil || out != "" {
		t.Errorf("-fix=all on a clean package: err = %v, output %q", err, out)
	}
	out, _, err = runVet(t, "vet", "--help")
	if err != nil || !strings.Contains(out, "--requeue.min") || !strings.Contains(out, "//opguard:ignore") {
		t.Errorf("vet --help: err = %v, output:\n%s", err, out)
	}
}

// TestVetLoadErrorCauseFirst: with go.sum lacking controller-runtime, vet prints the
// go command's error once, and none of the type errors that follow from it.
func TestVetLoadErrorCauseFirst(t *testing.T) {
	dir := vetProject(t)
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(sum), "\n") {
		if !strings.HasPrefix(l, "sigs.k8s.io/controller-runtime ") {
			kept = append(kept, l)
		}
	}
	writeVetFile(t, filepath.Join(dir, "go.sum"), []byte(strings.Join(kept, "\n")))

	_, _, err = runVet(t, "-C", dir, "vet")
	if code := exitCode(err); code != 2 {
		t.Fatalf("exit %d without go.sum entries (%v), want 2", code, err)
	}
	msg := err.Error()
	if n := strings.Count(msg, "missing go.sum entry"); n != 1 {
		t.Errorf("%d missing go.sum lines, want 1:\n%s", n, msg)
	}
	for _, noise := range []string{"undefined:", "could not import", "invalid operation"} {
		if strings.Contains(msg, noise) {
			t.Errorf("knock-on error %q printed with the cause:\n%s", noise, msg)
		}
	}
	if !strings.Contains(msg, filepath.Join("internal", "controller", "controller.go")) && !strings.Contains(msg, "controller.go") {
		t.Errorf("cause not placed at the module's own import:\n%s", msg)
	}
}

// TestVetCouldNotRun: every way opgen vet can fail to run ends with exit status 2 and
// the reason on stderr, and with -json writes a JSON object {error, causes} to stdout,
// never nothing. The module cases are small modules of vet/testdata/load, loaded with
// the proxy off, so none of them needs the network.
func TestVetCouldNotRun(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	load := func(name string) string {
		dir, err := filepath.Abs(filepath.Join("..", "..", "vet", "testdata", "load", name))
		if err != nil {
			t.Fatal(err)
		}
		return dir
	}
	syntaxError := t.TempDir()
	writeVetFile(t, filepath.Join(syntaxError, "go.mod"), []byte("module example.com/syntaxerror\n\ngo 1.22\n"))
	writeVetFile(t, filepath.Join(syntaxError, "p.go"), []byte("package p\n\nfunc broken( {\n"))
	for _, tc := range []struct {
		name string
		args []string
		want string // in the JSON error and its causes, and on stderr
	}{
		{"module not served", []string{"-C", load("unserved"), "vet"}, "main.go:4:8: module lookup disabled by GOPROXY=off"},
		{"type error", []string{"-C", load("typeerror"), "vet"}, "p.go:4:18: cannot use"},
		{"syntax error", []string{"-C", syntaxError, "vet"}, "p.go:3:14: expected ')'"},
		{"no packages", []string{"-C", load("typeerror"), "vet", "./nothing/..."}, "nothing"},
		{"no directory", []string{"-C", filepath.Join(t.TempDir(), "gone"), "vet"}, "gone"},
		{"unknown analyzer", []string{"-C", load("typeerror"), "vet", "--disable", "nosuch"}, `unknown analyzer "nosuch"`},
		{"unknown fixer", []string{"-C", load("typeerror"), "vet", "-fix=nosuch"}, `--fix: unknown analyzer "nosuch"`},
		{"no fixes", []string{"-C", load("typeerror"), "vet", "-fix=workers"}, "workers suggests no fixes"},
		{"unknown flag", []string{"-C", load("typeerror"), "vet", "--nosuch"}, "unknown flag: --nosuch"},
		{"bad analyzer flag", []string{"-C", load("typeerror"), "vet", "--requeue.min=soon"}, "--requeue.min"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, err := runVet(t, tc.args...)
			if code := exitCode(err); code != 2 {
				t.Fatalf("exit %d (%v), want 2", code, err)
			}
			var printed bytes.Buffer
			exitStatus(err, &printed)
			if !strings.Contains(printed.String()+stderr, tc.want) {
				t.Errorf("stderr %q lacks %q", printed.String()+stderr, tc.want)
			}
			out, _, err := runVet(t, append(tc.args, "-json")...)
			if code := exitCode(err); code != 2 {
				t.Fatalf("-json: exit %d (%v), want 2", code, err)
			}
			var obj vetError
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&obj); err != nil || obj.Error == "" {
				t.Fatalf("-json output is no error object (%v):\n%s", err, out)
			}
			if all := obj.Error + "\n" + strings.Join(obj.Causes, "\n"); !strings.Contains(all, tc.want) {
				t.Errorf("-json error lacks %q:\n%s", tc.want, out)
			}
		})
	}
}

// TestVetHelpMatchesDocs: what --help says each fix does, and which fixes a bare -fix
// applies, is what docs/vet.md says, from the one list (vet.Fixers); and neither claims
// a fix that does not exist (Requeue: true alone turned into a RequeueAfter).
func TestVetHelpMatchesDocs(t *testing.T) {
	help, _, err := runVet(t, "vet", "--help")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join("..", "..", "docs", "vet.md"))
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(help), " ")
	for _, f := range vet.Fixers {
		applied := "`-fix`"
		if f.Changes != "" {
			applied = "`-fix=" + f.Analyzer + "`"
			if !strings.Contains(flat, "-fix="+f.Analyzer+": "+f.Does+"; it changes behaviour: "+f.Changes) {
				t.Errorf("--help does not say that %s's fix is opt-in and why:\n%s", f.Analyzer, help)
			}
			if !strings.Contains(string(docs), "| "+f.Analyzer+" | "+f.Does+" — it changes behaviour: "+f.Changes+" | "+applied+" |") {
				t.Errorf("docs/vet.md's fix table lacks %s's row as --help has it", f.Analyzer)
			}
			continue
		}
		if !strings.Contains(flat, f.Analyzer+": "+f.Does) {
			t.Errorf("--help does not list %s's fix:\n%s", f.Analyzer, help)
		}
		if !strings.Contains(string(docs), "| "+f.Analyzer+" | "+f.Does+" | "+applied+" |") {
			t.Errorf("docs/vet.md's fix table lacks %s's row as --help has it", f.Analyzer)
		}
	}
	for _, page := range []string{flat, string(docs)} {
		if strings.Contains(page, "Requeue: true -> RequeueAfter") || strings.Contains(page, "Requeue: true → RequeueAfter") {
			t.Errorf("a fix of Requeue: true into RequeueAfter is claimed; there is none")
		}
	}
}
