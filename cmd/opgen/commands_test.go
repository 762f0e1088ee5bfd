package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The newer commands held to generate's contract (issue 23): every case below ends in
// one of two ways, run for real in a copy of a golden project: the command succeeds
// and the project builds, vets and is fresh (generate --check), or it fails with exit
// status 1, a positioned or one-line reason naming the fix, and the tree unchanged.

// userProject copies a golden init project into a directory of its own, as a user's.
func userProject(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs opgen in a project and builds it")
	}
	dir := filepath.Join(t.TempDir(), name)
	copyTree(t, filepath.Join(goldenDir, name), dir)
	return dir
}

// succeeds runs opgen and wants exit status 0.
func succeeds(t *testing.T, dir string, args ...string) string {
	t.Helper()
	code, _, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...)
	if code != 0 {
		t.Fatalf("opgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return stderr
}

// refused runs opgen and wants exit status 1, every line of stderr matching want, and
// the tree as it was.
func refused(t *testing.T, dir string, want string, args ...string) string {
	t.Helper()
	before := readTree(t, dir)
	code, stdout, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...)
	// A one-line refusal is "opgen: <reason>"; diagnostics are positioned.
	if code != 1 || stdout != "" || !regexp.MustCompile(want).MatchString(strings.TrimPrefix(stderr, "opgen: ")) {
		t.Fatalf("opgen %s: exit %d, stderr:\n%s\nwant exit 1 and %q", strings.Join(args, " "), code, stderr, want)
	}
	compareTrees(t, before, readTree(t, dir))
	return stderr
}

// fresh wants the project to build, vet and be what generate makes of it.
func fresh(t *testing.T, dir string) {
	t.Helper()
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
		t.Fatalf("generate --check: exit %d\n%s%s", code, diff, stderr)
	}
}

// TestTwoKindsWithWebhooksInOneVersion: webhooks of two kinds share their package
// (nameLabel was declared twice).
func TestTwoKindsWithWebhooksInOneVersion(t *testing.T) {
	dir := userProject(t, "init-webhook")
	succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v1", "--kind", "Pool")
	succeeds(t, dir, "create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Pool", "--defaulting", "--programmatic-validation")
	fresh(t, dir)
}

// TestWebhookSetupThatDoesNotFit: a setup function the wiring cannot call, or none for
// a kind a +kubebuilder:webhook marker admits, is an error, not a webhook silently left
// unregistered while its configuration still sends requests to it.
func TestWebhookSetupThatDoesNotFit(t *testing.T) {
	dir := userProject(t, "init-webhook")
	file := "internal/webhook/cache/v1/memcached_webhook.go"
	const setup = "func SetupMemcachedWebhookWithManager(mgr ctrl.Manager) error {"
	edit(t, dir, file, func(s string) string {
		return strings.Replace(s, setup, "func SetupMemcachedWebhookWithManager(mgr ctrl.Manager, opts ...string) error {", 1)
	})
	refused(t, dir, `^internal/webhook/cache/v1/memcached_webhook.go:21:6: SetupMemcachedWebhookWithManager does not fit the generated SetupReconcilers, which calls it with the manager alone: have func SetupMemcachedWebhookWithManager\(mgr ctrl.Manager, opts \.\.\.string\) error, want func SetupMemcachedWebhookWithManager\(mgr ctrl.Manager\) error\n$`, "generate")
	edit(t, dir, file, func(s string) string {
		return strings.Replace(s, "func SetupMemcachedWebhookWithManager(mgr ctrl.Manager, opts ...string) error {", "func SetupMemcachedWebhooks(mgr ctrl.Manager) error {", 1)
	})
	refused(t, dir, `^internal/webhook/cache/v1/memcached_webhook.go:32:1: \+kubebuilder:webhook admits Memcached, but no package declares SetupMemcachedWebhookWithManager\(mgr ctrl.Manager\) error`, "generate")
}

