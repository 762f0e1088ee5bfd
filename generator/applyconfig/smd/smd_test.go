package smd

import (
	"bytes"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

func str(s string) *string { return &s }

func yes() *bool { b := true; return &b }

var (
	stringProp = apiextensionsv1.JSONSchemaProps{Type: "string"}
	intProp    = apiextensionsv1.JSONSchemaProps{Type: "integer", Format: "int32"}
)

// object is a CRD version's root schema with the given spec properties, as
// controller-tools writes it (metadata an object).
func object(spec map[string]apiextensionsv1.JSONSchemaProps) *apiextensionsv1.JSONSchemaProps {
	return &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"apiVersion": stringProp,
			"kind":       stringProp,
			"metadata":   {Type: "object"},
			"spec":       {Type: "object", Properties: spec},
		},
	}
}

const widget = "com.example.apps.v1.Widget"

// build converts one kind, Widget of apps.example.com/v1, and parses the result as the
// generated code does.
func build(t *testing.T, spec map[string]apiextensionsv1.JSONSchemaProps) (*schema.Schema, *typed.Parser) {
	t.Helper()
	s, err := Build([]Kind{{Group: "apps.example.com", Version: "v1", Kind: "Widget", Schema: object(spec)}})
	if err != nil {
		t.Fatal(err)
	}
	y, err := YAML(s, widget)
	if err != nil {
		t.Fatal(err)
	}
	p, err := typed.NewParser(typed.YAMLObject(y))
	if err != nil {
		t.Fatal(err)
	}
	return s, p
}

// specField returns the atom of spec.<name> in Widget.
func specField(t *testing.T, s *schema.Schema, name string) schema.Atom {
	t.Helper()
	td, ok := s.FindNamedType(widget)
	if !ok {
		t.Fatalf("no type %s", widget)
	}
	spec, ok := td.Map.FindField("spec")
	if !ok {
		t.Fatal("no spec")
	}
	f, ok := spec.Type.Inlined.Map.FindField(name)
	if !ok {
		t.Fatalf("no spec.%s", name)
	}
	return f.Type.Inlined
}

// fieldSet returns the field paths the object's spec sets, as the API server would
// record them for a manager applying it.
func fieldSet(t *testing.T, p *typed.Parser, obj string) []string {
	t.Helper()
	tv, err := p.Type(widget).FromYAML(typed.YAMLObject(obj))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tv.ToFieldSet()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	set.Iterate(func(p fieldpath.Path) { out = append(out, p.String()) })
	return out
}

func TestTypeName(t *testing.T) {
	if got := TypeName("apps.example.com", "v1", "Widget"); got != widget {
		t.Errorf("TypeName = %s, want %s", got, widget)
	}
	if got := TypeName("example", "v1alpha1", "Thing"); got != "example.v1alpha1.Thing" {
		t.Errorf("TypeName of a one-label group = %s", got)
	}
}

// TestListTypes: +listType=map keys the list's items by their key fields, set by their
// value; atomic and no listType at all make the whole list one field.
func TestListTypes(t *testing.T) {
	keyed := apiextensionsv1.JSONSchemaProps{
		Type: "array", XListType: str("map"), XListMapKeys: []string{"name", "port"},
		Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object", Required: []string{"name", "port"},
			Properties: map[string]apiextensionsv1.JSONSchemaProps{"name": stringProp, "port": intProp, "note": stringProp},
		}},
	}
	strings := func(listType *string) apiextensionsv1.JSONSchemaProps {
		return apiextensionsv1.JSONSchemaProps{Type: "array", XListType: listType, Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &stringProp}}
	}
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{
		"ports": keyed, "tags": strings(str("set")), "args": strings(str("atomic")), "plain": strings(nil),
	})

	ports := specField(t, s, "ports").List
	if ports.ElementRelationship != schema.Associative || len(ports.Keys) != 2 || ports.Keys[0] != "name" || ports.Keys[1] != "port" {
		t.Errorf("listType=map: %+v, want associative keyed by name, port", ports)
	}
	if tags := specField(t, s, "tags").List; tags.ElementRelationship != schema.Associative || len(tags.Keys) != 0 {
		t.Errorf("listType=set: %+v, want associative without keys", tags)
	}
	if args := specField(t, s, "args").List; args.ElementRelationship != schema.Atomic {
		t.Errorf("listType=atomic: %+v", args)
	}
	if plain := specField(t, s, "plain").List; plain.ElementRelationship != schema.Atomic {
		t.Errorf("no listType: %+v, want atomic", plain)
	}

	got := fieldSet(t, p, `{"spec": {"ports": [{"name": "http", "port": 80, "note": "web"}], "tags": ["a"], "args": ["x", "y"], "plain": ["z"]}}`)
	want := []string{
		`.spec.args`,
		`.spec.plain`,
		`.spec.ports[name="http",port=80]`,
		`.spec.ports[name="http",port=80].name`,
		`.spec.ports[name="http",port=80].note`,
		`.spec.ports[name="http",port=80].port`,
		`.spec.tags[="a"]`,
	}
	if !equalSets(got, want) {
		t.Errorf("field set:\n got %q\nwant %q", got, want)
	}
}

