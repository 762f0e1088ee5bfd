package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	kinds := flag.Int("kinds", 50, "kinds in the API package")
	runs := flag.Int("runs", 9, "runs of each tool")
	cgVersion := flag.String("controller-gen", "v0.23.0", "controller-tools version")
	writeOnly := flag.String("write-module", "", "only write the benchmark module to this directory, for profiling")
	flag.Parse()
	if *writeOnly != "" {
		repo, err := os.Getwd()
		if err == nil {
			err = writeModule(repo, *writeOnly, *kinds)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "codegen:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*kinds, *runs, *cgVersion); err != nil {
		fmt.Fprintln(os.Stderr, "codegen:", err)
		os.Exit(1)
	}
}

func run(kinds, runs int, cgVersion string) error {
	work, err := os.MkdirTemp("", "opgen-bench-codegen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	bin := filepath.Join(work, "bin")
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "building opgen and controller-gen", cgVersion)
	if err := goCmd(repo, nil, "build", "-o", filepath.Join(bin, "opgen"), "./cmd/opgen"); err != nil {
		return err
	}
	if err := goCmd(repo, []string{"GOBIN=" + bin, "GOFLAGS="}, "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@"+cgVersion); err != nil {
		return err
	}
	mod := filepath.Join(work, "mod")
	if err := writeModule(repo, mod, kinds); err != nil {
		return err
	}
	tools := []struct {
		name string
		args []string
	}{
		{"opgen", []string{"env", "OPGEN_CACHE=off", filepath.Join(bin, "opgen"), "generate", "./..."}},
		{"controller-gen", []string{filepath.Join(bin, "controller-gen"), "object", "crd", "applyconfiguration", "paths=./...", "output:crd:artifacts:config=config/crd/bases"}},
	}
	// One untimed run each warms the go command's caches for both.
	for _, tool := range tools {
		if _, _, err := timed(mod, tool.args, true); err != nil {
			return fmt.Errorf("%s: %w", tool.name, err)
		}
	}
	// Each run: every tool from a tree without its outputs (a full run), alternating
	// which goes first; then opgen again over its own output, nothing changed (a rerun:
	// what a //go:generate line or a pre-commit --check costs).
	type sample struct {
		d   time.Duration
		rss int64 // peak resident set, KiB
	}
	times := map[string][]sample{}
	var ratios, reruns []float64
	for i := 0; i < runs; i++ {
		var pair [2]sample
		order := []int{0, 1}
		if i%2 == 1 {
			order = []int{1, 0}
		}
		for _, j := range order {
			d, rss, err := timed(mod, tools[j].args, true)
			if err != nil {
				return fmt.Errorf("%s: %w", tools[j].name, err)
			}
			pair[j] = sample{d, rss}
			times[tools[j].name] = append(times[tools[j].name], pair[j])
		}
		// The rerun uses opgen's cache, as a user's does; the full runs do not (their
		// inputs never change here, so the cache would answer them too). Each pair
		// starts from an empty cache: the run that writes is the only one before the
		// rerun, which must be served from what that write stored.
		cached := []string{"env", "OPGEN_CACHE=" + filepath.Join(work, fmt.Sprintf("cache-%d", i)), filepath.Join(bin, "opgen"), "generate", "./..."}
		if _, _, err := timed(mod, cached, true); err != nil {
			return err
		}
		d, rss, err := timed(mod, cached, false)
		if err != nil {
			return fmt.Errorf("opgen rerun: %w", err)
		}
		times["opgen rerun"] = append(times["opgen rerun"], sample{d, rss})
		ratios = append(ratios, pair[1].d.Seconds()/pair[0].d.Seconds())
		reruns = append(reruns, d.Seconds()/pair[0].d.Seconds())
		fmt.Fprintf(os.Stderr, "run %d/%d: opgen %v, controller-gen %v, opgen rerun %v\n", i+1, runs,
			pair[0].d.Round(time.Millisecond), pair[1].d.Round(time.Millisecond), d.Round(time.Millisecond))
	}
	fmt.Printf("%d kinds, %d alternating runs each\n", kinds, runs)
	fmt.Printf("%-16s %10s %12s\n", "run", "median", "peak RSS")
	for _, name := range []string{"opgen", "controller-gen", "opgen rerun"} {
		var ds []time.Duration
		var peak int64
		for _, s := range times[name] {
			ds = append(ds, s.d)
			peak = max(peak, s.rss)
		}
		fmt.Printf("%-16s %10v %9d MB\n", name, median(ds).Round(time.Millisecond), peak/1024)
	}
	sort.Float64s(ratios)
	sort.Float64s(reruns)
	fmt.Printf("median ratio controller-gen/opgen: %.2fx\n", ratios[len(ratios)/2])
	fmt.Printf("median ratio opgen rerun/opgen: %.3f\n", reruns[len(reruns)/2])
	return nil
}