// TestMalformedKubebuilderMarkers: a +kubebuilder:webhook or +kubebuilder:rbac marker
// controller-gen refuses is refused, positioned, never dropped.
func TestMalformedKubebuilderMarkers(t *testing.T) {
	dir := userProject(t, "init-webhook")
	file := "internal/webhook/cache/v1/memcached_webhook.go"
	orig := readTree(t, dir)[file]
	for _, c := range []struct{ from, to, want string }{
		{":path=/mutate", ":pth=/mutate", `memcached_webhook.go:32:\d+: \+kubebuilder:webhook: unknown argument "pth"`},
		{"mutating=true", "mutating=maybe", `memcached_webhook.go:32:78: \+kubebuilder:webhook: expected true or false, got "maybe"`},
		{",name=mmemcached-v1.kb.io", "", `memcached_webhook.go:32:\d+: \+kubebuilder:webhook: missing argument "name"`},
		{"versions=v1,name=mmemcached", "versions=v1,foo=bar,name=mmemcached", `memcached_webhook.go:32:\d+: \+kubebuilder:webhook: unknown argument "foo"`},
		{"// +kubebuilder:webhook:path=/mutate", "// +kubebuilder:rbac:groups=apps,resource=deployments,verbs=get\n// +kubebuilder:webhook:path=/mutate", `memcached_webhook.go:32:\d+: \+kubebuilder:rbac: unknown argument "resource"`},
	} {
		if !strings.Contains(orig, c.from) {
			t.Fatalf("the webhook file has no %q", c.from)
		}
		writeFile(t, filepath.Join(dir, file), []byte(strings.Replace(orig, c.from, c.to, 1)))
		refused(t, dir, c.want, "generate")
	}
}

// TestOwnsIsChecked: --owns (and +opguard:owns) take a kind as the API server serves
// it, in a scope the owner can own, and say what was meant.
func TestOwnsIsChecked(t *testing.T) {
	dir := userProject(t, "init-memcached")
	api := func(kind string, extra ...string) []string {
		return append([]string{"create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", kind}, extra...)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{api("Gate", "--owns", "networking/v1/Ingress"), `^--owns networking/v1/Ingress: the API group of Ingress is networking.k8s.io, as the API server names it; write networking.k8s.io/v1/Ingress\n$`},
		{api("Gate", "--owns", "rbac/v1/ClusterRole"), `write rbac.authorization.k8s.io/v1/ClusterRole\n$`},
		{api("Gate", "--owns", "extensions/v1beta1/Ingress"), `removed in Kubernetes 1.22: no server of 1.37 serves it; own networking.k8s.io/v1/Ingress instead\n$`},
		{api("Gate", "--owns", "apps/v1beta1/Deployment"), `removed in Kubernetes 1.16.*own apps/v1/Deployment instead\n$`},
		{api("Gate", "--owns", "rbac.authorization.k8s.io/v1/ClusterRole"), `ClusterRole is cluster-scoped and the kind is namespaced`},
		{api("Gate", "--owns", "core/v1/Namespace"), `Namespace is cluster-scoped and the kind is namespaced`},
		{api("Gate", "--owns", "apps/v1/Deploymnt"), `did you mean apps/v1/Deployment\?\n$`},
		{api("Gate", "--owns", "v1/ConfigMap"), `did you mean core/v1/ConfigMap\?\n$`},
		{api("Gate", "--owns", "cache/v1alpha1/Memcached"), `--owns cache.example.com/v1alpha1/Memcached\n$`},
	} {
		refused(t, dir, c.want, c.args...)
	}
	// The same rules for the marker, positioned.
	types := "api/cache/v1alpha1/memcached_types.go"
	orig := readTree(t, dir)[types]
	edit(t, dir, types, func(s string) string {
		return strings.Replace(s, "// +opguard:owns=apps/v1/Deployment", "// +opguard:owns=apps/v1/Deployment\n// +opguard:owns=networking/v1/Ingress\n// +opguard:owns=core/v1/Namespace", 1)
	})
	refused(t, dir, `(?s)^api/cache/v1alpha1/memcached_types.go:\d+:18: \+opguard:owns=networking/v1/Ingress: .*write networking.k8s.io/v1/Ingress\n`+
		`api/cache/v1alpha1/memcached_types.go:\d+:18: \+opguard:owns=core/v1/Namespace: Memcached is namespaced and core/v1/Namespace is cluster-scoped`, "generate")
	// A cluster-scoped kind owns a cluster-scoped one.
	writeFile(t, filepath.Join(dir, types), []byte(orig))
	succeeds(t, dir, append(api("Gate", "--namespaced=false"), "--owns", "rbac.authorization.k8s.io/v1/ClusterRole")...)
}

