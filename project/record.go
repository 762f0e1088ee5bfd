package project

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Record is what opgen scaffolded for a project, in opgen.yaml's scaffold section: the
// version of opgen's scaffold template set and the overlay laid over it, and the
// inputs of every command that scaffolded, in order. opgen upgrade renders that
// scaffold again from it (the base of its three-way merge), and the new one with the
// same inputs; opgen init writes it, create api, create webhook and create controller
// append to it.
type Record struct {
	// TemplateSet is the version of opgen's scaffold templates (templates.Version).
	TemplateSet int `json:"templateSet"`
	// Overlay is the overlay laid over them, nil when there was none.
	Overlay *Overlay `json:"overlay,omitempty"`
	// Module is the Go module path opgen init was given.
	Module string `json:"module"`
	// Steps are the create commands that succeeded, in order.
	Steps []Step `json:"steps,omitempty"`
}

// Overlay identifies a templates overlay: its opgen-overlay.yaml's name and version,
// and the digest of its templates (templates.Overlay).
type Overlay struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
	Digest  string `json:"digest"`
}

// Step is one create command: exactly one of API, Webhook and Controller.
type Step struct {
	API        *APIStep        `json:"api,omitempty"`
	Webhook    *WebhookStep    `json:"webhook,omitempty"`
	Controller *ControllerStep `json:"controller,omitempty"`
}

// APIStep is opgen create api's input, the scope as resolved (a later version takes
// the kind's).
type APIStep struct {
	Group         string   `json:"group"`
	Version       string   `json:"version"`
	Kind          string   `json:"kind"`
	ClusterScoped bool     `json:"clusterScoped,omitempty"`
	Owns          []string `json:"owns,omitempty"`
}

// WebhookStep is opgen create webhook's input, its flags as given.
type WebhookStep struct {
	Group      string   `json:"group"`
	Version    string   `json:"version"`
	Kind       string   `json:"kind"`
	Defaulting bool     `json:"defaulting,omitempty"`
	Validation bool     `json:"programmaticValidation,omitempty"`
	Conversion bool     `json:"conversion,omitempty"`
	Spokes     []string `json:"spokes,omitempty"`
}

// ControllerStep is opgen create controller's input: its flags as given, and what the
// command resolved from them that the scaffold depends on, so that rendering it again
// needs neither the Kubernetes release's table of kinds nor the other module's
// package: APIGroup, the group as the API server names it when that is not --group
// (networking.k8s.io for --group networking; core's and another module's follow from
// the flags), and ClusterScoped, the kind's scope.
type ControllerStep struct {
	Group             string   `json:"group"`
	Version           string   `json:"version"`
	Kind              string   `json:"kind"`
	APIGroup          string   `json:"apiGroup,omitempty"`
	ExternalAPIPath   string   `json:"externalAPIPath,omitempty"`
	ExternalAPIDomain string   `json:"externalAPIDomain,omitempty"`
	ClusterScoped     bool     `json:"clusterScoped,omitempty"`
	Owns              []string `json:"owns,omitempty"`
	SelectAnnotation  string   `json:"selectAnnotation,omitempty"`
	SelectLabels      string   `json:"selectLabels,omitempty"`
	Finalizer         string   `json:"finalizer,omitempty"`
	// OwnCondition is --own-condition: the condition type of the kind's status the
	// reconciler owns.
	OwnCondition string `json:"ownCondition,omitempty"`
}

// FullGroup is the kind's API group as the API server names it ("" for core), as
// create controller resolved it.
func (c *ControllerStep) FullGroup() string {
	switch {
	case c.APIGroup != "":
		return c.APIGroup
	case c.ExternalAPIPath != "" && c.ExternalAPIDomain != "":
		return c.Group + "." + c.ExternalAPIDomain
	case c.ExternalAPIPath == "" && c.Group == "core":
		return ""
	}
	return c.Group
}

// check says, in one line, what makes the record unusable, or returns nil.
func (r *Record) check() error {
	if r.Module == "" {
		return fmt.Errorf("scaffold: module is required")
	}
	for i, s := range r.Steps {
		switch {
		case count(s.API != nil, s.Webhook != nil, s.Controller != nil) != 1:
			return fmt.Errorf("scaffold: step %d: give exactly one of api, webhook and controller", i+1)
		case s.API != nil && (s.API.Group == "" || s.API.Version == "" || s.API.Kind == ""):
			return fmt.Errorf("scaffold: step %d: api needs group, version and kind", i+1)
		case s.Webhook != nil && (s.Webhook.Group == "" || s.Webhook.Version == "" || s.Webhook.Kind == ""):
			return fmt.Errorf("scaffold: step %d: webhook needs group, version and kind", i+1)
		case s.Controller != nil && (s.Controller.Group == "" || s.Controller.Version == "" || s.Controller.Kind == ""):
			return fmt.Errorf("scaffold: step %d: controller needs group, version and kind", i+1)
		}
	}
	return nil
}

