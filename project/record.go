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
// same inputs; opgen init writes it, create api and create webhook append to it.
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

// Step is one create command: exactly one of API and Webhook.
type Step struct {
	API     *APIStep     `json:"api,omitempty"`
	Webhook *WebhookStep `json:"webhook,omitempty"`
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

// check says, in one line, what makes the record unusable, or returns nil.
func (r *Record) check() error {
	if r.Module == "" {
		return fmt.Errorf("scaffold: module is required")
	}
	for i, s := range r.Steps {
		switch {
		case (s.API == nil) == (s.Webhook == nil):
			return fmt.Errorf("scaffold: step %d: give exactly one of api and webhook", i+1)
		case s.API != nil && (s.API.Group == "" || s.API.Version == "" || s.API.Kind == ""):
			return fmt.Errorf("scaffold: step %d: api needs group, version and kind", i+1)
		case s.Webhook != nil && (s.Webhook.Group == "" || s.Webhook.Version == "" || s.Webhook.Kind == ""):
			return fmt.Errorf("scaffold: step %d: webhook needs group, version and kind", i+1)
		}
	}
	return nil
}

// marshal writes the record as opgen.yaml's scaffold section, a step per line.
func (r *Record) marshal(b *strings.Builder) {
	b.WriteString("# What opgen scaffolded here, which opgen upgrade renders again: the template set, the\n")
	b.WriteString("# overlay, and each command's inputs. Written by opgen init, create api and create webhook.\n")
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
