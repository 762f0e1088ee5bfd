package adopt

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// makefile is what adopt reads of a Makefile and the files it includes: its variables
// and its recipe lines, continuation lines joined.
type makefile struct {
	dir   string
	vars  map[string]string
	lines []recipeLine
}

// recipeLine is one recipe command, its continuation lines joined as make joins them,
// with where it starts.
type recipeLine struct {
	pos  string // Makefile:42
	text string
}

// unexpandedSpace stands for a space inside a make reference adopt left unexpanded.
const unexpandedSpace = "\u00a0"

// makefileNames are the names make looks for, in its order.
var makefileNames = []string{"GNUmakefile", "makefile", "Makefile"}

// assignment matches a variable assignment line: [export|override] NAME op value.
var assignment = regexp.MustCompile(`^(?:(?:export|override)\s+)*([A-Za-z_][A-Za-z0-9_.-]*)\s*(\?=|:::=|::=|:=|\+=|!=|=)\s*(.*)$`)

// readMakefile reads the Makefile of dir (the first of makefileNames there is) and the
// files it includes, relative to dir; nil when there is none.
func readMakefile(dir, display string) (*makefile, error) {
	m := &makefile{dir: dir, vars: map[string]string{}}
	for _, name := range makefileNames {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			if err := m.read(p, filepath.Join(display, name), map[string]bool{}); err != nil {
				return nil, err
			}
			return m, nil
		}
	}
	return nil, nil
}

func (m *makefile) read(file, display string, seen map[string]bool) error {
	if seen[file] {
		return nil
	}
	seen[file] = true
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1024*1024), 1024*1024)
	n, inRecipe := 0, false
	for sc.Scan() {
		n++
		start, line := n, sc.Text()
		// make joins a continued line with one space, whatever the spaces around it.
		for strings.HasSuffix(line, `\`) && sc.Scan() {
			n++
			line = strings.TrimRight(strings.TrimSuffix(line, `\`), " \t") + " " + strings.TrimLeft(sc.Text(), " \t")
		}
		pos := fmt.Sprintf("%s:%d", filepath.ToSlash(display), start)
		if strings.HasPrefix(line, "\t") {
			if inRecipe {
				m.lines = append(m.lines, recipeLine{pos: pos, text: strings.TrimSpace(line)})
			}
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if inc, ok := strings.CutPrefix(trimmed, "include "); ok || strings.HasPrefix(trimmed, "-include ") || strings.HasPrefix(trimmed, "sinclude ") {
			if !ok {
				_, inc, _ = strings.Cut(trimmed, " ")
			}
			for _, name := range strings.Fields(m.expand(inc)) {
				matches, _ := filepath.Glob(filepath.Join(m.dir, name))
				for _, p := range matches {
					rel, _ := filepath.Rel(m.dir, p)
					if err := m.read(p, filepath.Join(filepath.Dir(display), rel), seen); err != nil {
						return err
					}
				}
			}
			continue
		}
		if a := assignment.FindStringSubmatch(trimmed); a != nil {
			m.assign(a[1], a[2], a[3])
			continue
		}
		// A rule line: "target: prerequisites" starts a recipe; any other line
		// (ifeq, define, a target-specific variable) is not one adopt reads.
		inRecipe = strings.Contains(trimmed, ":") && !strings.HasPrefix(trimmed, "if") && !strings.HasPrefix(trimmed, "else") && !strings.HasPrefix(trimmed, "endif")
		if target, recipe, ok := strings.Cut(trimmed, ";"); ok && strings.Contains(target, ":") {
			m.lines = append(m.lines, recipeLine{pos: pos, text: strings.TrimSpace(recipe)})
		}
	}
	return sc.Err()
}

// assign records a variable as make would for a variable set once: ?= only when
// unset, += appended, every other operator replacing. Simple (:=) assignments are
// expanded at once, recursive ones when used; != (a shell command) is kept as text.
func (m *makefile) assign(name, op, value string) {
	value = strings.TrimSpace(stripComment(value))
	switch op {
	case "?=":
		if _, ok := m.vars[name]; !ok {
			m.vars[name] = value
		}
	case "+=":
		if old, ok := m.vars[name]; ok && old != "" {
			m.vars[name] = old + " " + value
		} else {
			m.vars[name] = value
		}
	case ":=", "::=", ":::=":
		m.vars[name] = m.expand(value)
	default:
		m.vars[name] = value
	}
}

// stripComment drops a make comment (an unescaped # outside $(...)) from a value.
func stripComment(v string) string {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case '\\':
			i++
		case '#':
			if depth <= 0 {
				return v[:i]
			}
		}
	}
	return v
}

// expand replaces $(NAME) and ${NAME} with the variable's value, recursively, and
// the few functions whose value adopt knows: $(shell pwd), $(CURDIR), $(abspath x).
// A reference it cannot expand stays as written.
func (m *makefile) expand(s string) string {
	return m.expandDepth(s, 0)
}

func (m *makefile) expandDepth(s string, depth int) string {
	if depth > 20 || !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		if next == '$' {
			b.WriteByte('$')
			i++
			continue
		}
		if next != '(' && next != '{' {
			b.WriteByte(c) // $@, $<: automatic variables stay
			continue
		}
		closer := byte(')')
		if next == '{' {
			closer = '}'
		}
		end, level := -1, 0
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '(', '{':
				level++
			case ')', '}':
				level--
			}
			if level == 0 && s[j] == closer {
				end = j
				break
			}
		}
		if end < 0 {
			b.WriteString(s[i:])
			break
		}
		ref := m.expandDepth(s[i+2:end], depth+1)
		b.WriteString(m.value(ref, s[i:end+1], depth))
		i = end
	}
	return b.String()
}

// value is the expansion of one reference: a variable, or a function adopt knows.
func (m *makefile) value(ref, written string, depth int) string {
	switch {
	case ref == "CURDIR" || ref == "shell pwd" || ref == "PWD":
		return m.dir
	case strings.HasPrefix(ref, "abspath "), strings.HasPrefix(ref, "realpath "):
		_, arg, _ := strings.Cut(ref, " ")
		arg = strings.TrimSpace(arg)
		if !filepath.IsAbs(arg) {
			arg = filepath.Join(m.dir, arg)
		}
		return filepath.Clean(arg)
	case strings.HasPrefix(ref, "shell which "), strings.HasPrefix(ref, "shell command -v "):
		// The program of that name on PATH: the command runs it by its name.
		f := strings.Fields(ref)
		return f[len(f)-1]
	case strings.HasPrefix(ref, "strip "):
		return strings.Join(strings.Fields(strings.TrimPrefix(ref, "strip ")), " ")
	}
	if v, ok := m.vars[ref]; ok {
		return m.expandDepth(v, depth+1)
	}
	// Not set in the Makefile (the environment of whoever runs make is not the
	// repository's), or a function adopt does not evaluate: as written, one shell word
	// ($(shell go env GOBIN)/controller-gen still names controller-gen).
	return strings.ReplaceAll(written, " ", unexpandedSpace)
}
