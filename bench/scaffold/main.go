package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

func main() {
	runs := flag.Int("runs", 7, "runs")
	kubebuilder := flag.String("kubebuilder", "", "a kubebuilder binary to time as well")
	flag.Parse()
	if err := run(*runs, *kubebuilder); err != nil {
		fmt.Fprintln(os.Stderr, "scaffold:", err)
		os.Exit(1)
	}
}

func run(runs int, kubebuilder string) error {
	work, err := os.MkdirTemp("", "opgen-bench-scaffold-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	opgen := filepath.Join(work, "opgen")
	if out, err := exec.Command("go", "build", "-o", opgen, filepath.Join(repo, "cmd", "opgen")).CombinedOutput(); err != nil {
		return fmt.Errorf("building opgen: %v\n%s", err, out)
	}
	var initT, apiT, totalT []time.Duration
	for i := 0; i <= runs; i++ { // run 0 warms the caches and is not counted
		dir := filepath.Join(work, fmt.Sprintf("p%d", i))
		d1, err := timed("", opgen, "init", dir, "--module", "example.com/memcached-operator", "--domain", "example.com", "--skip-tidy")
		if err != nil {
			return err
		}
		if _, err := timed(dir, "go", "mod", "tidy"); err != nil {
			return err
		}
		d2, err := timed(dir, opgen, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached")
		if err != nil {
			return err
		}
		if i == 0 {
			continue
		}
		initT, apiT, totalT = append(initT, d1), append(apiT, d2), append(totalT, d1+d2)
		fmt.Fprintf(os.Stderr, "run %d/%d: init %v, create api %v\n", i, runs, d1.Round(time.Millisecond), d2.Round(time.Millisecond))
	}
	fmt.Printf("opgen init + create api, warm module cache, go mod tidy excluded, %d runs (medians)\n", runs)
	fmt.Printf("%-28s %8v\n", "opgen init --skip-tidy", median(initT).Round(time.Millisecond))
	fmt.Printf("%-28s %8v\n", "opgen create api", median(apiT).Round(time.Millisecond))
	fmt.Printf("%-28s %8v\n", "total", median(totalT).Round(time.Millisecond))
	if kubebuilder != "" {
		dir := filepath.Join(work, "kb")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		d1, err := timed(dir, kubebuilder, "init", "--domain", "example.com", "--repo", "example.com/kb")
		if err != nil {
			return err
		}
		d2, err := timed(dir, kubebuilder, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached", "--resource", "--controller")
		if err != nil {
			return err
		}
		fmt.Printf("%-28s %8v (its go mod tidy included)\n", "kubebuilder init", d1.Round(time.Millisecond))
		fmt.Printf("%-28s %8v\n", "kubebuilder create api", d2.Round(time.Millisecond))
	}
	return nil
}

func timed(dir, name string, args ...string) (time.Duration, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
	}
	return time.Since(start), nil
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