// TestScopeBelongsToTheKind: a new version of a kind has the kind's scope; asking for
// another is refused, since the API server never changes a CRD's scope.
func TestScopeBelongsToTheKind(t *testing.T) {
	dir := userProject(t, "init-memcached")
	refused(t, dir, `^kind Memcached is namespaced \(api/cache/v1alpha1/memcached_types.go:\d+\): every version of a kind has its scope`, "create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--namespaced=false")
	succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached")
	if strings.Contains(readTree(t, dir)["api/cache/v1/memcached_types.go"], "scope=Cluster") {
		t.Fatal("the new version of a namespaced kind is cluster-scoped")
	}
	fresh(t, dir)
	// By hand: two versions of one kind in two scopes.
	edit(t, dir, "api/cache/v1/memcached_types.go", func(s string) string {
		return strings.Replace(s, "// +kubebuilder:object:root=true", "// +kubebuilder:object:root=true\n// +kubebuilder:resource:scope=Cluster", 1)
	})
	refused(t, dir, `api/cache/v1/memcached_types.go:\d+:6: v1 Memcached is cluster-scoped and v1alpha1 \(memcached_types.go:\d+\) is namespaced: one CRD serves every version`, "generate")
}

// TestGeneratedNamesNeverCollide: owning a kind named Status gives a gated apply that
// is not the owner's status writer.
func TestGeneratedNamesNeverCollide(t *testing.T) {
	dir := userProject(t, "init-memcached")
	succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Status")
	succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Holder", "--owns", "cache.example.com/v1alpha1/Status")
	owned := readTree(t, dir)["internal/controller/zz_generated.holder_owned.go"]
	if !strings.Contains(owned, "func ApplyHolderCacheStatus(") {
		t.Fatalf("the gated apply of Status is not ApplyHolderCacheStatus:\n%s", owned)
	}
	fresh(t, dir)
}

// TestRemovedMarkerStillCalled: removing +opguard:owns while the user's controller
// still calls its gated apply is refused at the call, not a tree that does not build.
func TestRemovedMarkerStillCalled(t *testing.T) {
	dir := userProject(t, "init-memcached")
	edit(t, dir, "api/cache/v1alpha1/memcached_types.go", func(s string) string {
		return strings.Replace(s, "// +opguard:owns=apps/v1/Deployment\n", "", 1)
	})
	refused(t, dir, `^internal/controller/memcached_controller.go:\d+:\d+: ApplyMemcachedDeployment is no longer generated \(the marker that asked for it is gone\) and this file of yours still uses it`, "generate")
}

// TestConcurrentCreates: two create api runs at once in one project serialize: the
// second waits, then plans against what the first wrote; nothing is lost.
func TestConcurrentCreates(t *testing.T) {
	dir := userProject(t, "init-memcached")
	var wg sync.WaitGroup
	codes := make([]int, 2)
	errs := make([]string, 2)
	for i, kind := range []string{"Apple", "Berry"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, errs[i] = opgenProcess(t, dir, nil, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", kind)
		}()
	}
	wg.Wait()
	for i := range codes {
		if codes[i] != 0 {
			t.Fatalf("run %d: exit %d\n%s", i, codes[i], errs[i])
		}
	}
	tree := readTree(t, dir)
	for _, f := range []string{"internal/controller/zz_generated.apple_reconciler.go", "internal/controller/zz_generated.berry_reconciler.go", "config/crd/bases/cache.example.com_apples.yaml", "config/crd/bases/cache.example.com_berries.yaml"} {
		if _, ok := tree[f]; !ok {
			t.Errorf("%s is missing after two concurrent create api runs", f)
		}
	}
	fresh(t, dir)
}

