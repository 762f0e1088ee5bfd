package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/internal/sequence"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
	"github.com/opgen-dev/opgen/upgrade"
)

// TestCreateControllerIsRecorded: the real opgen create controller, of a kind under a
// group the API server names otherwise (--group networking), appends its inputs to the
// record, with the group and scope it resolved; the record renders again, byte for
// byte, the reconciler and sample the command wrote; and right after it opgen upgrade
// --check says up to date and opgen upgrade changes no byte.
func TestCreateControllerIsRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("scaffolds and renders a project")
	}
	dir := filepath.Join(t.TempDir(), "memcached-operator")
	copyTree(t, filepath.Join(goldenDir, "init-memcached"), dir)
	args := []string{"-C", dir, "create", "controller", "--group", "networking", "--version", "v1", "--kind", "Ingress",
		"--owns", "core/v1/ConfigMap", "--select-labels", "tier in (web,api)", "--finalizer", "example.com/cleanup"}
	if code, _, stderr := runOpgen(t, args...); code != 0 {
		t.Fatalf("create controller: exit %d\n%s", code, stderr)
	}
	cfg, err := project.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	steps := cfg.Scaffold.Steps
	last := steps[len(steps)-1].Controller
	want := project.ControllerStep{Group: "networking", Version: "v1", Kind: "Ingress", APIGroup: "networking.k8s.io",
		Owns: []string{"core/v1/ConfigMap"}, SelectLabels: "tier in (web,api)", Finalizer: "example.com/cleanup"}
	if last == nil || last.Group != want.Group || last.APIGroup != want.APIGroup || last.Kind != want.Kind || last.ClusterScoped ||
		strings.Join(last.Owns, ",") != "core/v1/ConfigMap" || last.SelectLabels != want.SelectLabels || last.Finalizer != want.Finalizer {
		t.Fatalf("the last step is %+v, want %+v:\n%s", last, want, cfg.Marshal())
	}
	if !strings.Contains(readFileT(t, dir, project.FileName), `  - controller: {group: networking, version: v1, kind: Ingress, apiGroup: networking.k8s.io, owns: [core/v1/ConfigMap], selectLabels: "tier in (web,api)", finalizer: example.com/cleanup}`+"\n") {
		t.Errorf("opgen.yaml does not record the step on one line:\n%s", readFileT(t, dir, project.FileName))
	}

	set, err := templates.LoadVersion(cfg.Scaffold.TemplateSet, "")
	if err != nil {
		t.Fatal(err)
	}
	goMod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	goSum, _ := os.ReadFile(filepath.Join(dir, "go.sum"))
	files, err := upgrade.Render(context.Background(), upgrade.RenderInput{Record: cfg.Scaffold, Config: cfg, Set: set, GoMod: goMod, GoSum: goSum})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"internal/controller/ingress_controller.go", "config/samples/networking_k8s_io_v1_ingress.yaml"} {
		got, ok := files[p]
		if !ok {
			t.Errorf("%s: the command wrote it, the record does not render it", p)
		} else if disk := readFileT(t, dir, p); string(got) != disk {
			t.Errorf("%s renders differently from what the command wrote:\n--- rendered\n%s\n--- written\n%s", p, got, disk)
		}
	}

	before := readTree(t, dir)
	if code, out, stderr := runOpgen(t, "-C", dir, "upgrade", "--check"); code != 0 || !strings.Contains(stderr, "up to date") {
		t.Fatalf("--check right after create controller: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 0 || !strings.Contains(stderr, "up to date") {
		t.Fatalf("upgrade right after create controller: exit %d\n%s", code, stderr)
	}
	compareTrees(t, before, readTree(t, dir))
}

