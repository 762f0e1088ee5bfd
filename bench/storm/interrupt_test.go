package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/opgen-dev/opgen/internal/envtestassets"
)

// TestInterruptStopsTheServer: a run stopped by SIGTERM (a CI job's timeout, the
// benchmark's own end, Ctrl-C's SIGINT alike) stops the kube-apiserver and etcd it
// started, and the tenant process dies with it, before it exits with status 1. It
// stops the run in its idle window, where the three run beside it.
func TestInterruptStopsTheServer(t *testing.T) {
	cmd, stderr, self := startIdleRun(t)
	defer cmd.Process.Kill()

	// The run's processes, once all three run: kube-apiserver, etcd and the tenant (this
	// binary again).
	var started map[int]string
	deadline := time.Now().Add(2 * time.Minute)
	for {
		started = descendants(cmd.Process.Pid)
		if has(started, "kube-apiserver") && has(started, "etcd") && has(started, filepath.Base(self)) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not start its API server, etcd and tenant in 2 minutes: %v\n%s", started, stderr.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	wantExit1(t, cmd.Wait(), stderr)
	if !strings.Contains(stderr.String(), "the API server and etcd are stopped") {
		t.Errorf("the run did not say it stopped the API server:\n%s", stderr.String())
	}
	// The tenant gets its SIGKILL from the kernel as the run exits; give it a moment.
	wantGone(t, started, stderr)
}

// TestInterruptDuringStart: a signal that comes while the run is still starting its
// API server (etcd up, kube-apiserver not yet ready: Ctrl-C on a go test that has just
// begun) stops what was started, once the start is over, instead of ending the run
// with both servers left behind.
func TestInterruptDuringStart(t *testing.T) {
	cmd, stderr, _ := startIdleRun(t)
	defer cmd.Process.Kill()

	// The signal goes as soon as etcd runs, while the API server starts.
	seen := map[int]string{}
	deadline := time.Now().Add(2 * time.Minute)
	for !has(seen, "etcd") {
		for pid, name := range descendants(cmd.Process.Pid) {
			seen[pid] = name
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not start etcd in 2 minutes\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// What it starts after the signal is its too: watch until it exits.
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var err error
	for waiting := true; waiting; {
		for pid, name := range descendants(cmd.Process.Pid) {
			seen[pid] = name
		}
		select {
		case err = <-exited:
			waiting = false
		case <-time.After(20 * time.Millisecond):
		}
	}
	wantExit1(t, err, stderr)
	wantGone(t, seen, stderr)
}

// startIdleRun starts a run of this binary (the guarded controller, ten objects)
// whose idle window outlasts any test: a run to signal. It skips in -short mode.
func startIdleRun(t *testing.T) (cmd *exec.Cmd, stderr *strings.Builder, self string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts an API server")
	}
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	assets, err := envtestassets.Dir(repo)
	if err != nil {
		t.Fatal(err)
	}
	self, err = os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := Params{Objects: 10, Writers: 1, Interval: Duration(100 * time.Millisecond), Load: Duration(time.Second),
		Quiet: Duration(time.Second), Workers: 2, Seed: 1, Idle: Duration(5 * time.Minute)}
	job, _ := json.Marshal(childJob{Params: p, Controller: "guarded", Scenario: "mixed", ManagedFields: "trimmed",
		CRDDir: filepath.Join(repo, "bench", "storm", "config", "crd"), Repo: repo})
	cmd = exec.Command(self)
	cmd.Env = append(os.Environ(), childEnv+"="+string(job), "KUBEBUILDER_ASSETS="+assets)
	stderr = &strings.Builder{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stderr, self
}

// wantExit1 fails t unless err, a run's end after a signal, is exit status 1.
func wantExit1(t *testing.T, err error, stderr *strings.Builder) {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("the run ended with %v after SIGTERM, want exit status 1\n%s", err, stderr.String())
	}
}

// wantGone fails t when one of procs still runs 10 s after the run exited (and kills
// it, so that no test leaves it behind).
func wantGone(t *testing.T, procs map[int]string, stderr *strings.Builder) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := map[int]string{}
		for pid, name := range procs {
			if alive(pid) {
				left[pid] = name
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for pid := range left {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("still running 10 s after the run exited: %v\n%s", left, stderr.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// descendants are the processes below pid, by their parents in /proc, with their
// command names.
func descendants(pid int) map[int]string {
	parent, name := map[int]int{}, map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		s := string(data)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open {
			continue
		}
		fields := strings.Fields(s[end+1:])
		if len(fields) < 2 {
			continue
		}
		pp, _ := strconv.Atoi(fields[1])
		parent[p], name[p] = pp, s[open+1:end]
	}
	out := map[int]string{}
	for p := range parent {
		for q := parent[p]; q > 1; q = parent[q] {
			if q == pid {
				out[p] = name[p]
				break
			}
		}
	}
	return out
}

// has reports whether one of procs is named name (a command name is cut at 15 bytes).
func has(procs map[int]string, name string) bool {
	if len(name) > 15 {
		name = name[:15]
	}
	for _, n := range procs {
		if n == name {
			return true
		}
	}
	return false
}

// alive reports whether pid runs and is no zombie.
func alive(pid int) bool {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	s := string(data)
	end := strings.LastIndexByte(s, ')')
	return end < 0 || !strings.HasPrefix(strings.TrimSpace(s[end+1:]), "Z")
}

// interruptRaceEnv makes this binary run interruptRaceMain.
const interruptRaceEnv = "STORM_TEST_INTERRUPT_RACE"

// interruptRaceMain is a run whose own path fails while a signal's cleanup is under
// way, as a run does when SIGTERM stops its API server under the tenant: armed, it
// says so, and 200 ms later (the signal has come by then) gives up, disarming on its
// way out; the cleanup takes 600 ms.
func interruptRaceMain() int {
	disarm := onInterrupt(func() { time.Sleep(600 * time.Millisecond) })
	fmt.Println("armed")
	time.Sleep(200 * time.Millisecond)
	disarm()
	fmt.Fprintln(os.Stderr, "the run's own path ended first")
	return 2
}

// TestInterruptOutlivesTheRunsFailure: a SIGTERM's cleanup runs to its end and says
// so, though the run's own path fails and returns meanwhile. The run that failed this
// way left the cleanup unsaid, or unfinished.
func TestInterruptOutlivesTheRunsFailure(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), interruptRaceEnv+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "armed\n" {
		t.Fatalf("the child said %q, %v", line, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("the child ended with %v, want exit status 1 from the cleanup\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "the API server and etcd are stopped") || strings.Contains(stderr.String(), "own path ended first") {
		t.Errorf("the child's own path ended before the cleanup:\n%s", stderr.String())
	}
}