// TestScaffoldInputIsChecked: more bad values of create api and create webhook, each
// one line, exit 1, nothing written.
func TestScaffoldInputIsChecked(t *testing.T) {
	dir := userProject(t, "init-memcached")
	long := "K" + strings.Repeat("a", 69)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "api", "--group", "9lives", "--version", "v1", "--kind", "Cat"}, `^--group "9lives" is not a lowercase DNS label starting with a letter`},
		{[]string{"create", "api", "--group", "cache.example.com", "--version", "v1", "--kind", "Cat"}, `^--group "cache.example.com" includes the project's domain: give its first part, --group cache`},
		{[]string{"create", "api", "--group", "cache", "--version", "v1", "--kind", long}, `^--kind ` + long + ` is too long: its resource name .* is over 63 characters`},
		{[]string{"create", "webhook", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--conversion", "--spoke", "v2,v2"}, `^--spoke v2 is given twice\n$`},
		{[]string{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--owns", "core/v1/Service"}, `^--owns is for a kind's first version`},
	} {
		refused(t, dir, c.want, c.args...)
	}
	empty := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"init", "--module", "example.com/op", "--domain", "exämple.com"}, `^--domain "exämple.com" is not a DNS subdomain \(lowercase ASCII letters`},
		{[]string{"init", "--module", "example.com/op", "--domain", "example"}, `^--domain "example" has no dot`},
		{[]string{"init", "--module", "example.com/op", "--domain", "example.com", "--project-name", "My_Op"}, `^--project-name: project name "My_Op" is not a lowercase DNS label`},
	} {
		refused(t, empty, c.want, c.args...)
	}
}

