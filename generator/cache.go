package generator

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
)

// The cache keeps a run's Result, keyed by the content of everything the run read, so
// that a run over a tree whose inputs did not change (a rerun, a --check in a
// pre-commit hook) skips the load and the generators and only compares the outputs
// with the disk. The key holds: opgen's own build (the executable's path, size and
// modification time), the go command's version and the environment that selects files
// (GOFLAGS, GOOS, GOARCH, CGO_ENABLED, GOEXPERIMENT, GOWORK), the run's configuration
// with its resolved options (project and role names, the license text), go.mod,
// go.sum, vendor/modules.txt, opgen.yaml, a templates overlay, and every Go file of the
// module that opgen and controller-gen did not generate. A module with a local replace
// directive, a go.work in effect or a run with an overlay is not cached: inputs lie
// outside what the key can see.
//
// Entries live in the user's cache directory (os.UserCacheDir()/opgen/generate), or in
// $OPGEN_CACHE when it names a directory, one per module root and invocation, replaced
// atomically; OPGEN_CACHE=off turns the cache off. A missing or unreadable cache is a
// miss, never an error.

// cacheEntry is what a cache file holds.
type cacheEntry struct {
	Key    string
	Result Result
	// Satisfied records that go.mod and go.sum provided what the files import.
	Satisfied bool
}

// cacheID is where a run's result is cached: its slot (the module root and the
// invocation) and the key of its inputs.
type cacheID struct{ slot, key string }

// cacheKey returns the key of a run's inputs, all in its settings; the zero cacheID
// when the run is not cached.
func cacheKey(s *Settings) cacheID {
	root := s.ModuleRoot
	if os.Getenv("OPGEN_CACHE") == "off" || len(s.Overlay) > 0 || s.NewModule {
		return cacheID{}
	}
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return cacheID{}
	}
	if mf, err := modfile.ParseLax("go.mod", goMod, nil); err != nil || localReplace(mf) || goWork(root) {
		return cacheID{}
	}
	exe, ok := executable()
	if !ok {
		return cacheID{}
	}
	slot := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%s\x00%q\x00%+v", root, s.Dir, s.Patterns, s.Options)))
	h := sha256.New()
	field := func(name string, v any) { fmt.Fprintf(h, "%s=%q\n", name, fmt.Sprint(v)) }
	field("opgen", exe)
	field("go", goVersion())
	for _, v := range []string{"GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT", "GOWORK"} {
		field(v, os.Getenv(v))
	}
	rel, _ := filepath.Rel(root, s.Dir)
	field("dir", rel)
	field("patterns", strings.Join(s.Patterns, "\x00"))
	field("options", fmt.Sprintf("%+v", s.Options))
	field("roleOwner", s.RoleOwner)
	field("license", s.License)
	field("project", fmt.Sprintf("%+v", s.Project))
	for _, f := range []string{"go.mod", "go.sum", "vendor/modules.txt"} {
		data, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		field(f, sha256.Sum256(data))
	}
	if s.TemplatesDir != "" {
		_ = filepath.WalkDir(s.TemplatesDir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(p)
				field("template:"+p, sha256.Sum256(data))
			}
			return nil
		})
	}
	files := make([]string, 0, len(s.survey.inputs))
	for f := range s.survey.inputs {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		sum := s.survey.inputs[f]
		fmt.Fprintf(h, "%s %x\n", f, sum)
	}
	return cacheID{slot: hex.EncodeToString(slot[:]), key: hex.EncodeToString(h.Sum(nil))}
}

func localReplace(mf *modfile.File) bool {
	for _, r := range mf.Replace {
		if r.New.Version == "" {
			return true
		}
	}
	return false
}

// goWork reports whether a go.work takes part in the build.
func goWork(root string) bool {
	switch w := os.Getenv("GOWORK"); w {
	case "off":
		return false
	case "":
		for d := root; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
				return true
			}
			if filepath.Dir(d) == d {
				return false
			}
		}
	default:
		return true
	}
}

// executable identifies opgen's own build: a rebuilt opgen is a new key.
func executable() (string, bool) {
	exe, err := os.Executable()
	if err != nil {
		return "", false
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano()), true
}

// goVersion is the version of the go command on PATH, read from its GOROOT, without
// running it.
func goVersion() string {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "none " + runtime.Version()
	}
	if real, err := filepath.EvalSymlinks(goBin); err == nil {
		goBin = real
	}
	data, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(goBin)), "VERSION"))
	if err != nil {
		return goBin
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	return goBin + " " + string(first)
}

// cacheFile is the file of a slot.
func cacheFile(id cacheID) string {
	if id.slot == "" {
		return ""
	}
	dir := os.Getenv("OPGEN_CACHE")
	if dir == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(user, "opgen")
	}
	return filepath.Join(dir, "generate", id.slot[:2], id.slot+".gob")
}

// readCache returns the cached Result for id, or nil.
func readCache(id cacheID) *Result {
	file := cacheFile(id)
	if file == "" {
		return nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var e cacheEntry
	if gob.NewDecoder(f).Decode(&e) != nil || e.Key != id.key {
		return nil
	}
	e.Result.Cached, e.Result.RequirementsSatisfied, e.Result.id = true, e.Satisfied, id
	return &e.Result
}

// Remember stores a successful run's result for the next run with the same inputs, once
// its files are on disk (or found there by --check); satisfied records that go.mod and
// go.sum provided what the files import. The key is the one the next run will compute:
// the settings are resolved again, so what this run wrote itself (a scaffolded file,
// go.mod's new requirements, role.yaml's owner, the year in a license) is part of it,
// and a rerun right after a write is served from the cache. A result that cannot be
// cached is not; an error to write the cache is ignored.
func (r *Result) Remember(satisfied bool) {
	next := r.cfg
	next.Overlay = nil // the overlay's files are on disk now
	s, err := Resolve(next)
	if err != nil {
		return
	}
	id := cacheKey(s)
	file := cacheFile(id)
	if file == "" || r.Cached && id == r.id && r.RequirementsSatisfied == satisfied {
		return
	}
	var b bytes.Buffer
	res := *r
	res.Cached, res.RequirementsSatisfied = false, false
	if gob.NewEncoder(&b).Encode(cacheEntry{Key: id.key, Result: res, Satisfied: satisfied}) != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(file), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".entry-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b.Bytes())
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return
	}
	if os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
	}
}
