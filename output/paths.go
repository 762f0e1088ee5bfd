package output

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// guard refuses every path a plan would write or delete outside the module root, or
// inside a .git directory, once symbolic links are resolved: a directory symlink at an
// output folder (config/crd/bases -> /elsewhere) must not let a run write there. A
// symbolic link at a file a run would replace is refused too: the link is the user's.
type guard struct {
	root, realRoot string
	problems       map[string]string
}

func newGuard(root string) (*guard, error) {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	return &guard{root: root, realRoot: real, problems: map[string]string{}}, nil
}

// check returns why the file at the slash path rel, relative to the root, may not be
// written or deleted, and records it; nil when it may.
func (g *guard) check(rel string) error { return g.checkAs(rel, false) }

// checkDir is check for a directory a run looks into: it may be a symbolic link that
// resolves inside the module.
func (g *guard) checkDir(rel string) error { return g.checkAs(rel, true) }

func (g *guard) checkAs(rel string, dir bool) error {
	if msg, done := g.problems[rel]; done {
		return errors.New(msg)
	}
	msg := g.why(rel, dir)
	if msg == "" {
		return nil
	}
	g.problems[rel] = msg
	return errors.New(msg)
}

func (g *guard) why(rel string, dir bool) string {
	clean := path.Clean(rel)
	if path.IsAbs(clean) || filepath.IsAbs(filepath.FromSlash(rel)) || clean == ".." || strings.HasPrefix(clean, "../") {
		return "outside the module"
	}
	if inGit(clean) {
		return "inside .git"
	}
	abs := filepath.Join(g.root, filepath.FromSlash(clean))
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&os.ModeSymlink != 0 && !dir {
		return "is a symbolic link; opgen writes and deletes regular files only"
	}
	// The deepest part of the path that exists decides where the rest would go.
	existing, rest := abs, ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			return ""
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return err.Error()
	}
	real = filepath.Join(real, rest)
	inside, err := filepath.Rel(g.realRoot, real)
	if err != nil || inside == ".." || strings.HasPrefix(inside, ".."+string(filepath.Separator)) {
		return fmt.Sprintf("resolves to %s, outside the module", real)
	}
	if inGit(filepath.ToSlash(inside)) {
		return fmt.Sprintf("resolves to %s, inside .git", real)
	}
	return ""
}

func inGit(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if part == ".git" {
			return true
		}
	}
	return false
}

// PathError lists the paths a plan refused, one line each.
type PathError struct {
	Root     string
	Problems map[string]string
}

func (e *PathError) Error() string {
	paths := make([]string, 0, len(e.Problems))
	for p := range e.Problems {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	for i, p := range paths {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: %s; opgen writes only inside %s, outside .git: nothing was written", p, e.Problems[p], e.Root)
	}
	return b.String()
}

func (g *guard) err() error {
	if len(g.problems) == 0 {
		return nil
	}
	return &PathError{Root: g.root, Problems: g.problems}
}
