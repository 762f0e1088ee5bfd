package smd

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v2"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	generatedopenapi "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// The model names of the built-in types a CRD's model refers to or copies from.
const (
	objectMetaName = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
	typeMetaName   = "io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta"
	refPrefix      = "#/components/schemas/"
)

// Kind is one version of one kind of a CustomResourceDefinition.
type Kind struct {
	Group, Version, Kind string
	// Schema is the version's openAPIV3Schema, as the CRD holds it.
	Schema *apiextensionsv1.JSONSchemaProps
}

// TypeName is the name the API server gives the kind's model, and so its type in the
// schema: the group's labels reversed, the version, the kind (io.example.apps.v1.Widget).
func TypeName(group, version, kind string) string {
	labels := strings.Split(group, ".")
	slices.Reverse(labels)
	return strings.Join(labels, ".") + "." + version + "." + kind
}

// Build returns the schema of the kinds and of every type they refer to, types and
// map fields sorted by name.
func Build(kinds []Kind) (*schema.Schema, error) {
	static := staticModels()
	models := map[string]*spec.Schema{}
	var roots []string
	for _, k := range kinds {
		name := TypeName(k.Group, k.Version, k.Kind)
		if _, taken := static[name]; taken {
			return nil, fmt.Errorf("%s/%s %s: its model name %s is a built-in type's", k.Group, k.Version, k.Kind, name)
		}
		m, err := kindModel(k)
		if err != nil {
			return nil, err
		}
		models[name] = m
		roots = append(roots, name)
	}
	// Only the built-in types the kinds refer to: the schema the API server builds holds
	// all of them, but a type nothing refers to changes no field set.
	var need func(s *spec.Schema)
	need = func(s *spec.Schema) {
		walkRefs(s, func(ref string) {
			name := strings.TrimPrefix(ref, refPrefix)
			if _, have := models[name]; have {
				return
			}
			if m, ok := static[name]; ok {
				models[name] = m
				need(m)
			}
		})
	}
	for _, name := range roots {
		need(models[name])
	}
	out, err := schemaconv.ToSchemaFromOpenAPI(models, false)
	if err != nil {
		return nil, err
	}
	sort.Slice(out.Types, func(i, j int) bool { return out.Types[i].Name < out.Types[j].Name })
	for i := range out.Types {
		sortAtom(&out.Types[i].Atom)
	}
	return out, nil
}

// kindModel is the OpenAPI model the API server builds for a CRD version when it
// serves Server-Side Apply: the structural schema with its vendor extensions unfolded
// (x-kubernetes-int-or-string becomes anyOf integer or string), TypeMeta's apiVersion
// and kind, metadata a reference to ObjectMeta, and the same three in every embedded
// resource.
func kindModel(k Kind) (*spec.Schema, error) {
	what := fmt.Sprintf("%s/%s %s", k.Group, k.Version, k.Kind)
	if k.Schema == nil {
		return nil, fmt.Errorf("%s: the CustomResourceDefinition has no schema", what)
	}
	internal := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(k.Schema, internal, nil); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	s, err := structuralschema.NewStructural(internal)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	// The API server refuses a CRD whose schema is not structural: there is no field
	// tracking to mirror.
	if errs := structuralschema.ValidateStructural(nil, s); len(errs) > 0 {
		return nil, fmt.Errorf("%s: the schema is not structural: %v", what, errs.ToAggregate())
	}
	m := s.Unfold().ToKubeOpenAPI()
	m.SetProperty("metadata", *spec.RefSchema(refPrefix + objectMetaName))
	addTypeMeta(m)
	addEmbedded(m)
	return m, nil
}

func addTypeMeta(s *spec.Schema) {
	tm := staticModels()[typeMetaName]
	s.SetProperty("apiVersion", tm.Properties["apiVersion"])
	s.SetProperty("kind", tm.Properties["kind"])
}

// addEmbedded gives every x-kubernetes-embedded-resource object, at any depth of
// properties, items and additionalProperties, the fields of an object's root.
func addEmbedded(s *spec.Schema) {
	if s == nil {
		return
	}
	for k := range s.Properties {
		v := s.Properties[k]
		addEmbedded(&v)
		s.Properties[k] = v
	}
	if s.Items != nil {
		addEmbedded(s.Items.Schema)
	}
	if s.AdditionalProperties != nil {
		addEmbedded(s.AdditionalProperties.Schema)
	}
	if embedded, ok := s.Extensions.GetBool("x-kubernetes-embedded-resource"); ok && embedded {
		addTypeMeta(s)
		s.SetProperty("metadata", *spec.RefSchema(refPrefix + objectMetaName))
	}
}

// walkRefs calls f with every reference in s.
func walkRefs(s *spec.Schema, f func(ref string)) {
	if s == nil {
		return
	}
	if r := s.Ref.String(); r != "" {
		f(r)
	}
	for _, p := range s.Properties {
		walkRefs(&p, f)
	}
	if s.Items != nil {
		walkRefs(s.Items.Schema, f)
		for i := range s.Items.Schemas {
			walkRefs(&s.Items.Schemas[i], f)
		}
	}
	if s.AdditionalProperties != nil {
		walkRefs(s.AdditionalProperties.Schema, f)
	}
	for _, list := range [][]spec.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range list {
			walkRefs(&list[i], f)
		}
	}
	walkRefs(s.Not, f)
}

// staticModels are the built-in types' OpenAPI models, by model name, as the
// apiextensions-apiserver generates them for its own API (ObjectMeta and what it refers
// to among them); computed once.
var staticModels = sync.OnceValue(func() map[string]*spec.Schema {
	defs := generatedopenapi.GetOpenAPIDefinitions(func(name string) spec.Ref {
		return spec.MustCreateRef(refPrefix + common.EscapeJsonPointer(name))
	})
	out := make(map[string]*spec.Schema, len(defs))
	for name, d := range defs {
		s := d.Schema
		out[name] = &s
	}
	return out
})

// sortAtom orders the fields of every map in a, so that a schema renders the same on
// every run (the conversion walks Go maps).
func sortAtom(a *schema.Atom) {
	if a.Map != nil {
		sort.Slice(a.Map.Fields, func(i, j int) bool { return a.Map.Fields[i].Name < a.Map.Fields[j].Name })
		for i := range a.Map.Fields {
			sortAtom(&a.Map.Fields[i].Type.Inlined)
		}
		sortAtom(&a.Map.ElementType.Inlined)
	}
	if a.List != nil {
		sortAtom(&a.List.ElementType.Inlined)
	}
}

// YAML renders the schema as typed.NewParser reads it, and checks that it parses and
// that every type name given resolves in it.
func YAML(s *schema.Schema, typeNames ...string) ([]byte, error) {
	out, err := yaml.Marshal(s)
	if err != nil {
		return nil, err
	}
	p, err := typed.NewParser(typed.YAMLObject(out))
	if err != nil {
		return nil, fmt.Errorf("the schema does not parse: %w", err)
	}
	for _, n := range typeNames {
		if !p.Type(n).IsValid() {
			return nil, fmt.Errorf("the schema has no type %s", n)
		}
	}
	return out, nil
}
