package scaffold

import (
	"fmt"
	"strings"

	"golang.org/x/mod/module"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/selection"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// ControllerOptions are `opgen create controller`'s flags: a reconciler for a kind the
// project does not define.
type ControllerOptions struct {
	Group, Version, Kind string
	// ExternalAPIPath is the Go package of another module's CRD; ExternalAPIDomain the
	// domain its group is <group>.<domain> in (kubebuilder's flags).
	ExternalAPIPath, ExternalAPIDomain string
	Owns                               []string
	SelectAnnotation, SelectLabels     string
	Finalizer                          string
	// OwnCondition is the condition type of the kind's status the reconciler owns
	// (+opguard:own-condition), with --external-api-path only.
	OwnCondition string

	// Resolved by Validate: the API group as the API server names it, and the scope.
	FullGroup  string
	Namespaced bool
}

// Controller is the kind `opgen create controller` reconciles, for the controller/
// templates.
type Controller struct {
	Group     string // the API group as the server names it; "" for core
	Version   string
	Kind      string
	GVK       string // as +opguard:for spells it: apps/v1/Deployment, core/v1/Namespace
	Names     naming.Kind
	APIImport string
	APIAlias  string
	// ForPackage is the other module's package (+opguard:for-package), "" for a kind of
	// k8s.io/api.
	ForPackage string
	Namespaced bool
	// Owns are the owned kinds, with the gated apply the scaffold calls.
	Owns []OwnedScaffold
	// SelectAnnotation, SelectLabels and Finalizer are the markers' values ("" for none);
	// AnnotationKey and AnnotationValue split the first.
	SelectAnnotation, SelectLabels, Finalizer string
	AnnotationKey, AnnotationValue            string
	// OwnCondition is +opguard:own-condition's condition type, "" for none.
	OwnCondition string
	// SamplePath is the sample the tests create, relative to the module root;
	// SampleLabels are labels that match SelectLabels, for it.
	SamplePath   string
	SampleLabels map[string]string
	// Managed says some owned kind has starting content (it needs the namespace).
	Managed bool
}

// OwnedScaffold is one --owns of create controller.
type OwnedScaffold struct {
	GVK, Kind, Func string
	// Starter names the content the scaffold builds ("configmap"), "" for a comment.
	Starter string
}

// ValidateController checks create controller's flags against the project's Kubernetes
// release (minor): a kind of k8s.io/api that it serves, under its group as the API
// server names it (--group networking finds networking.k8s.io), unless
// --external-api-path names another module's package. The error is one line.
func (o *ControllerOptions) ValidateController(domain string, minor int) error {
	switch {
	case o.Group == "":
		return fmt.Errorf("--group is required, like apps (core for the core group)")
	case o.Version == "":
		return fmt.Errorf("--version is required, like v1")
	case !markers.IsVersion(o.Version):
		return fmt.Errorf("--version %q is not a Kubernetes API version: v1, v1alpha1, v2beta3", o.Version)
	case o.Kind == "":
		return fmt.Errorf("--kind is required, like Deployment")
	case !markers.IsKind(o.Kind):
		return fmt.Errorf("--kind %q is not UpperCamelCase, like Deployment", o.Kind)
	case o.ExternalAPIDomain != "" && o.ExternalAPIPath == "":
		return fmt.Errorf("--external-api-domain is for --external-api-path")
	case o.OwnCondition != "" && o.ExternalAPIPath == "":
		return fmt.Errorf("--own-condition is for --external-api-path: opgen reads the conditions list from another module's Go types, and a kind of k8s.io/api is not served that way")
	}
	group := o.Group
	if o.ExternalAPIDomain != "" {
		group += "." + o.ExternalAPIDomain
	}
	if group == domain || strings.HasSuffix(group, "."+domain) {
		return fmt.Errorf("group %s is this project's own: its kinds get their reconciler from opgen create api, with the markers on their types", group)
	}
	if o.ExternalAPIPath != "" {
		if err := module.CheckImportPath(o.ExternalAPIPath); err != nil {
			return fmt.Errorf("--external-api-path %q is not a Go import path: %v", o.ExternalAPIPath, err)
		}
		if len(validation.IsDNS1123Subdomain(group)) > 0 || !strings.Contains(group, ".") {
			return fmt.Errorf("group %q of another module's CRD must be a DNS subdomain with a dot: give its domain with --external-api-domain", group)
		}
		o.FullGroup = group
		o.Namespaced = true // read from the package by opgen generate
	} else {
		if group == "core" {
			group = ""
		}
		k, p := kubeapi.CheckOwnable(group, o.Version, o.Kind, minor)
		if k.Kind == "" && p != nil && strings.HasPrefix(p.Msg, "the API group of") {
			// --group networking for networking.k8s.io, as kubebuilder takes it.
			for _, c := range kubeapi.Kinds() {
				if first, _, _ := strings.Cut(c.Group, "."); first == group && c.Version == o.Version && c.Kind == o.Kind {
					group = c.Group
				}
			}
			k, p = kubeapi.CheckOwnable(group, o.Version, o.Kind, minor)
		}
		gvk := o.Group + "/" + o.Version + "/" + o.Kind
		switch {
		case p != nil && !p.Warning:
			return fmt.Errorf("%s: %s", gvk, strings.Replace(p.Msg, "; own ", "; reconcile ", 1))
		case k.Kind == "":
			return fmt.Errorf("%s is not a kind of k8s.io/api 1.%d: for another module's CRD give its Go package with --external-api-path", gvk, minor)
		}
		o.FullGroup, o.Namespaced = group, k.Namespaced
	}
	for _, owns := range o.Owns {
		if err := validateOwns(owns, domain, o.Namespaced, minor); err != nil {
			return err
		}
	}
	if o.SelectLabels != "" {
		if _, err := labels.Parse(o.SelectLabels); err != nil {
			return fmt.Errorf("--select-labels %q is not a label selector: %v", o.SelectLabels, err)
		}
	}
	for flag, v := range map[string]string{"--select-annotation": o.SelectAnnotation, "--finalizer": o.Finalizer, "--own-condition": o.OwnCondition} {
		if v == "" {
			continue
		}
		name := map[string]markers.Name{"--select-annotation": markers.SelectAnnotation, "--finalizer": markers.Finalizer, "--own-condition": markers.OwnCondition}[flag]
		tag, err := markers.Parse(markers.Prefix + string(name) + "=" + v)
		if err != nil {
			return fmt.Errorf("%s %q: %s", flag, v, err.Msg)
		}
		if _, probs := markers.Check(tag); len(probs) > 0 {
			return fmt.Errorf("%s %q: %s", flag, v, probs[0].Msg)
		}
	}
	return nil
}

// ControllerFiles returns the files of create controller: every controller/ template
// (the reconciler file with its markers, the sample its tests create).
func ControllerFiles(set *templates.Set, module string, cfg *project.Config, o ControllerOptions) ([]artifact.File, error) {
	data := newData(module, cfg.ProjectName, cfg.Domain)
	c := &Controller{
		Group: o.FullGroup, Version: o.Version, Kind: o.Kind, Names: naming.For(o.Kind),
		ForPackage: o.ExternalAPIPath, Namespaced: o.Namespaced,
		SelectAnnotation: o.SelectAnnotation, SelectLabels: o.SelectLabels, Finalizer: o.Finalizer,
		OwnCondition: o.OwnCondition,
	}
	c.GVK = o.FullGroup + "/" + o.Version + "/" + o.Kind
	if o.FullGroup == "" {
		c.GVK = "core/" + o.Version + "/" + o.Kind
	}
	if o.ExternalAPIPath != "" {
		c.APIImport, c.APIAlias = o.ExternalAPIPath, naming.APIAlias(o.FullGroup, o.Version, false)
	} else {
		c.APIImport = kubeapi.Package(o.FullGroup, o.Version)
		c.APIAlias = naming.KubeAlias(c.APIImport)
	}
	c.AnnotationKey, c.AnnotationValue, _ = strings.Cut(o.SelectAnnotation, "=")
	c.SamplePath = naming.SamplePath(o.FullGroup, o.Version, o.Kind)
	if o.SelectLabels != "" {
		c.SampleLabels = matchingLabels(o.SelectLabels)
	}
	count := map[string]int{}
	for _, s := range o.Owns {
		g, _ := markers.ParseGVK(s)
		count[g.Kind]++
	}
	for _, s := range o.Owns {
		g, _ := markers.ParseGVK(s)
		word := ""
		if count[g.Kind] > 1 {
			word = naming.GroupWord(g.Group)
		}
		starter := map[string]string{"/v1/ConfigMap": "configmap"}[g.Group+"/"+g.Version+"/"+g.Kind]
		c.Managed = c.Managed || starter != ""
		c.Owns = append(c.Owns, OwnedScaffold{GVK: s, Kind: g.Kind, Func: c.Names.OwnedApply(word, g.Kind), Starter: starter})
	}
	return render(set, "controller", Data{
		Module: data.Module, ProjectName: data.ProjectName, Domain: data.Domain, GoVersion: data.GoVersion,
		KubernetesVersion: data.KubernetesVersion, ControllerRuntimeVersion: data.ControllerRuntimeVersion,
		KustomizeVersion: data.KustomizeVersion, KustomizeCLIVersion: data.KustomizeCLIVersion,
		Wiring: data.Wiring, Controller: c,
	}, strings.NewReplacer("[kind]", strings.ToLower(o.Kind), "[sample]", strings.TrimSuffix(strings.TrimPrefix(c.SamplePath, "config/samples/"), ".yaml")))
}

// matchingLabels are labels a selector matches, for the sample: each key it requires
// with the first value it allows ("sample" where any value does); none for a key it
// requires absent or a value it excludes.
func matchingLabels(selector string) map[string]string {
	sel, err := labels.Parse(selector)
	if err != nil {
		return nil
	}
	reqs, _ := sel.Requirements()
	out := map[string]string{}
	for _, r := range reqs {
		switch r.Operator() {
		case selection.Equals, selection.DoubleEquals, selection.In:
			out[r.Key()] = r.Values().List()[0]
		case selection.Exists:
			out[r.Key()] = "sample"
		}
	}
	return out
}

// Step is the record of create controller with these options, once ValidateController
// has resolved them: the flags as given, and the API group the server names (when the
// flags do not say it) and the scope.
func (o *ControllerOptions) Step() *project.ControllerStep {
	s := &project.ControllerStep{
		Group: o.Group, Version: o.Version, Kind: o.Kind,
		ExternalAPIPath: o.ExternalAPIPath, ExternalAPIDomain: o.ExternalAPIDomain,
		ClusterScoped: !o.Namespaced, Owns: o.Owns,
		SelectAnnotation: o.SelectAnnotation, SelectLabels: o.SelectLabels, Finalizer: o.Finalizer,
		OwnCondition: o.OwnCondition,
	}
	if s.FullGroup() != o.FullGroup {
		s.APIGroup = o.FullGroup
	}
	return s
}

// ControllerOptionsOf are the options, resolved, that a recorded create controller
// scaffolded with: ControllerFiles renders its files again from them.
func ControllerOptionsOf(s *project.ControllerStep) ControllerOptions {
	return ControllerOptions{
		Group: s.Group, Version: s.Version, Kind: s.Kind,
		ExternalAPIPath: s.ExternalAPIPath, ExternalAPIDomain: s.ExternalAPIDomain,
		Owns: s.Owns, SelectAnnotation: s.SelectAnnotation, SelectLabels: s.SelectLabels, Finalizer: s.Finalizer,
		OwnCondition: s.OwnCondition, FullGroup: s.FullGroup(), Namespaced: !s.ClusterScoped,
	}
}
