package generator

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// The survey: one walk of the module, before the go command is run, that finds its
// packages, the ones a run must load, and the digest of every input.

// relevantText marks a package a run must load: one that declares kinds, RBAC rules or
// webhooks (project-wide outputs depend on it, whatever the patterns), or asks for
// deepcopy or apply configurations. Any other package has nothing for opgen, and is not loaded:
// listing it, and what it imports, would only cost time.
var relevantText = [][]byte{
	[]byte(model.RootMarker), []byte("+kubebuilder:rbac:"), []byte("+kubebuilder:object:generate"),
	[]byte("+groupName"), []byte("+" + model.ACGenerateMarker), []byte("+kubebuilder:webhook:"),
}

// rootMarker is the text of a package that declares kinds.
var rootMarker = []byte(model.RootMarker)

// importPatterns turns the user's patterns into import-path patterns of the main
// module, so that one go list answers them all (controller-tools' loader runs one per
// directory pattern, and walks into nested modules).
func importPatterns(dir, root, modPath string, patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		if p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && !filepath.IsAbs(p) {
			out = append(out, p) // an import path pattern, as written
			continue
		}
		if strings.HasSuffix(p, ".go") {
			return nil, fmt.Errorf("%s: give packages, not files", p)
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, filepath.FromSlash(p))
		}
		abs = filepath.Clean(abs)
		tail := ""
		if filepath.Base(abs) == "..." {
			tail, abs = "/...", filepath.Dir(abs)
		} else if strings.Contains(p, "...") {
			return nil, fmt.Errorf("%s: opgen takes directory patterns that end in /... or name one directory", p)
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("%s: outside the module %s (%s)", p, modPath, root)
		}
		ip := modPath
		if rel != "." {
			ip = path.Join(modPath, filepath.ToSlash(rel))
		}
		out = append(out, ip+tail)
	}
	return out, nil
}

// matchesAny reports whether an import path matches one of the patterns, with the
// go command's rules: "..." matches any string, and "x/..." matches x itself too.
func matchesAny(patterns []string, importPath string) bool {
	for _, p := range patterns {
		if p == importPath {
			return true
		}
		if !strings.Contains(p, "...") {
			continue
		}
		re := regexp.QuoteMeta(p)
		re = strings.ReplaceAll(re, `/\.\.\.`, `(/.*)?`)
		re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
		if regexp.MustCompile("^" + re + "$").MatchString(importPath) {
			return true
		}
	}
	return false
}

// survey is what a walk of the module found, without the go command.
type survey struct {
	// packages are the import paths of every directory with Go files.
	packages []string
	// relevant are those a run loads: relevantText in a file, or opgen's output there to
	// account for (a generated file, an applyconfiguration tree).
	relevant []string
	// inputs holds the digest of every Go file the run reads, by path relative to the
	// root: all but those opgen and controller-gen generated.
	inputs map[string][sha256.Size]byte
	// headers holds what opgen's and controller-gen's Go files carry above their
	// package clause (a license, with its year), by path relative to the root.
	headers map[string][]byte
}

func (sv *survey) matches(pattern string) bool {
	for _, p := range sv.packages {
		if matchesAny([]string{pattern}, p) {
			return true
		}
	}
	return false
}

// surveyModule walks the module as `./...` does (not into nested modules, testdata,
// vendor, or directories whose names start with "." or "_", and not through symbolic
// links) and reads every Go file once, the overlay's instead of the disk's.
func surveyModule(root, modPath string, overlay map[string][]byte) (*survey, error) {
	type dirFacts struct{ goFiles, relevant bool }
	dirs := map[string]*dirFacts{}
	inputs := map[string][sha256.Size]byte{}
	headers := map[string][]byte{}
	facts := func(dir string) *dirFacts {
		if dirs[dir] == nil {
			dirs[dir] = &dirFacts{}
		}
		return dirs[dir]
	}
	consider := func(file string, src []byte) {
		if !strings.HasSuffix(file, ".go") {
			return
		}
		f := facts(filepath.Dir(file))
		f.goFiles = true
		tool := artifact.GeneratedByContent(src)
		if rel, err := filepath.Rel(root, file); err == nil {
			if tool.Generated() {
				headers[filepath.ToSlash(rel)] = header(src)
			} else {
				inputs[filepath.ToSlash(rel)] = sha256.Sum256(src)
			}
		}
		if strings.HasSuffix(file, "_test.go") {
			return
		}
		if tool.Generated() {
			// A deepcopy opgen wrote is output to account for: the package whose
			// markers went loses it. (An applyconfiguration tree is its parent's, and the
			// controller package is always accounted for.)
			f.relevant = f.relevant || tool == artifact.Opgen && filepath.Base(file) == naming.DeepCopyFile
			return
		}
		for _, t := range relevantText {
			if bytes.Contains(src, t) {
				f.relevant = true
				return
			}
		}
		// A webhook package without a marker (a conversion webhook's): its setup
		// function, which the generated wiring calls, whatever its parameter's name.
		f.relevant = f.relevant || naming.DeclaresWebhookSetup(src)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != root && (os.IsPermission(err) || os.IsNotExist(err)) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			if p == root {
				return nil
			}
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			if name == model.ApplyConfigurationDir {
				facts(filepath.Dir(p)).relevant = true
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		if _, over := overlay[p]; over {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		consider(p, src)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for p, src := range overlay {
		if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
			consider(p, src)
		}
	}
	sv := &survey{inputs: inputs, headers: headers}
	for d, f := range dirs {
		if !f.goFiles {
			continue
		}
		rel, _ := filepath.Rel(root, d)
		ip := modPath
		if rel != "." {
			ip = path.Join(modPath, filepath.ToSlash(rel))
		}
		sv.packages = append(sv.packages, ip)
		if f.relevant {
			sv.relevant = append(sv.relevant, ip)
		}
	}
	sort.Strings(sv.packages)
	sort.Strings(sv.relevant)
	return sv, nil
}

// header is what a Go source holds above its package clause.
func header(src []byte) []byte {
	if i := bytes.Index(src, []byte("\npackage ")); i >= 0 {
		return bytes.Clone(src[:i])
	}
	return nil
}

// generatedHeaders returns the headers of the generated files whose license shows the
// year one was given, in the order they are searched: the deepcopy (controller-gen's or
// opgen's) of each package the run loads, then opgen's runtime.
func (sv *survey) generatedHeaders(modPath, controllerDir string) [][]byte {
	var out [][]byte
	for _, ip := range sv.relevant {
		rel := strings.TrimPrefix(strings.TrimPrefix(ip, modPath), "/")
		if h, ok := sv.headers[path.Join(rel, naming.DeepCopyFile)]; ok {
			out = append(out, h)
		}
	}
	if h, ok := sv.headers[path.Join(controllerDir, naming.RuntimeFile)]; ok {
		out = append(out, h)
	}
	return out
}
