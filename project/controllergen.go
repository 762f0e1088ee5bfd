package project

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"sigs.k8s.io/yaml"
)

// ControllerGen is opgen.yaml's controllerGen section: how the repository ran
// controller-gen, as `opgen adopt` read it from the Makefile and //go:generate lines.
// With it, `opgen generate` runs only the generators listed, each over its own
// packages and into its own directory, with its options: the drop-in for those
// controller-gen lines. A generator left out is not run.
//
// Paths are package patterns relative to the module root (./api/...); output
// directories are relative to the module root too.
type ControllerGen struct {
	// Pinned is the controller-tools version the repository pinned when it was adopted,
	// and where it was read; opgen embeds its own (see `opgen version`). Informational.
	Pinned string `json:"pinned,omitempty"`
	// Object is the deepcopy generator (controller-gen's object).
	Object *ObjectGen `json:"object,omitempty"`
	// CRD is the CustomResourceDefinition generator.
	CRD *CRDGen `json:"crd,omitempty"`
	// RBAC is the ClusterRole generator.
	RBAC *RBACGen `json:"rbac,omitempty"`
	// Webhook is the webhook configurations generator.
	Webhook *WebhookGen `json:"webhook,omitempty"`
}

// Gen is what every generator of the section has: the lines it came from and the
// packages it reads.
type Gen struct {
	// From names the lines the generator was read from (Makefile:42), for the reader.
	From []string `json:"from,omitempty"`
	// Paths are the packages the generator reads, as controller-gen's paths=.
	Paths []string `json:"paths"`
}

// ObjectGen is controller-gen's object generator.
type ObjectGen struct {
	Gen `json:",inline"`
	// HeaderFile is object:headerFile, relative to the module root.
	HeaderFile string `json:"headerFile,omitempty"`
	// Year is object:year.
	Year string `json:"year,omitempty"`
}

// CRDGen is controller-gen's crd generator.
type CRDGen struct {
	Gen `json:",inline"`
	// Output is the directory of the manifests (output:crd:artifacts:config).
	Output string `json:"output"`
	// The crd: options of controller-tools' CRD generator, as controller-gen takes them;
	// left out, controller-gen's default.
	GenerateEmbeddedObjectMeta *bool    `json:"generateEmbeddedObjectMeta,omitempty"`
	AllowDangerousTypes        *bool    `json:"allowDangerousTypes,omitempty"`
	IgnoreUnexportedFields     *bool    `json:"ignoreUnexportedFields,omitempty"`
	MaxDescLen                 *int     `json:"maxDescLen,omitempty"`
	CRDVersions                []string `json:"crdVersions,omitempty"`
}

// RBACGen is controller-gen's rbac generator.
type RBACGen struct {
	Gen `json:",inline"`
	// Output is the directory of the role (output:rbac:artifacts:config).
	Output string `json:"output"`
	// RoleName is rbac:roleName (controller-gen requires it).
	RoleName string `json:"roleName"`
	// FileName is rbac:fileName; left out, role.yaml.
	FileName string `json:"fileName,omitempty"`
}

// WebhookGen is controller-gen's webhook generator.
type WebhookGen struct {
	Gen `json:",inline"`
	// Output is the directory of manifests.yaml (output:webhook:artifacts:config).
	Output string `json:"output"`
}

// String renders the section in one line, so that a run's settings print the same
// every time (the run's cache key holds them).
func (c *ControllerGen) String() string {
	if c == nil {
		return "<nil>"
	}
	b, _ := json.Marshal(c)
	return string(b)
}

// IsProject reports whether the file is an opgen project's (opgen init wrote it: it
// names the project and its domain), rather than only an adopted repository's
// controllerGen section.
func (c *Config) IsProject() bool { return c != nil && (c.ProjectName != "" || c.Domain != "") }

// ReadControllerGen returns opgen.yaml's controllerGen section at the module root, nil
// when there is no file or no section.
func ReadControllerGen(moduleRoot string) (*ControllerGen, error) {
	data, err := os.ReadFile(filepath.Join(moduleRoot, FileName))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Config
	if err := yaml.UnmarshalStrict(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", FileName, err)
	}
	if err := c.ControllerGen.Check(); err != nil {
		return nil, fmt.Errorf("%s: controllerGen: %v", FileName, err)
	}
	return c.ControllerGen, nil
}

// Check refuses what opgen cannot honour: a generator without paths or output, a
// CRD version other than v1, a negative maxDescLen.
func (c *ControllerGen) Check() error {
	if c == nil {
		return nil
	}
	paths := func(name string, g Gen) error {
		if len(g.Paths) == 0 {
			return fmt.Errorf("%s: paths is required (the packages the generator reads)", name)
		}
		return nil
	}
	if c.Object != nil {
		if err := paths("object", c.Object.Gen); err != nil {
			return err
		}
	}
	if g := c.CRD; g != nil {
		if err := paths("crd", g.Gen); err != nil {
			return err
		}
		if g.Output == "" {
			return fmt.Errorf("crd: output is required")
		}
		for _, v := range g.CRDVersions {
			if v != "v1" {
				return fmt.Errorf("crd: crdVersions %s: controller-tools writes apiextensions.k8s.io/v1 only", v)
			}
		}
		if g.MaxDescLen != nil && *g.MaxDescLen < 0 {
			return fmt.Errorf("crd: maxDescLen %d: must be 0 or more", *g.MaxDescLen)
		}
	}
	if g := c.RBAC; g != nil {
		if err := paths("rbac", g.Gen); err != nil {
			return err
		}
		if g.Output == "" || g.RoleName == "" {
			return fmt.Errorf("rbac: output and roleName are required")
		}
		if g.FileName != "" && (filepath.Base(g.FileName) != g.FileName || filepath.Ext(g.FileName) != ".yaml") {
			return fmt.Errorf("rbac: fileName %q: a file name ending in .yaml, without a directory", g.FileName)
		}
	}
	if g := c.Webhook; g != nil {
		if err := paths("webhook", g.Gen); err != nil {
			return err
		}
		if g.Output == "" {
			return fmt.Errorf("webhook: output is required")
		}
	}
	return nil
}
