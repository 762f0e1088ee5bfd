package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// initCases are the golden scaffolds: each is what the real commands produce, run one
// after the other in an empty directory, and is kept whole in golden/<name>.
var initCases = []struct {
	name string
	// setup prepares the empty directory (a platform's templates inside it).
	setup func(t *testing.T, dir string)
	cmds  [][]string
	// edits are a person's edits, each run after the command of its index.
	edits map[int]func(t *testing.T, dir string)
}{{
	name: "init-memcached",
	cmds: [][]string{
		{"init", "--module", "example.com/memcached-operator", "--domain", "example.com"},
		{"create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--owns", "apps/v1/Deployment"},
	},
}, {
	name: "init-multi",
	cmds: [][]string{
		{"init", "--module", "example.com/fleet-operator", "--domain", "fleet.example.com", "--project-name", "fleet"},
		{"create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--owns", "apps/v1/Deployment", "--owns", "core/v1/Service"},
		{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached"},
		{"create", "api", "--group", "batch", "--version", "v1beta1", "--kind", "Sweeper", "--namespaced=false", "--owns", "core/v1/ConfigMap", "--owns", "core/v1/Secret"},
	},
}, {
	// The webhook workflow: a kind with defaulting and validation, a second version
	// whose field is renamed by hand, then conversion with v1 the hub.
	name: "init-webhook",
	cmds: [][]string{
		{"init", "--module", "example.com/webhook-operator", "--domain", "example.com"},
		{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--owns", "apps/v1/Deployment"},
		{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--defaulting", "--programmatic-validation"},
		{"create", "api", "--group", "cache", "--version", "v2", "--kind", "Memcached"},
		{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--conversion", "--spoke", "v2"},
	},
	edits: map[int]func(t *testing.T, dir string){3: renameReplicas},
}, {
	// Controllers of kinds the project does not define: annotated Deployments, each
	// with a ConfigMap of its own; and labelled Certificates of another project's module
	// (a local copy, replaced in go.mod, stands in for it), each with a Secret.
	name: "init-external",
	cmds: [][]string{
		{"init", "--module", "example.com/sidecar-operator", "--domain", "example.com"},
		{"create", "controller", "--group", "apps", "--version", "v1", "--kind", "Deployment", "--owns", "core/v1/ConfigMap", "--select-annotation", "example.com/config"},
		{"create", "controller", "--group", "certs", "--version", "v1", "--kind", "Certificate", "--external-api-path", "example.com/certs/api/v1", "--external-api-domain", "example.org",
			"--owns", "core/v1/ConfigMap", "--select-labels", "example.com/managed=true", "--own-condition", "example.com/BundleReady"},
	},
	edits: map[int]func(t *testing.T, dir string){0: standInCerts, 2: certificateSample},
}, {
	name: "init-override",
	setup: func(t *testing.T, dir string) {
		copyTree(t, filepath.Join(testdataDir, "_templates", "platform"), filepath.Join(dir, "platform-templates"))
	},
	cmds: [][]string{
		{"init", "--module", "example.com/platform-operator", "--domain", "platform.example.com", "--templates", "platform-templates", "--force"},
		{"create", "api", "--group", "apps", "--version", "v1", "--kind", "Service"},
	},
}}

// standInCerts puts the module of external-crd's Certificate in the project, as a
// team does with a module it has not published: a copy under third_party, replaced in
// go.mod (a module that was never published has no version for go get to find, so
// it is required at the zero pseudo-version, as go mod edit writes it).
func standInCerts(t *testing.T, dir string) {
	copyTree(t, filepath.Join(testdataDir, "external-crd", "third_party", "certs"), filepath.Join(dir, "third_party", "certs"))
	p := filepath.Join(dir, "go.mod")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, "\n// A module of another project, kept here until it is published.\nrequire example.com/certs v0.0.0-00010101000000-000000000000\n\nreplace example.com/certs => ./third_party/certs\n"...)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// certificateSample is what a person writes into the Certificate sample the scaffold
// leaves open: the fields another project's CRD requires.
func certificateSample(t *testing.T, dir string) {
	p := filepath.Join(dir, "config", "samples", "certs_example_org_v1_certificate.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "spec: {} # what a valid Certificate needs\n", "spec:\n  dnsNames:\n  - sample.example.com\n  secretName: certificate-sample-tls\n", 1)
	if s == string(b) {
		t.Fatalf("the Certificate sample has no open spec:\n%s", b)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// renameReplicas is the hand edit of init-webhook: v2 of Memcached calls the replica
// count size, in its types and its sample.
func renameReplicas(t *testing.T, dir string) {
	p := filepath.Join(dir, "api", "cache", "v2", "memcached_types.go")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.NewReplacer("Replicas int32 `json:\"replicas,omitempty\"`", "Size int32 `json:\"size,omitempty\"`",
		"Replicas is how many", "Size is how many").Replace(string(b))
	if s == string(b) {
		t.Fatal("the v2 types have no Replicas field to rename")
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	// The sample follows, with a value other than the default, which a lost field
	// would come back as.
	sample := filepath.Join(dir, "config", "samples", "cache_v2_memcached.yaml")
	b, err = os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.Replace(string(b), "  replicas: 1\n", "  size: 3\n", 1); s == string(b) {
		t.Fatal("the v2 sample sets no replicas")
	} else if err := os.WriteFile(sample, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenInit runs opgen init and create api for real and compares the project with
// golden/<name>, both ways; -update rewrites it. A second opgen generate must change
// no byte, and --check must pass.
func TestGoldenInit(t *testing.T) {
	if testing.Short() {
		t.Skip("resolves the projects' modules")
	}
	for _, c := range initCases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), c.name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if c.setup != nil {
				c.setup(t, dir)
			}
			for i, args := range c.cmds {
				if code, _, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...); code != 0 {
					t.Fatalf("opgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
				}
				if edit := c.edits[i]; edit != nil {
					edit(t, dir)
				}
			}
			got := readTree(t, dir)
			want := filepath.Join(goldenDir, c.name)
			if *update {
				if err := os.RemoveAll(want); err != nil {
					t.Fatal(err)
				}
				copyTree(t, dir, want)
			}
			compareTrees(t, readTree(t, want), got)
			if code, _, stderr := runOpgen(t, "-C", dir, "generate"); code != 0 {
				t.Fatalf("second generate: exit %d\n%s", code, stderr)
			}
			if d := readTree(t, dir); len(d) != len(got) {
				t.Fatalf("the second generate changed the file set: %d files, then %d", len(got), len(d))
			} else {
				compareTrees(t, got, d)
			}
			if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
				t.Fatalf("--check: exit %d\n%s%s", code, diff, stderr)
			}
		})
	}
}

// TestGoldenInitBuild builds and vets every golden scaffold, and runs the tests of each
// (envtest: a real kube-apiserver and etcd) as a user of the project would.
func TestGoldenInitBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the golden projects")
	}
	assets := envtestAssets(t)
	for _, c := range initCases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(goldenDir, c.name)
			for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}, {"test", "-count=1", "./..."}} {
				cmd := exec.Command("go", args...)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
				}
			}
		})
	}
}

