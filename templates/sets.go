package templates

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"sigs.k8s.io/yaml"
)

// Version is the version of the scaffold template set in project/, api/, scaffold/,
// webhook/ and chart/: the set this opgen scaffolds with, recorded in every project's
// opgen.yaml. A change to any of those templates is a new version; the set it replaces
// is kept whole in released/v<N>, so that opgen upgrade can render a project as an
// older opgen scaffolded it. sets.sum holds each version's digest, and a test holds the
// templates to it (see docs/contributing.md for the steps).
const Version = 4

// SetDirs are the folders of a template set.
var SetDirs = []string{"project", "api", "scaffold", "webhook", "chart", "controller"}

//go:embed all:released
var released embed.FS

//go:embed sets.sum
var setSums string

var (
	registryMu sync.Mutex
	registered = map[int]fs.FS{}
)

// Register adds a whole template set (project/, api/, … at the root of fsys) under a
// version no opgen release has: opgen's tests use it to stand for a set older than any
// released one, and scaffold a project with it.
func Register(v int, fsys fs.FS) error {
	if _, _, err := setFS(v); err == nil {
		return fmt.Errorf("template set %d exists already", v)
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	registered[v] = fsys
	return nil
}

// setFS is version v of the built-in templates, and the folder to name in errors.
func setFS(v int) (fs.FS, string, error) {
	if v == Version {
		return builtin, "templates/", nil
	}
	registryMu.Lock()
	r := registered[v]
	registryMu.Unlock()
	if r != nil {
		return r, fmt.Sprintf("template set %d: ", v), nil
	}
	dir := fmt.Sprintf("released/v%d", v)
	if _, err := fs.Stat(released, dir); err == nil && v > 0 {
		sub, err := fs.Sub(released, dir)
		return sub, "templates/" + dir + "/", err
	}
	return nil, "", fmt.Errorf("template set %d is not one this opgen knows (it knows %s): %s", v, knownVersions(), map[bool]string{true: "a newer opgen made it; upgrade opgen first", false: "opgen.yaml's record is wrong"}[v > Version])
}

// Versions are the versions of the built-in template sets this opgen can render, in
// order: every released one and the current one.
func Versions() []int {
	var out []int
	for _, l := range sumLines() {
		out = append(out, l.version)
	}
	registryMu.Lock()
	for v := range registered {
		out = append(out, v)
	}
	registryMu.Unlock()
	sort.Ints(out)
	return out
}

func knownVersions() string {
	var s []string
	for _, v := range Versions() {
		s = append(s, strconv.Itoa(v))
	}
	return strings.Join(s, ", ")
}

// sumLine is one line of sets.sum.
type sumLine struct {
	version int
	digest  string
}

// sumLines parses sets.sum: "<version> <digest>" per line, # comments.
func sumLines() []sumLine {
	var out []sumLine
	for _, l := range strings.Split(setSums, "\n") {
		f := strings.Fields(l)
		if len(f) != 2 || strings.HasPrefix(l, "#") {
			continue
		}
		v, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		out = append(out, sumLine{v, f[1]})
	}
	return out
}

// Digest is the SHA-256 of a template set's or an overlay's templates: each *.tmpl
// file's slash path and content, in path order. The same templates have the same
// digest wherever they lie (a directory, a git commit, the binary).
func Digest(files map[string][]byte) string {
	names := make([]string, 0, len(files))
	for n := range files {
		if strings.HasSuffix(n, ".tmpl") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%d:%s%d:", len(n), n, len(files[n]))
		h.Write(files[n])
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

func digestFiles(files []overlayFile) string {
	m := map[string][]byte{}
	for _, f := range files {
		m[f.rel] = f.src
	}
	return Digest(m)
}

// SetDigest is the digest of version v of the built-in templates.
func SetDigest(v int) (string, error) {
	fsys, _, err := setFS(v)
	if err != nil {
		return "", err
	}
	return FSDigest(fsys)
}

// FSDigest is the Digest of the templates of a file system.
func FSDigest(fsys fs.FS) (string, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tmpl") {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		files[p] = b
		return err
	})
	return Digest(files), err
}

// OverlayFile names an overlay and its version, at the overlay's root:
//
//	name: acme-platform
//	version: 2
//
// opgen records both, with the overlay's digest, in the opgen.yaml of every project
// scaffolded with it; opgen upgrade says which version a project moves from and to.
const OverlayFile = "opgen-overlay.yaml"

// Overlay identifies an overlay: its name and version as its OverlayFile says (empty
// when it has none), and the digest of its templates, which is what opgen upgrade
// matches when it looks for the version a project was scaffolded with.
type Overlay struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
	Digest  string `json:"digest"`
}