// TestGeneratedSuiteStopsEnvtest: a generated envtest suite stops the etcd and
// kube-apiserver it started on every path: when they fail to start (a CRD the API
// server rejects, as a kind whose plural is too long gave) and when go test is
// interrupted; and it sets a logger, so a failing suite does not open with
// controller-runtime's "log.SetLogger(...) was never called" trace.
func TestGeneratedSuiteStopsEnvtest(t *testing.T) {
	dir := userProject(t, "init-memcached")
	// The suite's own copy of the API server binaries: what runs from it is the suite's.
	assets := t.TempDir()
	for _, b := range []string{"etcd", "kube-apiserver"} {
		data, err := os.ReadFile(filepath.Join(envtestAssets(t), b))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(assets, b), data)
		if err := os.Chmod(filepath.Join(assets, b), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	running := func() []string {
		var out []string
		procs, _ := filepath.Glob("/proc/[0-9]*/exe")
		for _, p := range procs {
			if exe, err := os.Readlink(p); err == nil && strings.HasPrefix(exe, assets) {
				out = append(out, exe)
			}
		}
		return out
	}
	// What a failing case leaves running is this test's to stop.
	t.Cleanup(func() {
		procs, _ := filepath.Glob("/proc/[0-9]*/exe")
		for _, p := range procs {
			if exe, err := os.Readlink(p); err == nil && strings.HasPrefix(exe, assets) {
				if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p))); err == nil {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
	})
	suite := func() *exec.Cmd {
		cmd := exec.Command("go", "test", "-count=1", "./internal/controller/")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return cmd
	}

	t.Run("start fails", func(t *testing.T) {
		bad := strings.Replace(readTree(t, dir)["config/crd/bases/cache.example.com_memcacheds.yaml"], "name: memcacheds.cache.example.com", "name: "+strings.Repeat("x", 70)+".cache.example.com", 1)
		crd := filepath.Join(dir, "config/crd/bases/cache.example.com_broken.yaml")
		writeFile(t, crd, []byte(bad))
		defer os.Remove(crd)
		out, err := suite().CombinedOutput()
		if err == nil {
			t.Fatalf("the suite passed with a CRD the API server rejects:\n%s", out)
		}
		if strings.Contains(string(out), "log.SetLogger(...) was never called") {
			t.Errorf("the suite set no logger:\n%s", out)
		}
		if left := running(); len(left) > 0 {
			t.Fatalf("after the suite failed to start, still running: %v\n%s", left, out)
		}
	})

	t.Run("interrupted", func(t *testing.T) {
		// A test that is still running when go test is interrupted.
		writeFile(t, filepath.Join(dir, "internal/controller/wait_test.go"), []byte("package controller\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestWait(t *testing.T) { time.Sleep(3 * time.Minute) }\n"))
		cmd := suite()
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		started := false
		for deadline := time.Now().Add(3 * time.Minute); !started && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
			started = len(running()) == 2
		}
		if !started {
			cmd.Process.Kill()
			t.Fatalf("the suite did not start etcd and kube-apiserver:\n%s", out.String())
		}
		// Ctrl-C: SIGINT to the whole process group, as a terminal sends it.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		cmd.Wait()
		// kube-apiserver shuts down gracefully, in seconds.
		for deadline := time.Now().Add(time.Minute); len(running()) > 0 && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
		}
		if left := running(); len(left) > 0 {
			t.Fatalf("after go test was interrupted, still running: %v\n%s", left, out.String())
		}
	})

	t.Run("reader gone", func(t *testing.T) {
		// Whoever reads the suite's output (a CI runner, an outer go test) is gone
		// first: the suite's next write meets a closed pipe, which must not end it
		// before it stops what it started.
		writeFile(t, filepath.Join(dir, "internal/controller/wait_test.go"), []byte("package controller\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestWait(t *testing.T) { time.Sleep(15 * time.Second); t.Log(\"after the reader left\") }\n"))
		defer os.Remove(filepath.Join(dir, "internal/controller/wait_test.go"))
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := suite()
		cmd.Args = append(cmd.Args, "-v")
		cmd.Stdout, cmd.Stderr = w, w
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		var out strings.Builder
		drained := make(chan struct{})
		go func() { io.Copy(&out, r); close(drained) }()
		started := false
		for deadline := time.Now().Add(3 * time.Minute); !started && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
			started = len(running()) == 2
		}
		r.Close()
		<-drained
		if !started {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
			t.Fatalf("the suite did not start etcd and kube-apiserver:\n%s", out.String())
		}
		cmd.Wait()
		for deadline := time.Now().Add(2 * time.Minute); len(running()) > 0 && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
		}
		if left := running(); len(left) > 0 {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			t.Fatalf("after the suite's reader left, still running: %v\n%s", left, out.String())
		}
	})
}

