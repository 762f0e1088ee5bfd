package output

import (
	"fmt"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Diff renders every change as a patch in git's format, paths relative to the root:
// `git apply` (or `patch -p1`) in the root makes the tree what the plan would make it,
// for changed, new and deleted files alike.
func (p *Plan) Diff() string {
	var b strings.Builder
	for _, c := range p.Changes {
		switch c.Action {
		case Create:
			fmt.Fprintf(&b, "diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n", c.Path, c.Path, c.Path)
		case Update:
			fmt.Fprintf(&b, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", c.Path, c.Path, c.Path, c.Path)
		case Delete:
			fmt.Fprintf(&b, "diff --git a/%s b/%s\ndeleted file mode 100644\n--- a/%s\n+++ /dev/null\n", c.Path, c.Path, c.Path)
		default:
			continue
		}
		writeHunks(&b, c.Old, c.New)
	}
	return b.String()
}

// writeHunks writes the unified-diff hunks, three lines of context, that turn old into
// new. A last line without a newline is marked as diff marks it.
func writeHunks(b *strings.Builder, old, new []byte) {
	a, z := splitLines(old), splitLines(new)
	m := difflib.NewMatcher(a, z)
	for _, group := range m.GetGroupedOpCodes(3) {
		first, last := group[0], group[len(group)-1]
		fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(first.I1, last.I2), hunkRange(first.J1, last.J2))
		for _, op := range group {
			if op.Tag == 'e' {
				writeLines(b, ' ', a[op.I1:op.I2])
				continue
			}
			if op.Tag == 'r' || op.Tag == 'd' {
				writeLines(b, '-', a[op.I1:op.I2])
			}
			if op.Tag == 'r' || op.Tag == 'i' {
				writeLines(b, '+', z[op.J1:op.J2])
			}
		}
	}
}

// splitLines splits content after each newline; a last line without one stays as it
// is. Empty content has no lines.
func splitLines(content []byte) []string {
	s := string(content)
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

func writeLines(b *strings.Builder, prefix byte, lines []string) {
	for _, l := range lines {
		b.WriteByte(prefix)
		b.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			b.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is a hunk's line range, as diff writes it: "start,count", one-based, with
// ",1" left out and an empty range starting at the line before it.
func hunkRange(start, stop int) string {
	begin, n := start+1, stop-start
	switch n {
	case 1:
		return fmt.Sprint(begin)
	case 0:
		begin--
	}
	return fmt.Sprintf("%d,%d", begin, n)
}