// TestUpgradeController: a project with an opgen create controller step
// (golden/init-external: a reconciler of annotated Deployments that owns a ConfigMap),
// scaffolded with the previous template set and edited the way teams edit (a field on
// the reconciler set in its constructor, the reconciler filled in, the sample's
// image), is upgraded to the current set: the team's lines all survive, the new set's
// change to the controller template arrives (a quieter log line, the word on errors),
// a second upgrade changes no byte, and the project builds, vets and passes its
// controller tests on a real API server.
func TestUpgradeController(t *testing.T) {
	if testing.Short() {
		t.Skip("renders, generates and tests a project")
	}
	dir := previousProjectOf(t, "init-external", "sidecar-operator")
	const ctrl = "internal/controller/deployment_controller.go"
	const sample = "config/samples/apps_v1_deployment.yaml"
	if !strings.Contains(readFileT(t, dir, ctrl), "\tlog.Info(\"reconciling\"") {
		t.Fatalf("the previous set's reconciler is not scaffolded:\n%s", readFileT(t, dir, ctrl))
	}

	replaceIn(t, dir, ctrl, "\tScheme *runtime.Scheme\n}\n", "\tScheme *runtime.Scheme\n\t// Defaults are entries every ConfigMap holds.\n\tDefaults map[string]string\n}\n")
	replaceIn(t, dir, ctrl, "Scheme: mgr.GetScheme()}", "Scheme: mgr.GetScheme(), Defaults: map[string]string{\"owner\": \"sidecar-operator\"}}")
	replaceIn(t, dir, ctrl, "\t\t\t\"value\": obj.Annotations[\"example.com/config\"], // what the opt-in annotation says\n",
		"\t\t\t\"value\":      obj.Annotations[\"example.com/config\"],\n\t\t\t\"deployment\": obj.Namespace + \"/\" + obj.Name,\n")
	replaceIn(t, dir, ctrl, "\tif _, err := ApplyDeploymentConfigMap(", "\tfor k, v := range r.Defaults {\n\t\tconfigMap.Data[k] = v\n\t}\n\tif _, err := ApplyDeploymentConfigMap(")
	replaceIn(t, dir, sample, "image: registry.example.com/app:latest", "image: nginx:1.27")
	// The Certificate's sample with its required fields, filled in as in the golden.
	const certSample = "config/samples/certs_example_org_v1_certificate.yaml"
	writeFile(t, filepath.Join(dir, certSample), []byte(readFileT(t, filepath.Join(goldenDir, "init-external"), certSample)))
	git(t, dir, "commit", "-qam", "our reconciler, our samples")
	yours := map[string][]string{
		ctrl: {"\t// Defaults are entries every ConfigMap holds.\n\tDefaults map[string]string\n", "Defaults: map[string]string{\"owner\": \"sidecar-operator\"}}",
			"\t\t\t\"deployment\": obj.Namespace + \"/\" + obj.Name,\n", "\tfor k, v := range r.Defaults {\n"},
		sample: {"image: nginx:1.27"},
	}
	newLines := map[string][]string{
		ctrl: {"\tlog.V(1).Info(\"reconciling\", \"generation\", obj.Generation)\n",
			"// Errors: wrap one that no retry can fix with Terminal(reason, err); it is not retried.\n"},
	}

	code, stdout, stderr := runOpgen(t, "-C", dir, "upgrade", "--check")
	if code != 1 || !strings.Contains(stdout, "merged        "+ctrl+"\n") {
		t.Fatalf("--check: exit %d, want 1 with %s merged\n%s%s", code, ctrl, stdout, stderr)
	}
	code, _, stderr = runOpgen(t, "-C", dir, "upgrade")
	if code != 0 {
		t.Fatalf("upgrade: exit %d\n%s", code, stderr)
	}
	t.Logf("opgen upgrade:\n%s", stderr)
	if !strings.Contains(stderr, "opgen: merged       "+ctrl+" (your changes and the new scaffold's)\n") {
		t.Errorf("the report does not say %s was merged", ctrl)
	}
	checkLines(t, dir, yours, "your")
	checkLines(t, dir, newLines, "the new scaffold's")
	if strings.Contains(readFileT(t, dir, ctrl), "\tlog.Info(\"reconciling\"") {
		t.Errorf("%s keeps the previous set's log line", ctrl)
	}
	if d := git(t, dir, "diff", "HEAD", "--", sample); d != "" {
		t.Errorf("the sample, which only the team changed, changed:\n%s", d)
	}
	// Its two create controller steps (the Deployment's and the Certificate's).
	if cfg, err := project.Read(dir); err != nil || cfg.Scaffold.TemplateSet != templates.Version || len(cfg.Scaffold.Steps) != 2 ||
		cfg.Scaffold.Steps[0].Controller == nil || cfg.Scaffold.Steps[1].Controller == nil {
		t.Fatalf("the record: %+v, %v", cfg, err)
	}

	// A second upgrade changes no byte, and the project is up to date and fresh.
	before := readTree(t, dir)
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 0 || !strings.Contains(stderr, "up to date") {
		t.Fatalf("a second upgrade: exit %d\n%s", code, stderr)
	}
	compareTrees(t, before, readTree(t, dir))
	for _, args := range [][]string{{"upgrade", "--check"}, {"generate", "--check"}} {
		if code, out, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...); code != 0 {
			t.Fatalf("%v after the upgrade: exit %d\n%s%s", args, code, out, stderr)
		}
	}
	assets := envtestAssets(t)
	goRun(t, dir, assets, "build", "./...")
	goRun(t, dir, assets, "vet", "./...")
	goRun(t, dir, assets, "test", "-count=1", "./internal/controller/")
}

