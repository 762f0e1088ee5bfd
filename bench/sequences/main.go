// Command sequences is the long run of opgen's randomized command-sequence test
// (internal/sequence): it plays n sequences of randomized user steps, each on a fresh
// copy of a golden project, with a real opgen binary, and prints the seed of every
// sequence that broke the invariant, so that it can be played again alone.
//
//	go run ./bench/sequences [-n 500] [-seed 1] [-steps 10] [-project init-memcached] [-every] [-record]
//
// -every builds and vets the project after every step that succeeded (slower); by
// default after the last one, generate --check after every step either way. -record
// also holds the scaffold record to what each step scaffolded (sequence.Options.Record).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/opgen-dev/opgen/internal/sequence"
)

func main() {
	n := flag.Int("n", 500, "sequences to play")
	seed := flag.Uint64("seed", 1, "seed of the first sequence; the i-th is seed+i")
	steps := flag.Int("steps", 10, "steps per sequence")
	project := flag.String("project", "", "golden project to start from (default: alternate init-memcached and init-webhook)")
	every := flag.Bool("every", false, "build and vet after every successful step")
	record := flag.Bool("record", false, "check the scaffold record after every successful step")
	verbose := flag.Bool("v", false, "print every step")
	flag.Parse()
	if err := run(*n, *seed, *steps, *project, *every, *record, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "sequences:", err)
		os.Exit(2)
	}
}

func run(n int, seed uint64, steps int, project string, every, record, verbose bool) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "opgen-sequences-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	opgen := filepath.Join(work, "opgen")
	if out, err := exec.Command("go", "build", "-o", opgen, "./cmd/opgen").CombinedOutput(); err != nil {
		return fmt.Errorf("building opgen: %v\n%s", err, out)
	}
	runner := func(dir string, env []string, args ...string) (int, string, string) {
		cmd := exec.Command(opgen, args...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "OPGEN_CACHE="+filepath.Join(work, "cache")), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
			return 0, stdout.String(), stderr.String()
		case errors.As(err, &ee):
			return ee.ExitCode(), stdout.String(), stderr.String()
		}
		return -1, stdout.String(), err.Error()
	}
	start := time.Now()
	var failed []*sequence.Failure
	for i := 0; i < n; i++ {
		s := seed + uint64(i)
		p := project
		if p == "" {
			p = []string{"init-memcached", "init-webhook"}[i%2]
		}
		dir := filepath.Join(work, fmt.Sprint("p", s))
		if out, err := exec.Command("cp", "-a", filepath.Join(repo, "golden", p), dir).CombinedOutput(); err != nil {
			return fmt.Errorf("cp: %v\n%s", err, out)
		}
		o := sequence.Options{Steps: steps, CheckEveryStep: every, Record: record}
		if verbose {
			o.Log = func(format string, a ...any) { fmt.Fprintf(os.Stderr, "  "+format+"\n", a...) }
		}
		f, err := sequence.Run(s, dir, runner, o)
		if err != nil {
			return err
		}
		if f != nil {
			failed = append(failed, f)
			again := ""
			if record {
				again = " -record"
			}
			fmt.Printf("FAIL %s: %v\n  again: go run ./bench/sequences -project %s -seed %d -n 1 -steps %d%s -v\n", p, f, p, f.Seed, steps, again)
		}
		os.RemoveAll(dir)
		fmt.Fprintf(os.Stderr, "sequence %d/%d (seed %d, %s): %s\n", i+1, n, s, p, map[bool]string{true: "FAIL", false: "ok"}[f != nil])
	}
	fmt.Printf("%d sequences of %d steps from seed %d in %v: %d failed\n", n, steps, seed, time.Since(start).Round(time.Second), len(failed))
	if len(failed) > 0 {
		os.Exit(1)
	}
	return nil
}
