package scaffold

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/mod/module"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/stack"
	"github.com/opgen-dev/opgen/templates"
)

// Data is what every template sees.
type Data struct {
	Module                   string
	ProjectName              string
	Domain                   string
	GoVersion                string
	KubernetesVersion        string
	ControllerRuntimeVersion string
	KustomizeVersion         string
	KustomizeCLIVersion      string
	// Wiring names what the generated wiring gives the operator's main.
	Wiring naming.WiringNames
	// Resource is the kind being created, for the api/ templates.
	Resource *Resource
}

// newData is what every template of a project sees.
func newData(module, projectName, domain string) Data {
	return Data{
		Module: module, ProjectName: projectName, Domain: domain,
		GoVersion: stack.Go, KubernetesVersion: stack.Kubernetes, ControllerRuntimeVersion: stack.ControllerRuntime,
		KustomizeVersion: stack.Kustomize, KustomizeCLIVersion: stack.KustomizeCLI,
		Wiring: naming.Wire,
	}
}

// Resource is a kind `opgen create api` adds.
type Resource struct {
	Group     string // short: cache
	FullGroup string // cache.example.com
	Version   string
	Kind      string
	// Names are the names generated code and the user's code share for the kind.
	Names      naming.Kind
	Plural     string
	Namespaced bool
	// Owns are +opguard:owns values: apps/v1/Deployment.
	Owns []string
	// FirstVersion is true when no other version of the group declares the kind: this
	// version is the CRD's storage version and has the kind's one reconciler.
	FirstVersion bool
}

// InitOptions are `opgen init`'s flags.
type InitOptions struct {
	Module      string
	Domain      string
	ProjectName string
}

// Validate checks the options; the error is one line.
func (o *InitOptions) Validate() error {
	if o.Module == "" {
		return fmt.Errorf("--module is required: the Go module path of the project, like example.com/memcached-operator")
	}
	if err := module.CheckPath(o.Module); err != nil {
		return fmt.Errorf("--module %q is not a valid Go module path: %v", o.Module, unwrapModuleErr(err))
	}
	if o.Domain == "" {
		return fmt.Errorf("--domain is required: the suffix of the project's API groups, like example.com")
	}
	if errs := validation.IsDNS1123Subdomain(o.Domain); len(errs) > 0 || !strings.Contains(o.Domain, ".") {
		return fmt.Errorf("--domain %q is not a DNS subdomain with a dot, like example.com", o.Domain)
	}
	if o.ProjectName == "" {
		o.ProjectName = project.DefaultName(o.Module)
	}
	if err := project.CheckName(o.ProjectName); err != nil {
		return fmt.Errorf("%v; set --project-name", err)
	}
	return nil
}

func unwrapModuleErr(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

func (o InitOptions) data() Data { return newData(o.Module, o.ProjectName, o.Domain) }

// Init returns the files of a new project: every project/ template and opgen.yaml.
func Init(set *templates.Set, o InitOptions, templatesDir string) ([]artifact.File, error) {
	data := o.data()
	files, err := render(set, "project", data, nil)
	if err != nil {
		return nil, err
	}
	cfg := project.Config{ProjectName: o.ProjectName, Domain: o.Domain, Templates: templatesDir}
	return append(files, artifact.File{Path: project.FileName, Content: cfg.Marshal(), Owner: artifact.Scaffold}), nil
}

// APIOptions are `opgen create api`'s flags.
type APIOptions struct {
	Group      string
	Version    string
	Kind       string
	Namespaced bool
	Owns       []string
}

// Validate checks the options against the project; the error is one line.
func (o *APIOptions) Validate(domain string) error {
	switch {
	case o.Group == "":
		return fmt.Errorf("--group is required, like cache")
	case len(validation.IsDNS1123Subdomain(o.Group)) > 0:
		return fmt.Errorf("--group %q is not a DNS subdomain: lowercase letters, digits, '-' and '.'", o.Group)
	case len(validation.IsDNS1123Subdomain(o.Group+"."+domain)) > 0:
		return fmt.Errorf("group %q is not a DNS subdomain", o.Group+"."+domain)
	case o.Version == "":
		return fmt.Errorf("--version is required, like v1alpha1")
	case !markers.IsVersion(o.Version):
		return fmt.Errorf("--version %q is not a Kubernetes API version: v1, v1alpha1, v2beta3", o.Version)
	case o.Kind == "":
		return fmt.Errorf("--kind is required, like Memcached")
	case !markers.IsKind(o.Kind):
		return fmt.Errorf("--kind %q is not UpperCamelCase, like Memcached", o.Kind)
	}
	for _, owns := range o.Owns {
		if _, problem := markers.ParseGVK(owns); problem != "" {
			return fmt.Errorf("--owns: %s", problem)
		}
	}
	return nil
}

// APIDir is where a group-version's types go, relative to the module root.
func APIDir(group, version string) string { return path.Join("api", group, version) }

// CreateAPI returns the files of a new kind: every api/ template. firstVersion says
// that no other version of the group declares the kind yet.
func CreateAPI(set *templates.Set, module string, cfg *project.Config, o APIOptions, firstVersion bool) ([]artifact.File, error) {
	data := newData(module, cfg.ProjectName, cfg.Domain)
	data.Resource = &Resource{
		Group: o.Group, FullGroup: o.Group + "." + cfg.Domain, Version: o.Version, Kind: o.Kind,
		Names: naming.For(o.Kind), Plural: kubeapi.Plural(o.Kind), Namespaced: o.Namespaced, Owns: o.Owns,
		FirstVersion: firstVersion,
	}
	return render(set, "api", data, strings.NewReplacer("[group]", o.Group, "[version]", o.Version, "[kind]", strings.ToLower(o.Kind)))
}

func render(set *templates.Set, dir string, data Data, paths *strings.Replacer) ([]artifact.File, error) {
	var files []artifact.File
	for _, name := range set.Under(dir) {
		out, err := set.Render(dir+"/"+name, data)
		if err != nil {
			return nil, err
		}
		p := name
		if paths != nil {
			p = paths.Replace(p)
		}
		files = append(files, artifact.File{Path: p, Content: out, Owner: artifact.Scaffold})
	}
	return files, nil
}
