package sequence

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Runner runs opgen in dir with extra environment variables and returns its exit
// status (-1 when a signal ended it) and output.
type Runner func(dir string, env []string, args ...string) (code int, stdout, stderr string)

// Failure is a broken invariant: the sequence's seed, the step, what the step did,
// and what went wrong. Run the sequence again with the seed to see it.
type Failure struct {
	Seed  uint64
	Step  int
	Did   string
	Wrong string
}

func (f *Failure) Error() string {
	return fmt.Sprintf("seed %d, step %d (%s): %s", f.Seed, f.Step, f.Did, f.Wrong)
}

// Options tune a run.
type Options struct {
	// Steps is the length of a sequence.
	Steps int
	// CheckEveryStep builds and vets the project after every step that succeeded;
	// otherwise after the last one (generate --check runs after every step either way).
	CheckEveryStep bool
	// Record also holds the scaffold record to what the commands scaffolded after every
	// step that succeeded: opgen upgrade --check says up to date, and the record renders
	// every file of the user's that opgen wrote (byte for byte until the sequence edits
	// a file), as opgen upgrade renders a project's base (CheckRecord).
	Record bool
	// Log, when not nil, hears what each step did.
	Log func(format string, a ...any)
}

// Run plays one sequence, drawn from seed, on the project at dir (a copy the sequence
// may change), and returns the first broken invariant.
func Run(seed uint64, dir string, opgen Runner, o Options) (*Failure, error) {
	s := &state{dir: dir, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), opgen: opgen}
	dirty, changed := false, false
	for i := 1; i <= o.Steps; i++ {
		st := s.next()
		before, err := snapshot(dir)
		if err != nil {
			return nil, err
		}
		if st.edit != nil {
			if err := st.edit(); err != nil {
				return nil, fmt.Errorf("step %d (%s): %w", i, st.did, err)
			}
		}
		edited, err := snapshot(dir)
		if err != nil {
			return nil, err
		}
		code, _, stderr := opgen(dir, st.env, st.args...)
		fail := func(wrong string) (*Failure, error) {
			return &Failure{Seed: seed, Step: i, Did: st.did, Wrong: wrong}, nil
		}
		if o.Log != nil {
			o.Log("step %d: %s: exit %d %s", i, st.did, code, firstLine(stderr))
		}
		switch code {
		case 0:
			dirty = true
			if code, diff, stderr := opgen(dir, nil, "generate", "--check"); code != 0 {
				return fail(fmt.Sprintf("succeeded, then generate --check: exit %d\n%s%s", code, diff, stderr))
			}
			changed = changed || st.edit != nil
			if o.Record {
				if code, out, stderr := opgen(dir, nil, "upgrade", "--check"); code != 0 {
					return fail(fmt.Sprintf("succeeded, then upgrade --check: exit %d\n%s%s", code, out, stderr))
				}
				wrong, err := CheckRecord(dir, !changed)
				if err != nil {
					return nil, err
				}
				if wrong != "" {
					return fail("succeeded, and the scaffold record does not account for what it wrote:\n" + wrong)
				}
			}
			if o.CheckEveryStep {
				if out, err := builds(dir); err != nil {
					return fail(fmt.Sprintf("succeeded, and the project does not build or vet: %v\n%s", err, out))
				}
				dirty = false
			}
		case 1:
			after, err := snapshot(dir)
			if err != nil {
				return nil, err
			}
			if d := diffTrees(edited, after); d != "" {
				return fail(fmt.Sprintf("exit 1 and the tree changed: %s\n%s", d, stderr))
			}
			if strings.TrimSpace(stderr) == "" {
				return fail("exit 1 without a word")
			}
			// The user reads the reason and takes the edit back.
			if st.edit != nil {
				if err := restore(dir, before); err != nil {
					return nil, err
				}
			}
		default:
			return fail(fmt.Sprintf("exit %d (want 0 or 1)\n%s", code, stderr))
		}
	}
	if dirty {
		if out, err := builds(dir); err != nil {
			return &Failure{Seed: seed, Step: o.Steps, Did: "the end of the sequence", Wrong: fmt.Sprintf("the project does not build or vet: %v\n%s", err, out)}, nil
		}
	}
	return nil, nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// builds runs go build ./... and go vet ./... in dir.