// TestMapTypes: a map of values is granular (each key its own field) unless
// +mapType=atomic; a struct is granular unless its schema says atomic.
func TestMapTypes(t *testing.T) {
	stringMap := func(mapType *string) apiextensionsv1.JSONSchemaProps {
		return apiextensionsv1.JSONSchemaProps{Type: "object", XMapType: mapType,
			AdditionalProperties: &apiextensionsv1.JSONSchemaPropsOrBool{Allows: true, Schema: &stringProp}}
	}
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{
		"env":      stringMap(nil),
		"selector": stringMap(str("atomic")),
		"ref": {Type: "object", XMapType: str("atomic"),
			Properties: map[string]apiextensionsv1.JSONSchemaProps{"name": stringProp, "kind": stringProp}},
		"runner": {Type: "object", XMapType: str("granular"),
			Properties: map[string]apiextensionsv1.JSONSchemaProps{"pool": stringProp, "cpus": intProp}},
	})
	env := specField(t, s, "env").Map
	if env.ElementRelationship != "" || env.ElementType.Inlined.Scalar == nil || *env.ElementType.Inlined.Scalar != schema.String {
		t.Errorf("map[string]string: %+v, want granular string elements", env)
	}
	if sel := specField(t, s, "selector").Map; sel.ElementRelationship != schema.Atomic {
		t.Errorf("mapType=atomic: %+v", sel)
	}
	if ref := specField(t, s, "ref").Map; ref.ElementRelationship != schema.Atomic || len(ref.Fields) != 2 {
		t.Errorf("atomic struct: %+v", ref)
	}
	if runner := specField(t, s, "runner").Map; runner.ElementRelationship != schema.Separable || len(runner.Fields) != 2 {
		t.Errorf("granular struct: %+v", runner)
	}

	got := fieldSet(t, p, `{"spec": {"env": {"A": "1"}, "selector": {"arch": "amd64"}, "ref": {"name": "x"}, "runner": {"pool": "linux"}}}`)
	want := []string{`.spec.env.A`, `.spec.selector`, `.spec.ref`, `.spec.runner.pool`}
	if !equalSets(got, want) {
		t.Errorf("field set:\n got %q\nwant %q", got, want)
	}
}

// TestIntOrString: x-kubernetes-int-or-string is unfolded as the API server does, and
// the field takes either.
func TestIntOrString(t *testing.T) {
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{
		"maxSurge": {XIntOrString: true, AnyOf: []apiextensionsv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}}},
		// Without the anyOf controller-tools writes, the server adds it.
		"maxUnavailable": {XIntOrString: true},
	})
	for _, name := range []string{"maxSurge", "maxUnavailable"} {
		a := specField(t, s, name)
		if a.Scalar == nil || *a.Scalar != schema.Scalar("untyped") || a.List == nil || a.Map == nil {
			t.Errorf("%s: %+v, want an untyped scalar, list and map", name, a)
		}
	}
	for _, obj := range []string{`{"spec": {"maxSurge": 2, "maxUnavailable": "25%"}}`, `{"spec": {"maxSurge": "50%", "maxUnavailable": 1}}`} {
		if got := fieldSet(t, p, obj); !equalSets(got, []string{`.spec.maxSurge`, `.spec.maxUnavailable`}) {
			t.Errorf("%s: field set %q", obj, got)
		}
	}
}

// TestPreserveUnknownFields: an object that keeps unknown fields takes any key, each
// one its own field, its known fields typed.
func TestPreserveUnknownFields(t *testing.T) {
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{
		"config": {Type: "object", XPreserveUnknownFields: yes()},
		"values": {Type: "object", XPreserveUnknownFields: yes(),
			Properties: map[string]apiextensionsv1.JSONSchemaProps{"replicas": intProp}},
		"closed": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"replicas": intProp}},
	})
	for _, name := range []string{"config", "values"} {
		m := specField(t, s, name).Map
		if m.ElementType.NamedType == nil || *m.ElementType.NamedType != "__untyped_deduced_" {
			t.Errorf("%s: unknown fields are %+v, want deduced", name, m.ElementType)
		}
	}
	if closed := specField(t, s, "closed").Map; closed.ElementType != (schema.TypeRef{}) {
		t.Errorf("closed: unknown fields are %+v, want none", closed.ElementType)
	}
	got := fieldSet(t, p, `{"spec": {"config": {"a": {"b": 1}}, "values": {"replicas": 2, "extra": "x"}}}`)
	want := []string{`.spec.config.a`, `.spec.config.a.b`, `.spec.values.replicas`, `.spec.values.extra`}
	if !equalSets(got, want) {
		t.Errorf("field set:\n got %q\nwant %q", got, want)
	}
}