// TestScaffoldBadInput: each bad value is refused with one line, exit status 1, and
// nothing written.
func TestScaffoldBadInput(t *testing.T) {
	project := t.TempDir()
	if code, _, stderr := runOpgen(t, "-C", project, "init", "--module", "example.com/op", "--domain", "example.com"); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	if code, _, stderr := runOpgen(t, "-C", project, "create", "api", "--group", "cache", "--version", "v1", "--kind", "App"); code != 0 {
		t.Fatalf("create api: %s", stderr)
	}
	nonEmpty := t.TempDir()
	writeFile(t, filepath.Join(nonEmpty, "notes.txt"), []byte("mine\n"))
	tests := []struct {
		name, dir string
		args      []string
		want      string
	}{
		{"module path", "", []string{"init", "--module", "Not A Module", "--domain", "example.com"}, `--module "Not A Module" is not a valid Go module path`},
		{"module path without a dot", "", []string{"init", "--module", "operator", "--domain", "example.com"}, `--module "operator" is not a valid Go module path`},
		{"domain", "", []string{"init", "--module", "example.com/op", "--domain", "Bad_Domain"}, `--domain "Bad_Domain" is not a DNS subdomain`},
		{"project name", "", []string{"init", "--module", "example.com/op", "--domain", "example.com", "--project-name", "My_Op"}, `project name "My_Op" is not a lowercase DNS label`},
		{"non-empty directory", nonEmpty, []string{"init", "--module", "example.com/op", "--domain", "example.com"}, "is not empty"},
		{"kind", project, []string{"create", "api", "--group", "cache", "--version", "v1", "--kind", "memcached"}, `--kind "memcached" is not UpperCamelCase`},
		{"group", project, []string{"create", "api", "--group", "Cache!", "--version", "v1", "--kind", "Memcached"}, `--group "Cache!" is not a lowercase DNS label starting with a letter`},
		{"version", project, []string{"create", "api", "--group", "cache", "--version", "1.0", "--kind", "Memcached"}, `--version "1.0" is not a Kubernetes API version`},
		{"version beta without number", project, []string{"create", "api", "--group", "cache", "--version", "v2beta", "--kind", "Memcached"}, `--version "v2beta" is not a Kubernetes API version`},
		{"owns", project, []string{"create", "api", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--owns", "apps/Deployment"}, `--owns: want <group>/<version>/<Kind>, got "apps/Deployment"`},
		{"existing kind", project, []string{"create", "api", "--group", "cache", "--version", "v1", "--kind", "App"}, "kind App already exists in cache.example.com/v1 (api/cache/v1/app_types.go:"},
		{"kind of another group", project, []string{"create", "api", "--group", "store", "--version", "v1", "--kind", "App"}, "kind App exists in group cache (api/cache/v1/app_types.go:"},
		{"not a project", nonEmpty, []string{"create", "api", "--group", "cache", "--version", "v1", "--kind", "App"}, ""},
		{"webhook of nothing", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "App"}, "give at least one of --defaulting, --programmatic-validation and --conversion"},
		{"webhook of a missing kind", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "Memcached", "--defaulting"}, "kind Memcached is not in api/cache/v1: opgen create api"},
		{"conversion without spokes", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "App", "--conversion"}, "--conversion needs --spoke"},
		{"spoke without conversion", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "App", "--defaulting", "--spoke", "v2"}, "--spoke is for --conversion"},
		{"spoke that is the hub", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "App", "--conversion", "--spoke", "v1"}, "--spoke v1 is the hub"},
		{"spoke without the kind", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "App", "--conversion", "--spoke", "v2"}, "kind App is not in api/cache/v2"},
		{"webhook kind", project, []string{"create", "webhook", "--group", "cache", "--version", "v1", "--kind", "app", "--defaulting"}, `--kind "app" is not UpperCamelCase`},
		{"controller of a removed version", project, []string{"create", "controller", "--group", "apps", "--version", "v1beta1", "--kind", "Deployment"}, "apps/v1beta1/Deployment: removed in Kubernetes 1.16: no server of 1.37 serves it; reconcile apps/v1/Deployment instead"},
		{"controller of no kind", project, []string{"create", "controller", "--group", "apps", "--version", "v1", "--kind", "Deploymnt"}, "apps/v1/Deploymnt: apps/v1 has no kind Deploymnt; did you mean apps/v1/Deployment?"},
		{"controller of another module's kind without its package", project, []string{"create", "controller", "--group", "certs.example.org", "--version", "v1", "--kind", "Certificate"}, "certs.example.org/v1/Certificate is not a kind of k8s.io/api 1.37: for another module's CRD give its Go package with --external-api-path"},
		{"controller of the project's kind", project, []string{"create", "controller", "--group", "cache", "--version", "v1", "--kind", "App"}, "App is this project's own kind (api/cache/v1/app_types.go:"},
		{"controller of the project's group", project, []string{"create", "controller", "--group", "cache.example.com", "--version", "v1", "--kind", "App"}, "group cache.example.com is this project's own"},
		{"condition of a kind of k8s.io/api", project, []string{"create", "controller", "--group", "apps", "--version", "v1", "--kind", "Deployment", "--own-condition", "example.com/Ready"}, "--own-condition is for --external-api-path"},
		{"condition type", project, []string{"create", "controller", "--group", "certs", "--version", "v1", "--kind", "Certificate", "--external-api-path", "example.com/certs/api/v1", "--external-api-domain", "example.org", "--own-condition", "Not A Type"}, `--own-condition "Not A Type": +opguard:own-condition: "Not A Type" is not a valid condition type`},
		{"controller of a module that does not resolve", project, []string{"create", "controller", "--group", "certs", "--version", "v1", "--kind", "Certificate", "--external-api-path", "example.invalid/certs/api/v1", "--external-api-domain", "example.org"}, "--external-api-path example.invalid/certs/api/v1 does not resolve:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir
			if dir == "" {
				dir = t.TempDir()
			}
			before := readTree(t, dir)
			code, stdout, stderr := runOpgen(t, append([]string{"-C", dir}, tt.args...)...)
			if code != 1 {
				t.Fatalf("exit %d, want 1", code)
			}
			if stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tt.want) {
				t.Fatalf("stderr %q, want one line containing %q", stderr, tt.want)
			}
			if d := readTree(t, dir); len(d) != len(before) {
				t.Fatalf("files written: %d before, %d after", len(before), len(d))
			} else {
				compareTrees(t, before, d)
			}
		})
	}
}