// TestEveryCommandIsRecorded: after each command that scaffolds, run on a copy of a
// golden project, the scaffold record accounts for every file of the user's that
// opgen wrote (sequence.CheckRecord: the record renders each, byte for byte), opgen
// upgrade --check exits 0, and opgen upgrade writes nothing: create controller with
// each of its flags, create webhook adding a defaulter to a kind that converts, the
// chart turned off in opgen.yaml after opgen scaffolded it, and generated once with
// --chart in a project that has it off.
func TestEveryCommandIsRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs opgen's commands and renders projects")
	}
	chart := func(value string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			replaceIn(t, dir, project.FileName, "\nprojectName: ", "\nchart: "+value+"\nprojectName: ")
		}
	}
	for _, c := range []struct {
		name, golden string
		edit         func(t *testing.T, dir string)
		cmds         [][]string
	}{
		{name: "create controller", golden: "init-webhook", cmds: [][]string{
			{"create", "controller", "--group", "core", "--version", "v1", "--kind", "Namespace", "--owns", "core/v1/ConfigMap", "--select-annotation", "example.org/mode=on", "--finalizer", "example.org/cleanup"},
			{"create", "controller", "--group", "batch", "--version", "v1", "--kind", "Job", "--select-labels", "tier in (web,api),!legacy"},
		}},
		{name: "create webhook on a kind that converts", golden: "init-webhook", cmds: [][]string{
			{"create", "webhook", "--group", "cache", "--version", "v2", "--kind", "Memcached", "--defaulting"},
		}},
		{name: "chart off after it was scaffolded", golden: "init-memcached", edit: chart("false"), cmds: [][]string{{"generate"}}},
		{name: "generate --chart with the chart off", golden: "init-memcached", edit: func(t *testing.T, dir string) {
			chart("false")(t, dir)
			if err := os.RemoveAll(filepath.Join(dir, "dist")); err != nil {
				t.Fatal(err)
			}
		}, cmds: [][]string{{"generate"}, {"generate", "--chart"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "p")
			copyTree(t, filepath.Join(goldenDir, c.golden), dir)
			if c.edit != nil {
				c.edit(t, dir)
			}
			for _, args := range c.cmds {
				if code, _, stderr := runOpgen(t, append([]string{"-C", dir}, args...)...); code != 0 {
					t.Fatalf("opgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
				}
				// init-webhook's v2 was edited by hand before its conversion was scaffolded:
				// files the record renders otherwise are expected there, never missing ones.
				wrong, err := sequence.CheckRecord(dir, c.golden != "init-webhook")
				if err != nil {
					t.Fatal(err)
				}
				if wrong != "" {
					t.Errorf("after opgen %s:\n%s", strings.Join(args, " "), wrong)
				}
			}
			before := readTree(t, dir)
			if code, out, stderr := runOpgen(t, "-C", dir, "upgrade", "--check"); code != 0 {
				t.Fatalf("upgrade --check: exit %d\n%s%s", code, out, stderr)
			}
			if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 0 {
				t.Fatalf("upgrade: exit %d\n%s", code, stderr)
			}
			compareTrees(t, before, readTree(t, dir))
		})
	}
}

