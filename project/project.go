package project

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/module"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"
)

// FileName is the project file's name at the module root.
const FileName = "opgen.yaml"

// Config is opgen.yaml.
type Config struct {
	// ProjectName names the operator (ServiceAccount, namespace, lease, field manager).
	ProjectName string `json:"projectName"`
	// Domain is the suffix of every API group: group "cache" is cache.<domain>.
	Domain string `json:"domain"`
	// Templates is a directory, relative to the module root, of templates laid over
	// the built-in ones: a file of the same name replaces one, a new file is added.
	Templates string `json:"templates,omitempty"`
	// Chart turns the Helm chart in dist/chart off ("chart: false") or on; left out, it
	// is on. opgen generate --chart overrides it.
	Chart Toggle `json:"chart,omitempty"`
	// ControllerGen is how the repository ran controller-gen, as opgen adopt read it:
	// opgen generate runs those generators with those paths, options and outputs. A
	// file with only this section is an adopted repository's, not an opgen project's.
	ControllerGen *ControllerGen `json:"controllerGen,omitempty"`
	// Scaffold records what opgen scaffolded (see Record), for opgen upgrade; nil in a
	// project scaffolded before opgen kept a record.
	Scaffold *Record `json:"scaffold,omitempty"`
}

// Toggle is a setting that is on ("true"), off ("false") or left out (""): a string
// rather than a *bool, so that a Config prints the same every time (the run's cache
// key holds it).
type Toggle string

// UnmarshalJSON accepts true and false.
func (t *Toggle) UnmarshalJSON(b []byte) error {
	var v bool
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("want true or false, got %s", b)
	}
	*t = Toggle(strconv.FormatBool(v))
	return nil
}

// MarshalJSON writes true or false.
func (t Toggle) MarshalJSON() ([]byte, error) {
	if t == "" {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatBool(t == "true")), nil
}

// On reports whether the toggle is on, def when it is left out.
func (t Toggle) On(def bool) bool {
	if t == "" {
		return def
	}
	return t == "true"
}

// Read returns the project file at the module root, or nil when there is none.
func Read(moduleRoot string) (*Config, error) {
	data, err := os.ReadFile(filepath.Join(moduleRoot, FileName))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse parses and checks opgen.yaml's content.
func Parse(data []byte) (*Config, error) {
	var c Config
	if err := yaml.UnmarshalStrict(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", FileName, err)
	}
	if err := c.ControllerGen.Check(); err != nil {
		return nil, fmt.Errorf("%s: controllerGen: %v", FileName, err)
	}
	if !c.IsProject() && c.ControllerGen != nil {
		return &c, nil // an adopted repository's: see IsProject
	}
	if c.ProjectName == "" || c.Domain == "" {
		return nil, fmt.Errorf("%s: projectName and domain are required", FileName)
	}
	if err := CheckName(c.ProjectName); err != nil {
		return nil, fmt.Errorf("%s: %w", FileName, err)
	}
	if c.Scaffold != nil {
		if err := c.Scaffold.check(); err != nil {
			return nil, fmt.Errorf("%s: %w", FileName, err)
		}
	}
	return &c, nil
}

// Marshal renders the project file: the settings, then the record, a step per line.
func (c *Config) Marshal() []byte {
	var b strings.Builder
	b.WriteString("# opgen project file: written by opgen init, read by opgen generate and opgen create api.\n")
	settings := *c
	settings.Scaffold = nil
	y, _ := yaml.Marshal(settings)
	b.Write(y)
	if c.Scaffold != nil {
		c.Scaffold.marshal(&b)
	}
	return []byte(b.String())
}

// MaxNameLength bounds a project name: it prefixes the namespace <name>-system, a DNS
// label of at most 63 characters.
const MaxNameLength = 56

// CheckName says, in one line, why name cannot name an operator, or returns nil. The
// name becomes the namespace <name>-system, the ServiceAccount
// <name>-controller-manager and the APF objects' names: a lowercase DNS label.
func CheckName(name string) error {
	if errs := validation.IsDNS1123Label(name); len(errs) > 0 || len(name) > MaxNameLength {
		return fmt.Errorf("project name %q is not a lowercase DNS label of at most %d characters (letters, digits, '-')", name, MaxNameLength)
	}
	return nil
}

// DefaultName derives a project name from a module path: its last element without a
// major-version suffix (example.com/foo/v2 is foo), lowercased, with every character
// a DNS label cannot hold replaced by '-'.
func DefaultName(modulePath string) string {
	prefix, _, ok := module.SplitPathVersion(modulePath)
	if !ok || prefix == "" {
		prefix = modulePath
	}
	var b strings.Builder
	for _, r := range strings.ToLower(path.Base(prefix)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteRune('-')
		}
	}
	name := strings.Trim(b.String(), "-")
	for strings.Contains(name, "--") {
		name = strings.ReplaceAll(name, "--", "-")
	}
	if len(name) > MaxNameLength {
		name = strings.TrimRight(name[:MaxNameLength], "-")
	}
	if name == "" {
		name = "operator"
	}
	return name
}

// KubebuilderFile is the project file kubebuilder and operator-sdk keep at the root.
const KubebuilderFile = "PROJECT"

// KubebuilderName returns the projectName of a kubebuilder PROJECT file at the module
// root, or "" when there is none or it names no valid project.
func KubebuilderName(moduleRoot string) string {
	data, err := os.ReadFile(filepath.Join(moduleRoot, KubebuilderFile))
	if err != nil {
		return ""
	}
	var p struct {
		ProjectName string `json:"projectName"`
	}
	if yaml.Unmarshal(data, &p) != nil || CheckName(p.ProjectName) != nil {
		return ""
	}
	return p.ProjectName
}

// Name resolves the operator's name: the one given (checked), else opgen.yaml's, else
// a kubebuilder PROJECT file's, else the module path's ([DefaultName]).
func Name(given string, cfg *Config, moduleRoot, modulePath string) (string, error) {
	switch {
	case given != "":
		if err := CheckName(given); err != nil {
			return "", fmt.Errorf("--project-name: %w", err)
		}
		return given, nil
	case cfg != nil:
		return cfg.ProjectName, nil
	}
	if n := KubebuilderName(moduleRoot); n != "" {
		return n, nil
	}
	return DefaultName(modulePath), nil
}
