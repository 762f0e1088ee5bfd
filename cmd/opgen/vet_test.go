package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	if !errors.As(err, new(exitError)) {
		t.Fatalf("err = %v, want exit status 1", err)
	}
	want := []string{
		file + ":21:5 deepequal",
		file + ":22:22 requeue",
		file + ":25:12 cachedupdate",
	}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("opgen vet output (-want +got):\n%s\n%s", diff, out)
	}

	// -json (go vet's spelling): the same findings, with the fix named where there is one.
	out, _, err = runVet(t, "-C", dir, "vet", "-json", "./...")
	if !errors.As(err, new(exitError)) {
		t.Fatalf("-json: err = %v, want exit status 1", err)
	}
	var findings []vetFinding
	if err := json.Unmarshal([]byte(out), &findings); err != nil {
		t.Fatalf("-json output: %v\n%s", err, out)
	}
	var got []string
	for _, f := range findings {
		got = append(got, f.File+" "+f.Analyzer+" "+f.Fix)
	}
	wantJSON := []string{
		file + " deepequal Use equality.Semantic.DeepEqual",
		file + " requeue Remove Requeue",
		file + " cachedupdate ",
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
	if _, _, err := runVet(t, "-C", dir, "vet", "--disable", "nosuch"); err == nil || !strings.Contains(err.Error(), `unknown analyzer "nosuch"`) {
		t.Errorf("--disable nosuch: err = %v", err)
	}

	// -fix applies both fixes, the file still builds, and what has no fix is left, at
	// its place in the fixed file.
	out, stderr, err := runVet(t, "-C", dir, "vet", "-fix")
	if !errors.As(err, new(exitError)) {
		t.Fatalf("-fix: err = %v, want exit status 1 for what is left", err)
	}
	want = []string{file + ":25:12 cachedupdate"}
	if diff := cmp.Diff(want, positions(out)); diff != "" {
		t.Errorf("-fix output (-want +got):\n%s", diff)
	}
	if !strings.Contains(stderr, "applied 2 fixes in 1 files") {
		t.Errorf("-fix stderr = %q", stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, file))
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
	if err == nil {
		t.Fatal("vet succeeded without go.sum entries")
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
