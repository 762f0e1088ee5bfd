package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"testing"
)

// runAsMain makes the test binary run opgen's main instead of the tests, so that a
// test can start opgen as a real process and kill it.
const runAsMain = "OPGEN_TEST_RUN_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runAsMain) == "1" {
		os.Args = append([]string{"opgen"}, os.Args[1:]...)
		main()
		return
	}
	// The tests' runs cache their results in a folder of their own, not the user's.
	cache, err := os.MkdirTemp("", "opgen-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("OPGEN_CACHE", cache)
	code := m.Run()
	cleanupShared()
	os.RemoveAll(cache)
	os.Exit(code)
}

// opgenProcess runs opgen as its own process in dir with the extra environment, and
// returns its exit status (-1 when a signal ended it) and output.
func opgenProcess(t *testing.T, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), runAsMain+"=1"), env...)
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
	t.Fatalf("starting opgen: %v", err)
	return 0, "", ""
}
