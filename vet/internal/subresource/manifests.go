package subresource

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// crdKey names a custom resource as a manifest does: its API group and kind.
type crdKey struct{ group, kind string }

// versions says, for one CustomResourceDefinition, which of its versions have the
// status subresource.
type versions map[string]bool

// manifests holds every CustomResourceDefinition found under a module's root, by
// group and kind: a kind may be declared by several (a generated base and a chart's
// copy), each kept.
type manifests map[crdKey][]versions

// Limits on the walk: a repository with a huge tree (a monorepo of charts) is read
// up to these, and a file larger than a CRD ever is (the largest generated ones are
// a few megabytes) is skipped unread.
const (
	maxFiles     = 50000
	maxFileBytes = 8 << 20
)

var (
	byRootMu sync.Mutex
	byRoot   = map[string]*rootManifests{}
)

type rootManifests struct {
	once sync.Once
	m    manifests
}

// manifestsAt reads, once per module root and process, the CustomResourceDefinitions
// in the YAML files under root.
func manifestsAt(root string) manifests {
	byRootMu.Lock()
	r := byRoot[root]
	if r == nil {
		r = &rootManifests{}
		byRoot[root] = r
	}
	byRootMu.Unlock()
	r.once.Do(func() { r.m = readManifests(root) })
	return r.m
}

// moduleRoot is the directory of the go.mod nearest above dir, "" when there is none
// (a package loaded in GOPATH mode: no module, no manifests of its own).
func moduleRoot(dir string) string {
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// skipDir is a directory whose YAML is not what the operator installs: version
// control, dependencies (vendor, node_modules), test fixtures (testdata, which the go
// command ignores too) and hidden folders (.github).
func skipDir(name string) bool {
	return name == "vendor" || name == "node_modules" || name == "testdata" || (strings.HasPrefix(name, ".") && name != ".")
}

func readManifests(root string) manifests {
	out := manifests{}
	files := 0
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if files++; files > maxFiles {
			return filepath.SkipAll
		}
		ext := filepath.Ext(path)
		if ext != ".yaml" && ext != ".yml" {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > maxFileBytes {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, []byte("CustomResourceDefinition")) {
			return nil
		}
		for _, doc := range splitDocuments(data) {
			if key, v, ok := parseCRD(doc); ok {
				out[key] = append(out[key], v)
			}
		}
		return nil
	})
	return out
}

var separator = regexp.MustCompile(`(?m)^---[ \t]*$`)

// templateLine is a line that is only a template directive ({{- if .Values.crds }}):
// a chart that installs its CRDs conditionally wraps the manifest in such lines, and
// the manifest between them is plain YAML.
var templateLine = regexp.MustCompile(`(?m)^[ \t]*\{\{.*\}\}[ \t]*$`)

func splitDocuments(data []byte) [][]byte {
	data = templateLine.ReplaceAll(data, nil)
	var out [][]byte
	for _, doc := range separator.Split(string(data), -1) {
		out = append(out, []byte(doc))
	}
	return out
}

// crdDoc is what a CustomResourceDefinition says of its status subresource, in
// apiextensions.k8s.io/v1 (per version) and v1beta1 (for all versions, or per
// version).
type crdDoc struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Spec       struct {
		Group string `json:"group"`
		Names struct {
			Kind string `json:"kind"`
		} `json:"names"`
		Version      string        `json:"version"`
		Subresources *subresources `json:"subresources"`
		Versions     []struct {
			Name         string        `json:"name"`
			Subresources *subresources `json:"subresources"`
		} `json:"versions"`
	} `json:"spec"`
}

type subresources struct {
	Status json.RawMessage `json:"status"`
}

func (s *subresources) hasStatus() bool {
	return s != nil && len(s.Status) > 0 && string(s.Status) != "null"
}

// parseCRD reads one YAML document as a CustomResourceDefinition; ok is false for
// anything else, or a fragment that names no group and kind (a kustomize patch).
func parseCRD(doc []byte) (crdKey, versions, bool) {
	var c crdDoc
	if err := yaml.Unmarshal(doc, &c); err != nil {
		return crdKey{}, nil, false
	}
	if c.Kind != "CustomResourceDefinition" || !strings.HasPrefix(c.APIVersion, "apiextensions.k8s.io/") || c.Spec.Group == "" || c.Spec.Names.Kind == "" {
		return crdKey{}, nil, false
	}
	v := versions{}
	all := c.Spec.Subresources.hasStatus()
	if c.Spec.Version != "" {
		v[c.Spec.Version] = all
	}
	for _, ver := range c.Spec.Versions {
		v[ver.Name] = all || ver.Subresources.hasStatus()
	}
	if len(v) == 0 {
		return crdKey{}, nil, false
	}
	return crdKey{c.Spec.Group, c.Spec.Names.Kind}, v, true
}

// lacksStatus answers for a kind of the given group and version what the manifests
// say: decided is false when no manifest declares it (then the markers decide), and
// none is true when every manifest that declares it gives the version (or, when
// none names that version, any version) no status subresource. One that gives it
// the subresource is enough to keep it: a stale copy of a manifest must not hide a
// write that lands.
func (m manifests) lacksStatus(group, version, kind string) (none, decided bool) {
	var found []versions
	for key, vs := range m {
		if key.kind == kind && (group == "" || key.group == group) {
			found = append(found, vs...)
		}
	}
	if len(found) == 0 {
		return false, false
	}
	for _, vs := range found {
		if has, ok := vs[version]; ok {
			if has {
				return false, true
			}
			continue
		}
		for _, has := range vs {
			if has {
				return false, true
			}
		}
	}
	return true, true
}

// groupName is the API group a package's +groupName marker names (in the package
// comment of doc.go or groupversion_info.go), "" when none does.
func groupName(files []*ast.File) string {
	for _, f := range files {
		for _, cg := range f.Comments {
			if cg.Pos() > f.Package {
				break
			}
			for _, m := range syntax.Markers(cg.List) {
				if g, ok := strings.CutPrefix(m, "+groupName="); ok {
					return strings.TrimSpace(g)
				}
			}
		}
	}
	return ""
}
