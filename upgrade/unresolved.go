package upgrade

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/opgen-dev/opgen/merge"
)

// maxScanned is the largest file Unresolved reads: a file an upgrade merged is a
// scaffolded source or manifest, far below it.
const maxScanned = 4 << 20

// Unresolved lists, by slash path, the files of the project at root that still hold a
// conflict an upgrade left (a line "<<<<<<< ours" or ">>>>>>> theirs", merge.HasMarkers):
// until they are resolved the project is not up to date, whatever its record says, and
// another upgrade would merge the markers as if they were the user's lines. .git,
// vendor/, bin/ and node_modules/ are not the project's sources and are skipped.
func Unresolved(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "vendor", "bin", "node_modules":
				if p != root {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxScanned {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if merge.HasMarkers(b) {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}