// TestExternalControllerIsRecorded: create controller of another module's CRD
// (--external-api-path, the module replaced by a local copy, as a team vendors one)
// records its path and domain; the record renders its files byte for byte; upgrade
// --check is 0 and upgrade writes nothing; and with the record taken out, the first
// opgen upgrade reads the same step back from the reconciler's markers and says so.
func TestExternalControllerIsRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs opgen's commands and renders a project")
	}
	work := t.TempDir()
	dir := filepath.Join(work, "p")
	copyTree(t, filepath.Join(goldenDir, "init-memcached"), dir)
	copyTree(t, filepath.Join(goldenDir, "external-crd", "third_party", "certs"), filepath.Join(work, "certs"))
	goMod := readFileT(t, dir, "go.mod") + "\nrequire example.com/certs v0.0.0-00010101000000-000000000000\n\nreplace example.com/certs => ../certs\n"
	writeFile(t, filepath.Join(dir, "go.mod"), []byte(goMod))
	args := []string{"-C", dir, "create", "controller", "--group", "certs", "--version", "v1", "--kind", "Certificate",
		"--external-api-path", "example.com/certs/api/v1", "--external-api-domain", "example.org", "--owns", "core/v1/Secret"}
	if code, _, stderr := runOpgen(t, args...); code != 0 {
		t.Fatalf("create controller: exit %d\n%s", code, stderr)
	}
	const line = "  - controller: {group: certs, version: v1, kind: Certificate, externalAPIPath: example.com/certs/api/v1, externalAPIDomain: example.org, owns: [core/v1/Secret]}\n"
	withRecord := readFileT(t, dir, project.FileName)
	if !strings.Contains(withRecord, line) {
		t.Fatalf("opgen.yaml does not record the step:\n%s", withRecord)
	}
	if wrong, err := sequence.CheckRecord(dir, true); err != nil || wrong != "" {
		t.Fatalf("the record: %v\n%s", err, wrong)
	}
	before := readTree(t, dir)
	if code, out, stderr := runOpgen(t, "-C", dir, "upgrade", "--check"); code != 0 {
		t.Fatalf("upgrade --check: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, stderr := runOpgen(t, "-C", dir, "upgrade"); code != 0 {
		t.Fatalf("upgrade: exit %d\n%s", code, stderr)
	}
	compareTrees(t, before, readTree(t, dir))

	cfg, err := project.Parse([]byte(withRecord))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Scaffold = nil
	writeFile(t, filepath.Join(dir, project.FileName), cfg.Marshal())
	code, _, stderr := runOpgen(t, "-C", dir, "upgrade")
	if code != 0 || !strings.Contains(stderr, "found 1 controller(s) of kinds the project does not define, from their markers: certs.example.org/v1/Certificate (internal/controller/certificate_controller.go)") {
		t.Fatalf("upgrade without a record: exit %d\n%s", code, stderr)
	}
	if got := readFileT(t, dir, project.FileName); !strings.Contains(got, line) {
		t.Fatalf("the reconstructed record does not hold the step create controller recorded:\n%s", got)
	}
}
