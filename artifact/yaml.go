package artifact

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	yamlv2 "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"
)

// YAML is how every generator writes a YAML file of its own: typed objects, never text.
// The file is [YAMLHeader], then Comment as "# " lines, then each document.
//
// A document is marshaled as sigs.k8s.io/yaml marshals it, through its JSON form: a
// Kubernetes type (a client-go apply configuration, whose fields are all omitempty, so
// that no zero field such as creationTimestamp: null is written) comes out with its keys
// sorted, as controller-gen and kubectl write manifests. A small local type that embeds
// [Ordered] comes out with its keys in the order it declares them, so that a kustomize
// component reads the way kubebuilder lays one out; a map in it still sorts its keys.
type YAML struct {
	// Comment goes below the header, one "# " line per line.
	Comment string
	// Stream starts every document with "---", as controller-gen writes its manifests.
	Stream bool
}

// Marshal renders docs as the file's content.
func (y YAML) Marshal(docs ...any) ([]byte, error) {
	var b strings.Builder
	b.WriteString(YAMLHeader + "\n")
	if y.Comment != "" {
		for _, l := range strings.Split(y.Comment, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
	}
	for _, d := range docs {
		out, err := MarshalDocument(d)
		if err != nil {
			return nil, err
		}
		if y.Stream {
			b.WriteString("---\n")
		}
		b.Write(out)
	}
	return []byte(b.String()), nil
}

// MarshalDocument renders one document as [YAML] does, without header: for YAML that
// a field holds as text (a kustomize patch).
func MarshalDocument(doc any) ([]byte, error) {
	if !inOrder(doc) {
		out, err := yaml.Marshal(doc)
		if err != nil {
			return nil, fmt.Errorf("marshaling %T: %w", doc, err)
		}
		return out, nil
	}
	// JSON keeps a struct's fields in their order, and a MapSlice keeps JSON's, down
	// to the maps of a list (the document goes in as the value of a key, since a
	// MapSlice holds only a map).
	j, err := json.Marshal(map[string]any{"doc": doc})
	if err != nil {
		return nil, fmt.Errorf("marshaling %T: %w", doc, err)
	}
	var wrapped yamlv2.MapSlice
	if err := yamlv2.Unmarshal(j, &wrapped); err != nil {
		return nil, fmt.Errorf("marshaling %T: %w", doc, err)
	}
	return yamlv2.Marshal(wrapped[0].Value)
}

// Ordered, embedded in a document's type, keeps the document's keys in the order its
// types declare them (see [YAML]).
type Ordered struct{}

func (Ordered) keepsOrder() {}

type ordered interface{ keepsOrder() }

// inOrder reports whether doc, or the elements of a doc that is a list, embed Ordered.
func inOrder(doc any) bool {
	t := reflect.TypeOf(doc)
	if t != nil && t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return t != nil && t.Implements(reflect.TypeFor[ordered]())
}

// DocumentKinds returns the kind of each document of a YAML stream, in order.
func DocumentKinds(content []byte) []string {
	var kinds []string
	for _, d := range yamlDocuments(content) {
		var obj struct {
			Kind string `json:"kind"`
		}
		if yaml.Unmarshal([]byte(d), &obj) == nil {
			kinds = append(kinds, obj.Kind)
		}
	}
	return kinds
}