// TestInitForceKeepsFiles: --force scaffolds around what is there and overwrites nothing.
func TestInitForceKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "Makefile"), []byte("# mine\n"))
	writeFile(t, filepath.Join(dir, "README.md"), []byte("# mine too\n"))
	if code, _, stderr := runOpgen(t, "-C", dir, "init", "--module", "example.com/op", "--domain", "example.com", "--skip-tidy", "--force"); code != 0 {
		t.Fatalf("init --force: exit %d\n%s", code, stderr)
	}
	got := readTree(t, dir)
	if got["Makefile"] != "# mine\n" || got["README.md"] != "# mine too\n" {
		t.Fatal("--force overwrote a file that was there")
	}
	for _, p := range []string{"go.mod", "opgen.yaml", "Dockerfile", "cmd/main.go", "config/manager/manager.yaml"} {
		if _, ok := got[p]; !ok {
			t.Errorf("%s was not scaffolded", p)
		}
	}
}

// TestScaffoldUnderLoad runs the operator of golden/init-memcached, its reconciler as
// `opgen create api --owns apps/v1/Deployment` scaffolds it, under a steady outside
// load (testdata/_load/owned_load_test.go, run inside a copy of the project against
// its own envtest suite): every Deployment kept at its Memcached's spec.replicas,
// Deployment writes within 5% of the Deployment changes, status writes within 5% of
// the status changes, no 409, no write after the load.
func TestScaffoldUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a scaffolded project against a real API server")
	}
	assets := envtestAssets(t)
	dir := filepath.Join(t.TempDir(), "init-memcached")
	copyTree(t, filepath.Join(goldenDir, "init-memcached"), dir)
	load, err := os.ReadFile(filepath.Join(testdataDir, "_load", "owned_load_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "internal", "controller", "owned_load_test.go"), load)
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestOwnedUnderLoad", "-v", "./internal/controller/")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "LOAD ") {
			t.Log(line)
		}
	}
	if err != nil {
		t.Fatalf("go test in the scaffolded project: %v\n%s", err, out)
	}
}

