package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/opgen-dev/opgen/internal/envtestassets"
)

// Params are the benchmark's settings; a child process gets them as JSON.
type Params struct {
	Scenarios   []string `json:"scenarios"`
	Controllers []string `json:"controllers"`
	Objects     int      `json:"objects"`
	Writers     int      `json:"writers"`
	Interval    Duration `json:"interval"`
	Load        Duration `json:"load"`
	Quiet       Duration `json:"quiet"`
	Workers     int      `json:"workers"`
	Seed        int64    `json:"seed"`
	// ManagedFields are what the guarded operator's cache keeps of managedFields, one
	// run each: "trimmed" (its generated CacheOptions: only its own entries, and on owned kinds none, a digest instead), "full"
	// (controller-runtime's default) or "stripped" (cache.TransformStripManagedFields).
	// The naive operators always run with controller-runtime's default.
	ManagedFields []string `json:"managedFields,omitempty"`
	// KubeAPIQPS and KubeAPIBurst replace the guarded operator's client limit when > 0.
	KubeAPIQPS   float64 `json:"kubeAPIQPS,omitempty"`
	KubeAPIBurst int     `json:"kubeAPIBurst,omitempty"`
	// KubeAPIInFlight replaces the guarded operator's bound on requests in flight
	// (guarded.DefaultKubeAPIInFlight) when != 0; negative: no bound.
	KubeAPIInFlight int `json:"kubeAPIInFlight,omitempty"`
	// GuardedWorkers replaces the guarded operator's generated default of
	// MaxConcurrentReconciles (DefaultMaxConcurrentReconciles) when > 0; Workers is the
	// others'. A scenario with workers of its own (conflict) sets both.
	GuardedWorkers int `json:"guardedWorkers,omitempty"`
	// GuardedHold, when > 0, holds each of the guarded operator's requests (watches and
	// leases aside) for this factor of its latency after its answer, inside its
	// in-flight bound: the holdAfter experiment.
	GuardedHold float64 `json:"guardedHold,omitempty"`
	// Idle is the window before the controller starts in which the tenant is alone on
	// the server (0: defaultIdle).
	Idle Duration `json:"idle,omitempty"`
	// Create is when the benchmark creates the objects: "before" the controller starts
	// (the default: the first sync is the controller's load alone, the creation a
	// control), or "during" its first sync, one after another while it runs.
	Create string `json:"create,omitempty"`
	// APF is "generated" (the default: the guarded operator's FlowSchemas and priority
	// level, config/apf, are applied), "none" (the API server's default ones only) or
	// "tight" (the generated ones with a priority level of 3 seats that rejects instead
	// of queuing: 429s on purpose).
	APF string `json:"apf,omitempty"`
	// Dashboard records, in guarded runs, the series the dashboard's panels query every
	// second (-dashboard; Run.Dashboard). Off, a run scrapes its metrics once, at the end.
	Dashboard bool `json:"dashboard,omitempty"`
}

// defaultIdle is the tenant's idle window: 2,400 requests. A p99 of the 400 of a 10 s
// window is their fourth largest and missed the server's occasional spikes: with no
// controller at all, 10 s windows read the creation at 1.7x idle and a quiet window
// with nothing written at 2.2x, 60 s ones the creation at 1.2x (docs/runtime.md).
const defaultIdle = 60 * time.Second

func (p Params) idle() Duration {
	if p.Idle > 0 {
		return p.Idle
	}
	return Duration(defaultIdle)
}

// The -create modes.
const (
	createBefore = "before"
	createDuring = "during"
)

func (p Params) create() string {
	if p.Create == "" {
		return createBefore
	}
	return p.Create
}

func (p Params) apf() string {
	if p.APF == "" {
		return "generated"
	}
	return p.APF
}

// Duration is a time.Duration that reads as "15s" in JSON.
type Duration time.Duration

// MarshalJSON implements json.Marshaler.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON implements json.Unmarshaler.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	*d = Duration(v)
	return err
}

