package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWebhookExistingFileRefused: a second create webhook for the same kind is refused
// with one line and writes nothing; the first one's files are the user's.
func TestWebhookExistingFileRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("resolves the project's modules")
	}
	dir := filepath.Join(t.TempDir(), "p")
	copyTree(t, filepath.Join(goldenDir, "init-webhook"), dir)
	before := readTree(t, dir)
	for _, args := range [][]string{
		{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--defaulting"},
		{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--conversion", "--spoke", "v2"},
	} {
		code, _, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...)
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "exists") {
			t.Fatalf("opgen %s: exit %d, stderr %q; want one line saying the file exists", strings.Join(args, " "), code, stderr)
		}
	}
	compareTrees(t, before, readTree(t, dir))
}

// TestConversionFieldAddedLater: a field added to a spoke after its conversion was
// scaffolded is refused by opgen generate, naming the function to write with its
// signature and writing nothing (the tree would not build); once the function exists,
// generate runs, and the build and the round-trip test pass.
func TestConversionFieldAddedLater(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	if testing.Short() {
		t.Skip("builds a golden project")
	}
	dir := filepath.Join(t.TempDir(), "p")
	copyTree(t, filepath.Join(goldenDir, "init-webhook"), dir)
	types := filepath.Join(dir, "api", "cache", "v2", "memcached_types.go")
	b, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(b), "\tSize int32 `json:\"size,omitempty\"`\n", "\tSize int32 `json:\"size,omitempty\"`\n\n\t// Paused stops the workload.\n\t// +optional\n\tPaused bool `json:\"paused,omitempty\"`\n", 1)
	if edited == string(b) {
		t.Fatal("the v2 types have no Size field")
	}
	writeFile(t, types, []byte(edited))
	refused(t, dir, `^api/cache/v2/memcached_conversion.go:\d+:\d+: the generated conversion calls convertMemcachedSpecPausedToHub for Spec.Paused, which v1 has under no field of that name and type, and no file of this package declares it: add func convertMemcachedSpecPausedToHub\(in \*MemcachedSpec, out \*cachev1.MemcachedSpec\) error\n$`, "generate")
	// v1 has no Paused: the field is carried nowhere here, and said so.
	conv := filepath.Join(dir, "api", "cache", "v2", "memcached_conversion.go")
	c, err := os.ReadFile(conv)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, conv, append(c, []byte("\nfunc convertMemcachedSpecPausedToHub(in *MemcachedSpec, out *cachev1.MemcachedSpec) error { return nil }\n")...))
	succeeds(t, dir, "generate")
	goCmd(t, dir, "build", "./...")
	test := exec.Command("go", "test", "-count=1", "./api/cache/v2/")
	test.Dir = dir
	out, err := test.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "v2 → v1 → v2 changed it") {
		t.Fatalf("the round-trip test with Paused dropped: %v, want its failure\n%s", err, out)
	}
}

// TestConversionOnlyWebhook: create webhook --conversion on a kind without admission
// webhooks scaffolds the hub's webhook package (its setup only), and the same run
// generates that package's suite and conversion test: a second run changes nothing.
func TestConversionOnlyWebhook(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	if testing.Short() {
		t.Skip("resolves the project's modules")
	}
	dir := filepath.Join(t.TempDir(), "p")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"init", "--module", "example.com/c", "--domain", "example.com"},
		{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached"},
		{"create", "api", "--group", "cache", "--version", "v2", "--kind", "Memcached"},
		{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--conversion", "--spoke", "v2"},
	} {
		if code, _, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...); code != 0 {
			t.Fatalf("opgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	got := readTree(t, dir)
	for _, p := range []string{
		"internal/webhook/cache/v1/memcached_webhook.go",
		"internal/webhook/cache/v1/zz_generated.webhook_suite_test.go",
		"internal/webhook/cache/v1/zz_generated.memcached_conversion_v2_test.go",
		"api/cache/v2/zz_generated.conversion.go",
		"api/cache/v2/zz_generated.conversion_test.go",
	} {
		if _, ok := got[p]; !ok {
			t.Errorf("%s was not written", p)
		}
	}
	if _, ok := got["internal/webhook/cache/v1/memcached_webhook_test.go"]; ok {
		t.Error("a test of admission examples was scaffolded for a webhook without any")
	}
	if !strings.Contains(got["config/crd/bases/cache.example.com_memcacheds.yaml"], "strategy: Webhook") {
		t.Error("the CRD has no conversion stanza")
	}
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
		t.Fatalf("--check after create webhook: exit %d\n%s%s", code, diff, stderr)
	}
	goCmd(t, dir, "vet", "./...")
}