// TestLeastPrivilegeCannotPassVacuously: in golden/init-memcached, the project's own
// deploy test runs the operator as its ServiceAccount with only config/rbac; taking the
// status patch rule out of role.yaml must make it fail on the 403s of the status
// writer, so its passing elsewhere proves the RBAC is enough.
func TestLeastPrivilegeCannotPassVacuously(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a scaffolded project against a real API server")
	}
	assets := envtestAssets(t)
	// config/'s role, which test/deploy installs, and the Helm chart's, which test/chart
	// installs, each without the status patch rule.
	for _, c := range []struct{ role, test, pkg string }{
		{"config/rbac/role.yaml", "TestLeastPrivilege", "./test/deploy/"},
		{"dist/chart/templates/rbac/role.yaml", "TestChartLeastPrivilege", "./test/chart/"},
	} {
		t.Run(c.pkg, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "init-memcached")
			copyTree(t, filepath.Join(goldenDir, "init-memcached"), dir)
			role := filepath.Join(dir, filepath.FromSlash(c.role))
			data, err := os.ReadFile(role)
			if err != nil {
				t.Fatal(err)
			}
			rule := "- apiGroups:\n  - cache.example.com\n  resources:\n  - memcacheds/status\n  verbs:\n  - patch\n"
			if !strings.Contains(string(data), rule) {
				t.Fatalf("%s has no status patch rule to take out:\n%s", c.role, data)
			}
			writeFile(t, role, []byte(strings.Replace(string(data), rule, "", 1)))
			cmd := exec.Command("go", "test", "-count=1", "-run", c.test+"$", c.pkg)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+assets)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("%s passed without the status patch rule:\n%s", c.test, out)
			}
			if !strings.Contains(string(out), "refused (403)") || !strings.Contains(string(out), "/memcacheds/memcached-sample/status") {
				t.Fatalf("%s failed, but not on the status writes' 403s:\n%s", c.test, out)
			}
		})
	}
}
