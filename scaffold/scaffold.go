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
	if errs := validation.IsDNS1123Subdomain(o.Domain); len(errs) > 0 {
		return fmt.Errorf("--domain %q is not a DNS subdomain (lowercase ASCII letters, digits, '-' and '.'), like example.com", o.Domain)
	}
	if !strings.Contains(o.Domain, ".") {
		return fmt.Errorf("--domain %q has no dot: an API group needs one, like example.com", o.Domain)
	}
	if o.ProjectName != "" {
		if err := project.CheckName(o.ProjectName); err != nil {
			return fmt.Errorf("--project-name: %v", err)
		}
		return nil
	}
	o.ProjectName = project.DefaultName(o.Module)
	if err := project.CheckName(o.ProjectName); err != nil {
		return fmt.Errorf("%v, derived from --module; set --project-name", err)
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
	cfg := project.Config{ProjectName: o.ProjectName, Domain: o.Domain, Templates: templatesDir, Scaffold: NewRecord(set, o.Module)}
	return append(files, artifact.File{Path: project.FileName, Content: cfg.Marshal(), Owner: artifact.Scaffold}), nil
}

// NewRecord is the record of a project opgen init scaffolds with set: its template
// set's version and overlay, and the module; the create commands append their steps.
func NewRecord(set *templates.Set, module string) *project.Record {
	r := &project.Record{TemplateSet: set.Version(), Module: module}
	if o := set.Overlay(); o != nil {
		r.Overlay = &project.Overlay{Name: o.Name, Version: o.Version, Digest: o.Digest}
	}
	return r
}

// APIOptions are `opgen create api`'s flags.
type APIOptions struct {
	Group      string
	Version    string
	Kind       string
	Namespaced bool
	Owns       []string
}

// Validate checks the options against the project (its domain, its Kubernetes
// release's minor); the error is one line.
func (o *APIOptions) Validate(domain string, kubernetesMinor int) error {
	if err := ValidateKind(o.Group, o.Version, o.Kind, domain); err != nil {
		return err
	}
	for _, owns := range o.Owns {
		if err := validateOwns(owns, domain, o.Namespaced, kubernetesMinor); err != nil {
			return err
		}
	}
	return nil
}

// ValidateKind checks --group, --version and --kind: the group is the first label of
// the API group (cache for cache.<domain>), which also names a directory and, with the
// version, the Go import alias of the package (cachev1), so it starts with a letter.
func ValidateKind(group, version, kind, domain string) error {
	switch {
	case group == "":
		return fmt.Errorf("--group is required, like cache")
	case strings.HasSuffix(group, "."+domain):
		return fmt.Errorf("--group %q includes the project's domain: give its first part, --group %s (the API group is then %s)", group, strings.TrimSuffix(group, "."+domain), group)
	case len(validation.IsDNS1123Label(group)) > 0 || group[0] < 'a' || group[0] > 'z':
		return fmt.Errorf("--group %q is not a lowercase DNS label starting with a letter, like cache: it is the first part of the API group <group>.%s and names a Go package", group, domain)
	case len(validation.IsDNS1123Subdomain(group+"."+domain)) > 0:
		return fmt.Errorf("group %q is not a DNS subdomain", group+"."+domain)
	case version == "":
		return fmt.Errorf("--version is required, like v1alpha1")
	case !markers.IsVersion(version):
		return fmt.Errorf("--version %q is not a Kubernetes API version: v1, v1alpha1, v2beta3", version)
	case kind == "":
		return fmt.Errorf("--kind is required, like Memcached")
	case !markers.IsKind(kind):
		return fmt.Errorf("--kind %q is not UpperCamelCase, like Memcached", kind)
	case len(kubeapi.Plural(kind)) > validation.DNS1123LabelMaxLength:
		return fmt.Errorf("--kind %s is too long: its resource name %s is over %d characters, which the API server refuses for a CRD", kind, kubeapi.Plural(kind), validation.DNS1123LabelMaxLength)
	}
	return nil
}

// validateOwns checks an --owns value as the generated code will need it: a kind of
// the project (checked when the run loads it) or one of k8s.io/api that the project's
// Kubernetes release serves, spelled with its group as the API server names it, in a
// scope a kind of this scope can own.
func validateOwns(owns, domain string, namespaced bool, minor int) error {
	g, problem := markers.ParseGVK(owns)
	if problem != "" {
		return fmt.Errorf("--owns: %s", problem)
	}
	if g.Group == domain || strings.HasSuffix(g.Group, "."+domain) {
		return nil
	}
	k, p := kubeapi.CheckOwnable(g.Group, g.Version, g.Kind, minor)
	switch {
	case p != nil && !p.Warning:
		return fmt.Errorf("--owns %s: %s", owns, p.Msg)
	case k.Kind == "" && g.Group != "" && !strings.Contains(g.Group, "."):
		return fmt.Errorf("--owns %s: no kind of k8s.io/api; a kind of this project is spelled with the domain: --owns %s.%s/%s/%s", owns, g.Group, domain, g.Version, g.Kind)
	case k.Kind == "":
		return fmt.Errorf("--owns %s: neither a kind of this project nor of k8s.io/api", owns)
	case namespaced && !k.Namespaced:
		return fmt.Errorf("--owns %s: %s is cluster-scoped and the kind is namespaced; the garbage collector ignores a cluster-scoped object's owner reference to a namespaced owner: create a cluster-scoped kind (--namespaced=false), or manage it without --owns", owns, k.Kind)
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