// String names the overlay for messages: "acme-platform 2", or its digest's start.
func (o *Overlay) String() string {
	if o == nil {
		return "none"
	}
	short := strings.TrimPrefix(o.Digest, "sha256:")
	if len(short) > 12 {
		short = short[:12]
	}
	switch {
	case o.Name != "" && o.Version != "":
		return o.Name + " " + o.Version
	case o.Name != "":
		return o.Name + " (" + short + ")"
	}
	return "overlay " + short
}

// ReadOverlay reads the OverlayFile of an overlay directory; an overlay without one has
// no name or version. The digest is left to the caller.
func ReadOverlay(dir string) (*Overlay, error) {
	data, err := os.ReadFile(filepath.Join(dir, OverlayFile))
	if os.IsNotExist(err) {
		return &Overlay{}, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseOverlay(data, filepath.Join(dir, OverlayFile))
}

// ParseOverlay parses an OverlayFile's content; file names it in errors.
func ParseOverlay(data []byte, file string) (*Overlay, error) {
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	o := &Overlay{}
	for k, v := range raw {
		s := fmt.Sprint(v)
		switch k {
		case "name":
			o.Name = s
		case "version":
			o.Version = s
		default:
			return nil, fmt.Errorf("%s: unknown field %q (name and version are known)", file, k)
		}
	}
	if o.Name == "" || o.Version == "" {
		return nil, fmt.Errorf("%s: name and version are both required", file)
	}
	return o, nil
}

// SetFile marks a directory [Materialize] wrote: a whole template set, which Load takes
// alone, with the version and overlay it names.
const SetFile = ".opgen-template-set.yaml"

// setFile is SetFile's content.
type setFile struct {
	Version int      `json:"version"`
	Overlay *Overlay `json:"overlay,omitempty"`
}

// Materialize writes every template of the set into dir, with a SetFile: loading dir
// gives the same set, templates, version and overlay. opgen upgrade runs opgen's own
// generators with an older set this way (they load their templates by directory).
func (s *Set) Materialize(dir string) error {
	for name, src := range s.src {
		p := filepath.Join(dir, filepath.FromSlash(name)+".tmpl")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			return err
		}
	}
	b, err := yaml.Marshal(setFile{Version: s.version, Overlay: s.overlay})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, SetFile), b, 0o644)
}

func loadMaterialized(dir string) (*Set, error) {
	data, err := os.ReadFile(filepath.Join(dir, SetFile))
	if err != nil {
		return nil, err
	}
	var sf setFile
	if err := yaml.UnmarshalStrict(data, &sf); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, SetFile), err)
	}
	files, err := overlayFiles(dir)
	if err != nil {
		return nil, err
	}
	s := &Set{tmpls: map[string]*template.Template{}, from: map[string]string{}, src: map[string]string{}, version: sf.Version, overlay: sf.Overlay}
	for _, f := range files {
		if err := s.add(f.rel, f.file, string(f.src)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Files are the set's templates by their path in the set ("project/Makefile.tmpl").
func (s *Set) Files() map[string][]byte {
	out := map[string][]byte{}
	for name, src := range s.src {
		out[path.Clean(name)+".tmpl"] = []byte(src)
	}
	return out
}

// OverlayDigest is the digest of an overlay directory's templates, as Load records it,
// without parsing them.
func OverlayDigest(dir string) (string, error) {
	files, err := overlayFiles(dir)
	if err != nil {
		return "", err
	}
	return digestFiles(files), nil
}