func builds(dir string) ([]byte, error) {
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return out, fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
		}
	}
	return nil, nil
}

// snapshot is every file of the tree but .git, by slash path.
func snapshot(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return nil
	})
	return out, err
}

// restore makes dir hold exactly the snapshot.
func restore(dir string, snap map[string][]byte) error {
	now, err := snapshot(dir)
	if err != nil {
		return err
	}
	for p := range now {
		if _, ok := snap[p]; !ok {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
				return err
			}
		}
	}
	for p, b := range snap {
		if !bytes.Equal(now[p], b) {
			full := filepath.Join(dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(full, b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func diffTrees(a, b map[string][]byte) string {
	var d []string
	for p, x := range a {
		if y, ok := b[p]; !ok {
			d = append(d, "removed "+p)
		} else if !bytes.Equal(x, y) {
			d = append(d, "changed "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			d = append(d, "added "+p)
		}
	}
	sort.Strings(d)
	return strings.Join(d, ", ")
}

// step is one thing a user does: maybe an edit, then an opgen command.
type step struct {
	did  string
	edit func() error
	env  []string
	args []string
}

// state draws steps from what the project holds now.
type state struct {
	dir   string
	rnd   *rand.Rand
	opgen Runner
}

var (
	groups   = []string{"cache", "batch"}
	versions = []string{"v1alpha1", "v1", "v2"}
	kinds    = []string{"Memcached", "Cache", "Pool", "Gate", "Status", "Holder"}
	// owns mixes kinds that can be owned with kinds that cannot (a group the server
	// names otherwise, a removed version, a cluster-scoped kind, a typo).
	owns = []string{
		"apps/v1/Deployment", "core/v1/ConfigMap", "core/v1/Service", "core/v1/Secret",
		"networking.k8s.io/v1/Ingress", "rbac.authorization.k8s.io/v1/ClusterRole",
		"networking/v1/Ingress", "apps/v1beta1/Deployment", "core/v1/Namespace", "apps/v1/Deploymnt",
		"cache.example.com/v1alpha1/Memcached", "cache.example.com/v1alpha1/Status",
	}
	typesRE = regexp.MustCompile(`^api/(\w+)/(\w+)/(\w+)_types\.go$`)
)

func (s *state) pick(list []string) string { return list[s.rnd.IntN(len(list))] }

// kind is a kind the project declares now: group, version, Kind, its types file.
type kind struct{ group, version, name, file string }

func (s *state) kinds() []kind {
	snap, _ := snapshot(s.dir)
	var out []kind
	for p, b := range snap {
		m := typesRE.FindStringSubmatch(p)
		if m == nil {
			continue
		}
		if k := regexp.MustCompile(`(?m)^type (\w+) struct \{\n\tmetav1\.TypeMeta`).FindSubmatch(b); k != nil {
			out = append(out, kind{group: m[1], version: m[2], name: string(k[1]), file: p})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].file < out[j].file })
	return out
}

func (s *state) next() step {
	ks := s.kinds()
	switch n := s.rnd.IntN(100); {
	case n < 30 || len(ks) == 0:
		return s.createAPI(ks)
	case n < 50:
		return s.createWebhook(ks)
	case n < 58:
		return s.createController()
	case n < 70:
		return s.markerEdit(ks)
	case n < 82:
		return s.handEdit(ks)
	case n < 85:
		return s.chartToggle()
	case n < 93:
		return step{did: "generate", args: []string{"generate"}}
	default:
		at := 1 + s.rnd.IntN(4)
		return step{did: fmt.Sprintf("generate, interrupted at write step %d", at), env: []string{"OPGEN_FAULT=int@" + fmt.Sprint(at)}, args: []string{"generate"}}
	}
}

func (s *state) createAPI(ks []kind) step {
	k := kind{group: s.pick(groups), version: s.pick(versions), name: s.pick(kinds)}
	if len(ks) > 0 && s.rnd.IntN(3) == 0 {
		// Another version of a kind the project has.
		o := ks[s.rnd.IntN(len(ks))]
		k.group, k.name = o.group, o.name
	}
	args := []string{"create", "api", "--group", k.group, "--version", k.version, "--kind", k.name}
	if s.rnd.IntN(5) == 0 {
		args = append(args, "--namespaced=false")
	}
	for i := s.rnd.IntN(3); i > 0; i-- {
		args = append(args, "--owns", s.pick(owns))
	}
	return step{did: strings.Join(args, " "), args: args}
}

func (s *state) createWebhook(ks []kind) step {
	if len(ks) == 0 {
		return s.createAPI(ks)
	}
	k := ks[s.rnd.IntN(len(ks))]
	args := []string{"create", "webhook", "--group", k.group, "--version", k.version, "--kind", k.name}
	if s.rnd.IntN(2) == 0 {
		args = append(args, "--defaulting")
	}
	if s.rnd.IntN(2) == 0 {
		args = append(args, "--programmatic-validation")
	}
	if s.rnd.IntN(2) == 0 {
		var others []string
		for _, o := range ks {
			if o.group == k.group && o.name == k.name && o.version != k.version {
				others = append(others, o.version)
			}
		}
		if len(others) == 0 {
			others = []string{s.pick(versions)}
		}
		args = append(args, "--conversion", "--spoke", strings.Join(others, ","))
	}
	return step{did: strings.Join(args, " "), args: args}
}

// controllerKinds are kinds create controller may be asked for: kinds of k8s.io/api
// under the group the server names and under the short one (networking), both scopes,
// and kinds it refuses (a removed version, a typo, a kind of the project's own group).
var controllerKinds = []string{
	"apps/v1/Deployment", "core/v1/ConfigMap", "networking/v1/Ingress", "networking.k8s.io/v1/NetworkPolicy",
	"core/v1/Namespace", "batch/v1/Job", "apps/v1beta1/Deployment", "apps/v1/Deploymnt", "cache.example.com/v1alpha1/Memcached",
}

// createController is opgen create controller of a kind the project does not define,
// with some of its flags.
func (s *state) createController() step {
	gvk := strings.Split(s.pick(controllerKinds), "/")
	args := []string{"create", "controller", "--group", gvk[0], "--version", gvk[1], "--kind", gvk[2]}
	for i := s.rnd.IntN(3); i > 0; i-- {
		args = append(args, "--owns", s.pick([]string{"core/v1/ConfigMap", "core/v1/Secret", "apps/v1/Deployment", "core/v1/Namespace"}))
	}
	for _, f := range [][2]string{
		{"--select-annotation", s.pick([]string{"example.org/opt-in", "example.org/mode=on"})},
		{"--select-labels", s.pick([]string{"tier=web", "tier in (web,api),!legacy", "bad selector("})},
		{"--finalizer", s.pick([]string{"example.org/cleanup", "no-slash"})},
	} {
		if s.rnd.IntN(3) == 0 {
			args = append(args, f[0], f[1])
		}
	}
	return step{did: strings.Join(args, " "), args: args}
}

// chartToggle turns the Helm chart off or on in opgen.yaml, or generates it once with
// --chart, then runs generate.
func (s *state) chartToggle() step {
	cfg := filepath.Join(s.dir, "opgen.yaml")
	set := func(value string) func() error {
		return func() error {
			b, err := os.ReadFile(cfg)
			if err != nil {
				return err
			}
			text := regexp.MustCompile(`(?m)^chart: .*\n`).ReplaceAllString(string(b), "")
			text = strings.Replace(text, "\nprojectName: ", "\nchart: "+value+"\nprojectName: ", 1)
			return os.WriteFile(cfg, []byte(text), 0o644)
		}
	}
	switch s.rnd.IntN(3) {
	case 0:
		return step{did: "chart: false in opgen.yaml, then generate", args: []string{"generate"}, edit: set("false")}
	case 1:
		return step{did: "chart: true in opgen.yaml, then generate", args: []string{"generate"}, edit: set("true")}
	default:
		return step{did: "generate --chart", args: []string{"generate", "--chart"}}
	}
}

// markerEdit changes the markers of a kind's types file, then runs generate.
func (s *state) markerEdit(ks []kind) step {
	if len(ks) == 0 {
		return s.createAPI(ks)
	}
	k := ks[s.rnd.IntN(len(ks))]
	file := filepath.Join(s.dir, filepath.FromSlash(k.file))
	type change struct {
		did        string
		from, to   string
		everywhere bool
	}
	owned := s.pick(owns)
	changes := []change{
		{did: "add +opguard:owns=" + owned, from: "// +opguard:reconciler", to: "// +opguard:reconciler\n// +opguard:owns=" + owned},
		{did: "remove every +opguard:owns", from: "// +opguard:owns=", to: "// removed owns=", everywhere: true},
		{did: "remove +opguard:reconciler", from: "// +opguard:reconciler\n", to: ""},
		{did: "remove +opguard:status-owner", from: "// +opguard:status-owner=", to: "// status-owner was "},
		{did: "add a misspelt marker", from: "// +kubebuilder:object:root=true", to: "// +kubebuilder:object:root=true\n// +opguard:onws=apps/v1/Deployment"},
		{did: "add +opguard:watch-labels", from: "// +opguard:reconciler", to: "// +opguard:reconciler\n// +opguard:watch-labels=app.kubernetes.io/version"},
		{did: "make the kind cluster-scoped", from: "// +kubebuilder:object:root=true", to: "// +kubebuilder:object:root=true\n// +kubebuilder:resource:scope=Cluster"},
	}
	c := changes[s.rnd.IntN(len(changes))]
	return step{did: c.did + " on " + k.file + ", then generate", args: []string{"generate"}, edit: func() error {
		b, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		n := 1
		if c.everywhere {
			n = -1
		}
		return os.WriteFile(file, []byte(strings.Replace(string(b), c.from, c.to, n)), 0o644)
	}}
}

// handEdit changes a file of the user's the way people do, then runs generate.
func (s *state) handEdit(ks []kind) step {
	if len(ks) == 0 {
		return s.createAPI(ks)
	}
	k := ks[s.rnd.IntN(len(ks))]
	types := filepath.Join(s.dir, filepath.FromSlash(k.file))
	switch s.rnd.IntN(4) {
	case 0:
		return step{did: "add a spec field to " + k.file + ", then generate", args: []string{"generate"}, edit: func() error {
			return replaceIn(types, "Spec struct {\n", "Spec struct {\n\t// Extra is a field added by hand.\n\t// +optional\n\tExtra string `json:\"extra,omitempty\"`\n\n")
		}}
	case 1:
		return step{did: "rename the spec's Replicas in " + k.file + ", then generate", args: []string{"generate"}, edit: func() error {
			return replaceIn(types, "Replicas int32 `json:\"replicas,omitempty\"`", "Size int32 `json:\"size,omitempty\"`")
		}}
	case 2:
		conv := filepath.Join(filepath.Dir(types), strings.ToLower(k.name)+"_conversion.go")
		return step{did: "delete " + conv + ", then generate", args: []string{"generate"}, edit: func() error {
			if err := os.Remove(conv); err != nil && !os.IsNotExist(err) {
				return err
			}
			return nil
		}}
	default:
		hook := filepath.Join(s.dir, "internal", "webhook", k.group, k.version, strings.ToLower(k.name)+"_webhook.go")
		return step{did: "edit " + hook + ", then generate", args: []string{"generate"}, edit: func() error {
			b, err := os.ReadFile(hook)
			if os.IsNotExist(err) {
				return nil
			}
			if err != nil {
				return err
			}
			return os.WriteFile(hook, append(b, []byte("\n// A note of the user's.\n")...), 0o644)
		}}
	}
}

// replaceIn replaces the first from in a file; a file without it is left as it is.
func replaceIn(file, from, to string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	return os.WriteFile(file, []byte(strings.Replace(string(b), from, to, 1)), 0o644)
}