func count(conds ...bool) int {
	n := 0
	for _, c := range conds {
		if c {
			n++
		}
	}
	return n
}

// marshal writes the record as opgen.yaml's scaffold section, a step per line.
func (r *Record) marshal(b *strings.Builder) {
	b.WriteString("# What opgen scaffolded here, which opgen upgrade renders again: the template set, the\n")
	b.WriteString("# overlay, and each command's inputs. Written by opgen init and the create commands.\n")
	b.WriteString("scaffold:\n")
	fmt.Fprintf(b, "  templateSet: %d\n", r.TemplateSet)
	if o := r.Overlay; o != nil {
		fmt.Fprintf(b, "  overlay: {%s}\n", fields("name", o.Name, "version", o.Version, "digest", o.Digest))
	}
	fmt.Fprintf(b, "  module: %s\n", scalar(r.Module))
	if len(r.Steps) == 0 {
		return
	}
	b.WriteString("  steps:\n")
	for _, s := range r.Steps {
		if a := s.API; a != nil {
			f := fields("group", a.Group, "version", a.Version, "kind", a.Kind)
			if a.ClusterScoped {
				f += ", clusterScoped: true"
			}
			if len(a.Owns) > 0 {
				f += ", owns: " + list(a.Owns)
			}
			fmt.Fprintf(b, "  - api: {%s}\n", f)
		}
		if w := s.Webhook; w != nil {
			f := fields("group", w.Group, "version", w.Version, "kind", w.Kind)
			for _, flag := range []struct {
				name string
				on   bool
			}{{"defaulting", w.Defaulting}, {"programmaticValidation", w.Validation}, {"conversion", w.Conversion}} {
				if flag.on {
					f += ", " + flag.name + ": true"
				}
			}
			if len(w.Spokes) > 0 {
				f += ", spokes: " + list(w.Spokes)
			}
			fmt.Fprintf(b, "  - webhook: {%s}\n", f)
		}
		if c := s.Controller; c != nil {
			f := fields("group", c.Group, "version", c.Version, "kind", c.Kind, "apiGroup", c.APIGroup,
				"externalAPIPath", c.ExternalAPIPath, "externalAPIDomain", c.ExternalAPIDomain)
			if c.ClusterScoped {
				f += ", clusterScoped: true"
			}
			if len(c.Owns) > 0 {
				f += ", owns: " + list(c.Owns)
			}
			if g := fields("selectAnnotation", c.SelectAnnotation, "selectLabels", c.SelectLabels); g != "" {
				f += ", " + g
			}
			if c.Finalizer != "" {
				f += ", finalizer: " + scalar(c.Finalizer)
			}
			if c.OwnCondition != "" {
				f += ", ownCondition: " + scalar(c.OwnCondition)
			}
			fmt.Fprintf(b, "  - controller: {%s}\n", f)
		}
	}
}

// plain are the strings YAML reads back as the same string without quotes, in a flow
// collection too.
var plain = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]*$`)

// scalar writes a string plain when YAML reads that back as the same string, else
// double-quoted (JSON's quoting is YAML's).
func scalar(s string) string {
	if plain.MatchString(s) && !reserved[strings.ToLower(s)] && !numeric.MatchString(s) {
		return s
	}
	q, _ := json.Marshal(s)
	return string(q)
}

// reserved and numeric are plain scalars YAML reads as something else than a string.
var (
	reserved = map[string]bool{"true": true, "false": true, "yes": true, "no": true, "on": true, "off": true, "null": true, "y": true, "n": true}
	numeric  = regexp.MustCompile(`^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?$|^0[xob]`)
)

// fields writes name-value pairs, leaving out empty values.
func fields(kv ...string) string {
	var parts []string
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			parts = append(parts, kv[i]+": "+scalar(kv[i+1]))
		}
	}
	return strings.Join(parts, ", ")
}

func list(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = scalar(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// Append adds a step to the record; a project without one (scaffolded before opgen
// recorded) is left as it is: opgen upgrade reconstructs its record from the tree.
func (c *Config) Append(s Step) bool {
	if c.Scaffold == nil {
		return false
	}
	c.Scaffold.Steps = append(c.Scaffold.Steps, s)
	return true
}