// timed runs the tool once, from a tree without generated files when clean, and
// returns its wall time and peak resident set size.
func timed(dir string, args []string, clean bool) (time.Duration, int64, error) {
	if clean {
		for _, p := range []string{"config", "internal", "cmd", "api/v1/applyconfiguration", "api/v1/zz_generated.deepcopy.go"} {
			if err := os.RemoveAll(filepath.Join(dir, p)); err != nil {
				return 0, 0, err
			}
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		return 0, 0, fmt.Errorf("%v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "api/v1/zz_generated.deepcopy.go")); err != nil {
		return 0, 0, fmt.Errorf("%s wrote no deepcopy: %s", args[0], out)
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return d, rss, nil
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func goCmd(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// writeModule writes a module with one API package of n kinds, with the markers both
// tools need, requiring what the golden module requires.
func writeModule(repo, dir string, n int) error {
	if err := os.MkdirAll(filepath.Join(dir, "api", "v1"), 0o755); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(repo, "golden", "go.mod"))
	if err != nil {
		return err
	}
	mod = []byte(strings.Replace(string(mod), "module opgen.test/golden", "module example.com/bench", 1))
	sum, err := os.ReadFile(filepath.Join(repo, "golden", "go.sum"))
	if err != nil {
		return err
	}
	files := map[string]string{"go.mod": string(mod), "go.sum": string(sum), "api/v1/groupversion_info.go": groupVersion}
	var reg []string
	for i := 0; i < n; i++ {
		k := fmt.Sprintf("Kind%02d", i)
		files[fmt.Sprintf("api/v1/kind%02d_types.go", i)] = strings.ReplaceAll(kindTemplate, "KIND", k)
		reg = append(reg, "&"+k+"{}", "&"+k+"List{}")
	}
	files["api/v1/register.go"] = "package v1\n\nfunc init() {\n\tSchemeBuilder.Register(" + strings.Join(reg, ", ") + ")\n}\n"
	for p, content := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

const groupVersion = `// Package v1 is a synthetic API group for the benchmark.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=bench.example.com
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "bench.example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)
`

const kindTemplate = `package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// KINDPort is a port.
type KINDPort struct {
	Name string ` + "`json:\"name\"`" + `
	Port int32  ` + "`json:\"port\"`" + `
}

// KINDSpec is the desired state.
type KINDSpec struct {
	// +kubebuilder:validation:Minimum=0
	Replicas  int32                       ` + "`json:\"replicas\"`" + `
	Image     string                      ` + "`json:\"image,omitempty\"`" + `
	Ports     []KINDPort                  ` + "`json:\"ports,omitempty\"`" + `
	Labels    map[string]string           ` + "`json:\"labels,omitempty\"`" + `
	Memory    resource.Quantity           ` + "`json:\"memory,omitempty\"`" + `
	Resources corev1.ResourceRequirements ` + "`json:\"resources,omitempty\"`" + `
}

// KINDStatus is the observed state.
type KINDStatus struct {
	ObservedGeneration int64              ` + "`json:\"observedGeneration,omitempty\"`" + `
	Conditions         []metav1.Condition ` + "`json:\"conditions,omitempty\"`" + `
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource
// +opguard:status-owner=bench-operator
// +opguard:observed-generation

// KIND is a benchmark kind.
type KIND struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `

	Spec   KINDSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status KINDStatus ` + "`json:\"status,omitempty\"`" + `
}

// +kubebuilder:object:root=true

// KINDList is a list of KIND.
type KINDList struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	metav1.ListMeta ` + "`json:\"metadata,omitempty\"`" + `
	Items           []KIND ` + "`json:\"items\"`" + `
}
`