// Report is the --json output.
type Report struct {
	Params Params `json:"params"`
	Runs   []Run  `json:"runs"`
}

// childEnv carries a child's job: {"params":…,"controller":…,"scenario":…}.
const childEnv = "OPGEN_STORM_CHILD"

type childJob struct {
	Params        Params `json:"params"`
	Controller    string `json:"controller"`
	Scenario      string `json:"scenario"`
	ManagedFields string `json:"managedFields"`
	CRDDir        string `json:"crdDir"`
	// Repo is opgen's repository, where the generated manifests are.
	Repo string `json:"repo"`
	// Load1 is the machine's 1-minute load average when the run started.
	Load1 float64 `json:"load1"`
	// Peer is the kubebuilder controller's binary (peer.go).
	Peer string `json:"peer,omitempty"`
}

// The cache's managedFields policies a run can have.
var managedFieldsModes = []string{"trimmed", "full", "stripped"}

// modes returns the managedFields policies controller runs with: the guarded operator
// each of those asked, the others their own default.
func (p Params) modes(controller string) []string {
	if controller != "guarded" {
		return []string{"full"}
	}
	if len(p.ManagedFields) == 0 {
		return []string{"trimmed"}
	}
	return p.ManagedFields
}

func main() {
	// An operator process is started by a child, whose environment it inherits.
	if job := os.Getenv(operatorEnv); job != "" {
		os.Exit(operatorMain(job))
	}
	if job := os.Getenv(tenantEnv); job != "" {
		os.Exit(tenantMain(job))
	}
	if job := os.Getenv(childEnv); job != "" {
		os.Exit(childMain(job))
	}
	p := Params{}
	scen := flag.String("scenario", strings.Join(scenarioNames(), ","), "scenarios to run")
	ctrls := flag.String("controller", strings.Join(controllerNames, ","), "controllers to run")
	flag.IntVar(&p.Objects, "objects", 100, "objects (conflict keeps its 5 hot ones)")
	flag.IntVar(&p.Writers, "writers", 4, "outside writers")
	interval := flag.Duration("interval", 200*time.Millisecond, "time between two writes of one writer")
	load := flag.Duration("load", 12*time.Second, "load window")
	quiet := flag.Duration("quiet", 10*time.Second, "quiet window")
	flag.IntVar(&p.Workers, "workers", 2, "MaxConcurrentReconciles of the hand-written controllers (conflict uses 10)")
	flag.Float64Var(&p.GuardedHold, "guarded-hold", 0, "experiment: hold each of the guarded operator's requests this factor of its latency after its answer, inside its in-flight bound (hold.go)")
	flag.IntVar(&p.GuardedWorkers, "guarded-workers", 0, "MaxConcurrentReconciles of the guarded operator instead of its generated default (conflict uses 10)")
	flag.Int64Var(&p.Seed, "seed", 1, "seed of the outside writers' choices")
	mf := flag.String("managed-fields", "trimmed", "what the guarded operator's cache keeps of managedFields, one run each: trimmed (its generated CacheOptions), full, stripped")
	flag.Float64Var(&p.KubeAPIQPS, "kube-api-qps", 0, "the guarded operator's client QPS instead of its generated default (its first sync of N objects takes 3N/QPS seconds)")
	flag.IntVar(&p.KubeAPIBurst, "kube-api-burst", 0, "the guarded operator's client burst instead of its generated default")
	flag.IntVar(&p.KubeAPIInFlight, "kube-api-inflight", 0, "the guarded operator's bound on requests in flight instead of its generated default (1: one at a time; more: the most, the bound following the server's latency); negative: none")
	idle := flag.Duration("idle", defaultIdle, "the tenant alone on the server before the controller starts")
	flag.StringVar(&p.Create, "create", createBefore, "when the benchmark creates the objects: before the controller starts (its first sync alone), or during its first sync")
	flag.StringVar(&p.APF, "apf", "generated", "API Priority and Fairness objects: generated (the guarded operator's, config/apf), none, or tight (the generated ones, the operator's level 3 seats that reject)")
	jsonOut := flag.String("json", "", "write every figure and the parameters to this file")
	svgOut := flag.String("svg", "", "write a chart of controller writes per second to this file")
	phasesOut := flag.String("phases-svg", "", "write a chart of each run's writes per second and tenant p99 through creation, first sync, load, quiet and rollout to this file")
	dashOut := flag.String("dashboard", "", "record the guarded operator's metrics every second and draw the generated Grafana dashboard's panels from them to this SVG file")
	from := flag.String("from", "", "run nothing: print the table and draw the chart of an earlier -json file")
	faults := flag.String("faults", "", "run these faults instead of the scenarios: "+strings.Join(faultNames, ",")+" or all (see faults.go)")
	shape := flag.String("shape", "", "run this shape instead of the scenarios: deployments (a guarded controller of Deployments beside a hand-written one under the same noise, deployments.go)")
	flag.Parse()
	p.Interval, p.Load, p.Quiet, p.Idle = Duration(*interval), Duration(*load), Duration(*quiet), Duration(*idle)
	if *faults != "" {
		os.Exit(faultsMain(p, *faults, *jsonOut))
	}
	switch *shape {
	case "":
	case "deployments":
		os.Exit(shapeMain(ShapeParams{Deployments: p.Objects, Writers: p.Writers, Interval: p.Interval, Noise: p.Load, Seed: p.Seed}, *jsonOut))
	default:
		fmt.Fprintf(os.Stderr, "storm: -shape %s: the shapes are: deployments\n", *shape)
		os.Exit(2)
	}
	p.Scenarios, p.Controllers, p.ManagedFields = split(*scen), split(*ctrls), split(*mf)
	p.Dashboard = *dashOut != ""
	var report *Report
	var err error
	if *from != "" {
		report = &Report{}
		var data []byte
		if data, err = os.ReadFile(*from); err == nil {
			err = json.Unmarshal(data, report)
		}
	} else {
		// The file is rewritten after every run: a long run stopped midway (a 10,000-object
		// one takes an hour on two cores) keeps the runs it finished.
		report, err = runAllTo(context.Background(), p, os.Stderr, func(r *Report) {
			if *jsonOut != "" {
				writeJSON(*jsonOut, r)
			}
		})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "storm:", err)
		os.Exit(1)
	}
	fmt.Print(table(report))
	if *jsonOut != "" {
		if err := writeJSON(*jsonOut, report); err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			os.Exit(1)
		}
	}
	if *phasesOut != "" {
		if err := os.WriteFile(*phasesOut, []byte(phaseChart(report)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			os.Exit(1)
		}
	}
	if *svgOut != "" {
		if err := os.WriteFile(*svgOut, []byte(chart(report)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			os.Exit(1)
		}
	}
	if *dashOut != "" {
		svg, err := dashboardChart(report)
		if err == nil {
			err = os.WriteFile(*dashOut, []byte(svg), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "storm: -dashboard:", err)
			os.Exit(1)
		}
	}
}

// writeJSON writes report to path, indented.
func writeJSON(path string, report *Report) error {
	data, _ := json.MarshalIndent(report, "", "  ")
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func split(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// runAll checks the guarded operator is opgen's output, obtains the API server
// binaries, and runs every (scenario, controller) in a child process.
func runAll(ctx context.Context, p Params, progress *os.File) (*Report, error) {
	return runAllTo(ctx, p, progress, nil)
}

// runAllTo is runAll, handing the report so far to done after each run (done may be nil).
func runAllTo(ctx context.Context, p Params, progress *os.File, done func(*Report)) (*Report, error) {
	for _, s := range p.Scenarios {
		if scenarioByName(s) == nil {
			return nil, fmt.Errorf("unknown scenario %q (have %s)", s, strings.Join(scenarioNames(), ", "))
		}
	}
	for _, c := range p.Controllers {
		if !validController(c) {
			return nil, fmt.Errorf("unknown controller %q (have %s)", c, strings.Join(controllerNames, ", "))
		}
	}
	if c := p.create(); c != createBefore && c != createDuring {
		return nil, fmt.Errorf("unknown -create %q (have before, during)", c)
	}
	if a := p.apf(); a != "generated" && a != "none" && a != "tight" {
		return nil, fmt.Errorf("unknown -apf %q (have generated, none, tight)", a)
	}
	for _, m := range p.ManagedFields {
		if !slices.Contains(managedFieldsModes, m) {
			return nil, fmt.Errorf("unknown managedFields policy %q (have %s)", m, strings.Join(managedFieldsModes, ", "))
		}
	}
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	if err := checkGenerated(ctx, repo); err != nil {
		return nil, err
	}
	assets, err := envtestassets.Dir(repo)
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	peer, err := preparePeerFor(ctx, p.Controllers, progress)
	if err != nil {
		return nil, err
	}
	report := &Report{Params: p}
	total, n := 0, 0
	for _, c := range p.Controllers {
		total += len(p.Scenarios) * len(p.modes(c))
	}
	for _, s := range p.Scenarios {
		for _, c := range p.Controllers {
			for _, m := range p.modes(c) {
				n++
				start := time.Now()
				fmt.Fprintf(progress, "storm [%d/%d] %s / %s (managedFields %s) ...", n, total, s, c, m)
				job, _ := json.Marshal(peer.job(childJob{Params: p, Controller: c, Scenario: s, ManagedFields: m,
					CRDDir: filepath.Join(repo, "bench", "storm", "config", "crd"), Repo: repo, Load1: load1()}))
				cmd := exec.CommandContext(ctx, self)
				cmd.Env = append(os.Environ(), childEnv+"="+string(job), "KUBEBUILDER_ASSETS="+assets)
				// A benchmark ended by a signal or killed ends its run, which stops its
				// API server first (onInterrupt).
				dieWithParent(cmd, syscall.SIGTERM)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if dir := os.Getenv(heapProfileEnv); dir != "" {
					// The diagnostic run keeps the child's log too (GODEBUG=gctrace=1 goes there).
					if f, err := os.Create(filepath.Join(dir, "child.log")); err == nil {
						defer f.Close()
						cmd.Stderr = io.MultiWriter(&stderr, f)
					}
				}
				if err := cmd.Run(); err != nil {
					fmt.Fprintln(progress, " failed")
					return nil, fmt.Errorf("%s / %s: %v\n%s", s, c, err, stderr.String())
				}
				var run Run
				if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
					return nil, fmt.Errorf("%s / %s: reading the result: %v\n%s", s, c, err, stdout.String())
				}
				fmt.Fprintf(progress, " converged in %.1f s (%d writes), %d writes, %d 409s, rollout %d writes; tenant p99 %.1f ms idle, %.1f in setup; load %.2f; in %v\n",
					run.ConvergedSeconds, run.Setup.Writes, run.Load.Writes+run.Quiet.Writes, run.Load.Conflicts+run.Quiet.Conflicts, run.Rollout.Writes,
					run.TenantIdleP99ms, run.Setup.TenantP99ms, run.Load1, time.Since(start).Round(time.Second))
				report.Runs = append(report.Runs, run)
				if done != nil {
					done(report)
				}
			}
		}
	}
	return report, nil
}

// load1 is the machine's 1-minute load average (0 when /proc/loadavg cannot be read).
func load1() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var l float64
	fmt.Sscan(string(data), &l)
	return l
}

// repoRoot finds opgen's repository from the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && bytes.Contains(data, []byte("module github.com/opgen-dev/opgen\n")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("run from opgen's repository: its go.mod was not found above " + dir)
		}
	}
}