// TestEmbeddedResource: an embedded object gets apiVersion, kind and an ObjectMeta
// metadata, as the root does.
func TestEmbeddedResource(t *testing.T) {
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{
		"template": {Type: "object", XEmbeddedResource: true, XPreserveUnknownFields: yes()},
	})
	m := specField(t, s, "template").Map
	for _, f := range []string{"apiVersion", "kind", "metadata"} {
		if _, ok := m.FindField(f); !ok {
			t.Errorf("the embedded resource has no %s", f)
		}
	}
	if md, _ := m.FindField("metadata"); md.Type.NamedType == nil || *md.Type.NamedType != objectMetaName {
		t.Errorf("metadata is %+v, want ObjectMeta", md.Type)
	}
	got := fieldSet(t, p, `{"spec": {"template": {"kind": "Pod", "metadata": {"labels": {"app": "x"}}, "spec": {"x": 1}}}}`)
	want := []string{`.spec.template.kind`, `.spec.template.metadata.labels.app`, `.spec.template.spec`, `.spec.template.spec.x`}
	if !equalSets(got, want) {
		t.Errorf("field set:\n got %q\nwant %q", got, want)
	}
}

// TestRoot: the kind's metadata is ObjectMeta, whose labels are granular and whose
// references ObjectMeta's types bring along; nothing else of the built-in types.
func TestRoot(t *testing.T) {
	s, p := build(t, map[string]apiextensionsv1.JSONSchemaProps{"replicas": intProp})
	var names []string
	for _, td := range s.Types {
		names = append(names, td.Name)
	}
	want := []string{
		"__untyped_atomic_", "__untyped_deduced_", widget,
		"io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
		"io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry",
		objectMetaName,
		"io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference",
		"io.k8s.apimachinery.pkg.apis.meta.v1.Time",
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("types:\n got %q\nwant %q", names, want)
	}
	got := fieldSet(t, p, `{"apiVersion": "apps.example.com/v1", "kind": "Widget", "metadata": {"name": "w", "labels": {"a": "1"}, "finalizers": ["f"]}, "spec": {"replicas": 1}}`)
	wantSet := []string{`.apiVersion`, `.kind`, `.metadata.name`, `.metadata.labels.a`, `.metadata.finalizers[="f"]`, `.spec.replicas`}
	if !equalSets(got, wantSet) {
		t.Errorf("field set:\n got %q\nwant %q", got, wantSet)
	}
}

// TestDeterministic: the conversion walks Go maps; the YAML must not depend on their
// order.
func TestDeterministic(t *testing.T) {
	props := map[string]apiextensionsv1.JSONSchemaProps{}
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		props[n] = apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"x": stringProp, "y": intProp, "z": stringProp}}
	}
	var first []byte
	for i := 0; i < 10; i++ {
		s, err := Build([]Kind{
			{Group: "apps.example.com", Version: "v1", Kind: "Widget", Schema: object(props)},
			{Group: "apps.example.com", Version: "v1", Kind: "Gadget", Schema: object(props)},
		})
		if err != nil {
			t.Fatal(err)
		}
		y, err := YAML(s, widget, "com.example.apps.v1.Gadget")
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = y
		} else if !bytes.Equal(first, y) {
			t.Fatalf("run %d rendered a different schema", i)
		}
	}
}

// TestNotStructural: a schema the API server would refuse is an error, not a guess.
func TestNotStructural(t *testing.T) {
	bad := object(map[string]apiextensionsv1.JSONSchemaProps{"untyped": {}})
	if _, err := Build([]Kind{{Group: "apps.example.com", Version: "v1", Kind: "Widget", Schema: bad}}); err == nil || !strings.Contains(err.Error(), "not structural") {
		t.Errorf("err = %v, want not structural", err)
	}
}

func equalSets(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]bool{}
	for _, x := range a {
		seen[x] = true
	}
	for _, x := range b {
		if !seen[x] {
			return false
		}
	}
	return true
}