// TestConversionWorkflow: each step of a converting kind's life has one command that
// works: a third version, a spoke's conversion file regenerated after it was deleted,
// webhooks added in any order; and a hub that is not the storage version is refused
// in one line before anything is written.
func TestConversionWorkflow(t *testing.T) {
	t.Run("third version", func(t *testing.T) {
		dir := userProject(t, "init-webhook")
		succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v3", "--kind", "Memcached")
		tree := readTree(t, dir)
		if !strings.Contains(tree["api/cache/v3/memcached_conversion.go"], "func (src *Memcached) ConvertTo(") {
			t.Fatal("the third version does not convert through the hub")
		}
		if _, ok := tree["internal/webhook/cache/v1/zz_generated.memcached_conversion_v3_test.go"]; !ok {
			t.Error("no conversion test through the API server for v3")
		}
		fresh(t, dir)
	})
	t.Run("spoke file deleted", func(t *testing.T) {
		dir := userProject(t, "init-webhook")
		spoke := "api/cache/v2/memcached_conversion.go"
		was := readTree(t, dir)[spoke]
		if err := os.Remove(filepath.Join(dir, spoke)); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, `v2 Memcached is served beside the hub v1 but does not convert: declare ConvertTo and ConvertFrom \(opgen create webhook --conversion --spoke v2\)`, "generate")
		succeeds(t, dir, "create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--conversion", "--spoke", "v2")
		if got := readTree(t, dir)[spoke]; got != was {
			t.Errorf("the spoke's conversion file came back different:\n%s", got)
		}
		fresh(t, dir)
	})
	t.Run("conversion, then defaulting", func(t *testing.T) {
		dir := userProject(t, "init-memcached")
		succeeds(t, dir, "create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached")
		refused(t, dir, `^--version v1 is not the storage version of Memcached \(v1alpha1 is: api/cache/v1alpha1/memcached_types.go:\d+\): the hub is the storage version`, "create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--conversion", "--spoke", "v1alpha1")
		succeeds(t, dir, "create", "webhook", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--conversion", "--spoke", "v1")
		succeeds(t, dir, "create", "webhook", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--defaulting")
		tree := readTree(t, dir)
		if !strings.Contains(tree["internal/webhook/cache/v1alpha1/memcached_webhook.go"], "WithDefaulter(") {
			t.Fatal("--defaulting after --conversion did not add the defaulter")
		}
		if _, ok := tree["internal/webhook/cache/v1alpha1/memcached_webhook_test.go"]; !ok {
			t.Error("no test of the defaulter")
		}
		fresh(t, dir)
		// A webhook file the user changed is theirs: refused, with what to add.
		edit(t, dir, "internal/webhook/cache/v1alpha1/memcached_webhook.go", func(s string) string { return s + "\n// mine\n" })
		refused(t, dir, `memcached_webhook.go exists and is yours \(changed since opgen scaffolded it\): add the defaulter or validator there by hand`, "create", "webhook", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--programmatic-validation")
	})
}

// TestInterruptSaysOneThing: SIGINT at any moment of a run that has not committed
// (the load, the go command, the writes) ends with exit status 1, one line, and the
// tree unchanged, whatever step it stopped.
func TestInterruptSaysOneThing(t *testing.T) {
	dir := userProject(t, "init-memcached")
	edit(t, dir, "api/cache/v1alpha1/memcached_types.go", func(s string) string {
		return strings.Replace(s, "// +opguard:owns=apps/v1/Deployment\n", "// +opguard:owns=apps/v1/Deployment\n// +opguard:owns=core/v1/ConfigMap\n", 1)
	})
	before := readTree(t, dir)
	interrupted := 0
	for _, after := range []time.Duration{300 * time.Millisecond, 700 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second} {
		cmd := exec.Command(os.Args[0], "generate")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), runAsMain+"=1", "OPGEN_CACHE=off")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		t.Logf("SIGINT after %v: exit %d", after, code)
		if code == 0 {
			// The run finished before the signal: its change is whole. Undo it, so
			// the next delay starts from the same tree.
			for p := range readTree(t, dir) {
				if _, ok := before[p]; !ok {
					if err := os.Remove(filepath.Join(dir, p)); err != nil {
						t.Fatal(err)
					}
				}
			}
			for p, c := range before {
				writeFile(t, filepath.Join(dir, p), []byte(c))
			}
			continue
		}
		switch {
		case code == -1 && stderr.Len() == 0:
			// The signal came before the process reached opgen's handler (a slow
			// start on a loaded machine): the default action, nothing begun. The
			// tree must still be whole.
			t.Logf("SIGINT after %v: before the handler was installed", after)
		case code != 1 || stderr.String() != "opgen: interrupted; nothing was changed\n":
			t.Errorf("SIGINT after %v: exit %d, stderr %q; want 1 and one line", after, code, stderr.String())
		default:
			interrupted++
		}
		if d := readTree(t, dir); len(d) != len(before) {
			t.Errorf("SIGINT after %v changed the file set", after)
		} else {
			compareTrees(t, before, d)
		}
	}
	if interrupted == 0 {
		t.Error("no run was interrupted under way: the contract was not exercised")
	}
}
