package adopt

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Kept is a controller-gen line that a partial adoption leaves to controller-gen: the
// line and why opgen cannot take it.
type Kept struct {
	Invocation Invocation
	// Reasons are the refusals of its options, each "<option>: <why>".
	Reasons []string
}

// Partial turns a result with refusals into a partial adoption: every line with a
// refusal stays controller-gen's, whole (its other generators included, so no output
// of that line changes hands), and the other lines are adopted as if the kept ones
// were not there. It refuses — a refusal left in r.Refusals — when a kept line runs a
// generator in a module where opgen would run it too (two writers of one kind of
// output), and when nothing is left for opgen. A result without refusals is left as
// it is.
func (r *Result) Partial(root string) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	for len(r.Refusals) > 0 {
		kept := r.refusedLines()
		if len(kept) == 0 {
			return nil // refusals of no one line (none today): a partial adoption cannot help
		}
		r.Kept = append(r.Kept, kept...)
		r.replan(root)
	}
	if len(r.Kept) == 0 {
		return nil
	}
	for _, k := range r.Kept {
		mod, err := moduleOf(k.Invocation.Dir, root)
		if err != nil {
			continue
		}
		for _, m := range r.Modules {
			if m.Root != mod {
				continue
			}
			for _, gen := range lineGenerators(k.Invocation.Args) {
				if from := genFrom(m, gen); from != "" {
					r.refuse(k.Invocation, gen, "stays controller-gen's, and opgen would run %s in the same module from %s: two writers of its output (keep controller-gen for both lines, or change this one)", gen, from)
				}
			}
		}
	}
	if len(r.Refusals) == 0 && !r.takesAny() {
		return fmt.Errorf("no controller-gen line is left for opgen to take: every one stays controller-gen's (listed above)")
	}
	return nil
}

// refusedLines groups the refusals by the line they are on.
func (r *Result) refusedLines() []Kept {
	var out []Kept
	for _, ref := range r.Refusals {
		for _, inv := range r.Invocations {
			prefix := inv.Pos + ": "
			if !strings.HasPrefix(ref, prefix) {
				continue
			}
			i := slices.IndexFunc(out, func(k Kept) bool { return k.Invocation.Pos == inv.Pos })
			if i < 0 {
				out = append(out, Kept{Invocation: inv})
				i = len(out) - 1
			}
			if !slices.Contains(out[i].Reasons, ref[len(prefix):]) {
				out[i].Reasons = append(out[i].Reasons, ref[len(prefix):])
			}
			break
		}
	}
	return out
}

// lineGenerators are the generators a controller-gen line names.
func lineGenerators(args []string) []string {
	var out []string
	for _, a := range args {
		name, _, _ := strings.Cut(a, ":")
		name, _, _ = strings.Cut(name, "=")
		switch name {
		case "crd", "rbac", "object", "webhook":
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// genFrom names the lines the module's section runs gen from, "" when it does not.
func genFrom(m Module, gen string) string {
	var from []string
	switch c := m.Config; gen {
	case "crd":
		if c.CRD != nil {
			from = c.CRD.From
		}
	case "rbac":
		if c.RBAC != nil {
			from = c.RBAC.From
		}
	case "object":
		if c.Object != nil {
			from = c.Object.From
		}
	case "webhook":
		if c.Webhook != nil {
			from = c.Webhook.From
		}
	}
	if from == nil {
		return ""
	}
	if len(from) == 0 {
		return "a line"
	}
	return strings.Join(from, ", ")
}

// takesAny reports whether some module's section runs a generator.
func (r *Result) takesAny() bool {
	for _, m := range r.Modules {
		for _, gen := range []string{"crd", "rbac", "object", "webhook"} {
			if genFrom(m, gen) != "" {
				return true
			}
		}
	}
	return false
}

// Runs reports whether the module's section runs the generator gen (crd, rbac,
// object, webhook).
func (m Module) Runs(gen string) bool { return genFrom(m, gen) != "" }

// Clone returns a copy of r that KeepGenerator can change while r stays as it is.
func (r *Result) Clone() *Result {
	c := *r
	c.Invocations = slices.Clone(r.Invocations)
	c.Pins = slices.Clone(r.Pins)
	c.Modules = slices.Clone(r.Modules)
	c.Notes = slices.Clone(r.Notes)
	c.Refusals = slices.Clone(r.Refusals)
	c.Kept = slices.Clone(r.Kept)
	return &c
}

// KeepGenerator leaves to controller-gen, whole, every line that runs gen in the
// module at modRoot — for a partial adoption whose generation with opgen's
// controller-tools stops on that generator (a schema the embedded version rejects and
// the pinned one took) — with why as the reason, and adopts the rest again as Partial
// does. It reports whether a line was kept.
func (r *Result) KeepGenerator(root, modRoot, gen, why string) (bool, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return false, err
	}
	kept := false
	for _, inv := range r.Invocations {
		mod, err := moduleOf(inv.Dir, root)
		if err != nil || mod != modRoot || !slices.Contains(lineGenerators(inv.Args), gen) {
			continue
		}
		if r.isKept(inv) {
			continue
		}
		r.Kept = append(r.Kept, Kept{Invocation: inv, Reasons: []string{gen + ": " + why}})
		kept = true
	}
	if !kept {
		return false, nil
	}
	r.replan(root)
	return true, r.Partial(root)
}

// isKept reports whether the line inv is one of r.Kept.
func (r *Result) isKept(inv Invocation) bool {
	return slices.ContainsFunc(r.Kept, func(k Kept) bool { return k.Invocation.Pos == inv.Pos && k.Invocation.Dir == inv.Dir })
}

// replan adopts again the lines that are not kept; r.Invocations stays every line read.
func (r *Result) replan(root string) {
	var rest []Invocation
	for _, inv := range r.Invocations {
		if !r.isKept(inv) {
			rest = append(rest, inv)
		}
	}
	all := r.Invocations
	r.Invocations, r.Refusals, r.Notes, r.Modules = rest, nil, nil, nil
	r.plan(root)
	r.Invocations = all
}
