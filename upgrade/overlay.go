package upgrade

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// OldOverlay finds, as a directory, the overlay a project was scaffolded with (want;
// nil when it had none), to render the project's old scaffold. given is what the user
// named (--old-templates): a directory, or a git revision of the repository that holds
// newDir, the overlay the project moves to. Without it: newDir itself when its
// templates are the ones recorded, else the commit of newDir's git history whose
// templates are. A directory made here is removed by cleanup. note says how it was
// found.
func OldOverlay(want *project.Overlay, given, newDir string) (dir, note string, cleanup func(), err error) {
	cleanup = func() {}
	if want == nil {
		if given != "" {
			return "", "", cleanup, fmt.Errorf("--old-templates %s: the project was scaffolded without an overlay", given)
		}
		return "", "", cleanup, nil
	}
	id := overlayID(want)
	if given != "" {
		if info, err := os.Stat(given); err == nil && info.IsDir() {
			d, err := templates.OverlayDigest(given)
			if err != nil {
				return "", "", cleanup, err
			}
			if d != want.Digest {
				return "", "", cleanup, fmt.Errorf("--old-templates %s: its templates (digest %s) are not those the project was scaffolded with, %s", given, d, id)
			}
			return given, "", cleanup, nil
		}
		if newDir == "" {
			return "", "", cleanup, fmt.Errorf("--old-templates %s: not a directory, and there is no overlay whose git repository it could be a revision of", given)
		}
		repo, err := gitRepo(newDir)
		if err != nil {
			return "", "", cleanup, fmt.Errorf("--old-templates %s: not a directory, and %s is in no git repository: %v", given, newDir, err)
		}
		commit, err := repo.git("rev-parse", "--verify", given+"^{commit}")
		if err != nil {
			return "", "", cleanup, fmt.Errorf("--old-templates %s: neither a directory nor a revision of %s", given, repo.top)
		}
		c := strings.TrimSpace(string(commit))
		files, err := repo.files(c)
		if err != nil {
			return "", "", cleanup, err
		}
		if d := templates.Digest(files); d != want.Digest {
			return "", "", cleanup, fmt.Errorf("--old-templates %s: %s at that revision (digest %s) is not what the project was scaffolded with, %s", given, repo.prefix, d, id)
		}
		dir, cleanup, err = writeOverlay(files)
		return dir, fmt.Sprintf("the old overlay, %s, is %s at %s", id, repo.prefix, short(c)), cleanup, err
	}
	if newDir == "" {
		return "", "", cleanup, fmt.Errorf("the project was scaffolded with the overlay %s, and none is given now: give it with --templates (and the version it was scaffolded with, if another, with --old-templates)", id)
	}
	if d, err := templates.OverlayDigest(newDir); err == nil && d == want.Digest {
		return newDir, "", cleanup, nil
	}
	repo, err := gitRepo(newDir)
	if err != nil {
		return "", "", cleanup, fmt.Errorf("the project was scaffolded with the overlay %s, which %s no longer is, and %s is in no git repository to find it in: give it with --old-templates DIR", id, newDir, newDir)
	}
	log, err := repo.git("log", "--format=%H", "--", repo.pathspec())
	if err != nil {
		return "", "", cleanup, err
	}
	for _, c := range strings.Fields(string(log)) {
		files, err := repo.files(c)
		if err != nil {
			return "", "", cleanup, err
		}
		if templates.Digest(files) == want.Digest {
			dir, cleanup, err = writeOverlay(files)
			return dir, fmt.Sprintf("found the old overlay, %s, in the git history of %s at %s", id, repo.top, short(c)), cleanup, err
		}
	}
	return "", "", cleanup, fmt.Errorf("the project was scaffolded with the overlay %s, which is neither %s now nor in its git history: give it with --old-templates DIR or a git revision", id, newDir)
}

func overlayID(o *project.Overlay) string {
	return (&templates.Overlay{Name: o.Name, Version: o.Version, Digest: o.Digest}).String()
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// repo is the git repository that holds an overlay directory.
type repo struct {
	top    string // the work tree's root
	prefix string // the overlay's slash path in it ("" at the root)
	blobs  map[string][]byte
}

func gitRepo(dir string) (*repo, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	r := &repo{blobs: map[string][]byte{}}
	top, err := (&repo{top: real}).git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	r.top = strings.TrimSpace(string(top))
	rel, err := filepath.Rel(r.top, real)
	if err != nil {
		return nil, err
	}
	if rel = filepath.ToSlash(rel); rel != "." {
		r.prefix = rel
	}
	return r, nil
}

func (r *repo) pathspec() string {
	if r.prefix == "" {
		return "."
	}
	return r.prefix
}

func (r *repo) git(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = r.top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// files are the overlay's files at a commit, by slash path in the overlay.
func (r *repo) files(commit string) (map[string][]byte, error) {
	list, err := r.git("ls-tree", "-r", "-z", commit, "--", r.pathspec())
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, entry := range strings.Split(string(list), "\x00") {
		meta, p, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" {
			continue // not a file (a symbolic link is left out)
		}
		rel := p
		if r.prefix != "" {
			rel = strings.TrimPrefix(p, r.prefix+"/")
		}
		if strings.Contains("/"+rel+"/", "/.git/") {
			continue
		}
		b, ok := r.blobs[f[2]]
		if !ok {
			if b, err = r.git("cat-file", "blob", f[2]); err != nil {
				return nil, err
			}
			r.blobs[f[2]] = b
		}
		out[path.Clean(rel)] = b
	}
	return out, nil
}

// writeOverlay writes an overlay's files into a new directory.
func writeOverlay(files map[string][]byte) (string, func(), error) {
	dir, err := os.MkdirTemp("", "opgen-old-overlay-")
	if err != nil {
		return "", func() {}, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	for p, b := range files {
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			cleanup()
			return "", func() {}, err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			cleanup()
			return "", func() {}, err
		}
	}
	return dir, cleanup, nil
}

// OverlayAt is the overlay named by --old-templates when no record says which it must
// be: a directory as it is, else a git revision of the repository that holds newDir,
// written to a directory cleanup removes.
func OverlayAt(given, newDir string) (dir string, cleanup func(), err error) {
	if info, err := os.Stat(given); err == nil && info.IsDir() {
		return given, func() {}, nil
	}
	if newDir == "" {
		return "", func() {}, fmt.Errorf("--old-templates %s: not a directory, and there is no overlay whose git repository it could be a revision of", given)
	}
	repo, err := gitRepo(newDir)
	if err != nil {
		return "", func() {}, fmt.Errorf("--old-templates %s: not a directory, and %s is in no git repository: %v", given, newDir, err)
	}
	commit, err := repo.git("rev-parse", "--verify", given+"^{commit}")
	if err != nil {
		return "", func() {}, fmt.Errorf("--old-templates %s: neither a directory nor a revision of %s", given, repo.top)
	}
	files, err := repo.files(strings.TrimSpace(string(commit)))
	if err != nil {
		return "", func() {}, err
	}
	return writeOverlay(files)
}
