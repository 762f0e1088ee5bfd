package markers

import (
	"fmt"
	"strings"
)

// Reference renders the marker reference from [Defs]: what `opgen markers` prints and
// what docs/markers.md's reference is checked against.
func Reference() string {
	var b strings.Builder
	b.WriteString("opgen markers. Write each on its own line comment, \"// +opguard:...\".\n")
	for _, t := range []Target{TargetKind, TargetStatusField, TargetPackage} {
		fmt.Fprintf(&b, "\nOn a %s:\n", targetPlace(t))
		for _, d := range Defs {
			if d.Target != t {
				continue
			}
			fmt.Fprintf(&b, "\n  %s", d.Spelling())
			if d.Repeatable {
				b.WriteString("   (repeatable)")
			}
			b.WriteString("\n")
			help := d.Help
			for _, r := range d.Requires {
				help += " Requires " + r.Name.Def().Short() + "."
			}
			for _, line := range wrap(help, 76) {
				fmt.Fprintf(&b, "      %s\n", line)
			}
			for _, a := range d.Args {
				fmt.Fprintf(&b, "      %s: %s\n", a.Name, a.Help)
			}
			fmt.Fprintf(&b, "      e.g. // %s\n", d.Example)
		}
	}
	return b.String()
}

func targetPlace(t Target) string {
	switch t {
	case TargetKind:
		return "root kind (a type with +kubebuilder:object:root=true)"
	case TargetStatusField:
		return "field of a status-owner kind's Status struct"
	default:
		return "package (comments above the package clause)"
	}
}

func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
