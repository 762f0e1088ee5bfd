package testdatadir

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Track reads every regular file under dir, so that the test's cached result is
// dropped when one of them changes.
func Track(t testing.TB, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return err
		}
		_, err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatalf("reading the testdata under %s: %v", dir, err)
	}
}
