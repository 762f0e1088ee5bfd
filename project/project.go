package project

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

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
	var c Config
	if err := yaml.UnmarshalStrict(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", FileName, err)
	}
	if c.ProjectName == "" || c.Domain == "" {
		return nil, fmt.Errorf("%s: projectName and domain are required", FileName)
	}
	return &c, nil
}

// Marshal renders the project file.
func (c *Config) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString("# opgen project file: written by opgen init, read by opgen generate and opgen create api.\n")
	y, _ := yaml.Marshal(c)
	b.Write(y)
	return b.Bytes()
}
