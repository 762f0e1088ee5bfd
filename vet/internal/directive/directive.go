package directive

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Prefix starts every directive.
const Prefix = "//opguard:ignore"

// Directive is one //opguard:ignore comment.
type Directive struct {
	// Pos is where the comment starts.
	Pos token.Pos
	// Analyzers are the names it silences, in the order written.
	Analyzers []string
	// Reason is the text after the names; empty when missing.
	Reason string
	// Lines are the source lines it covers (1-based).
	Lines []int
}

// Parse returns the directives in a file, in source order. src is the file's content,
// used only to tell a directive alone on its line from one that ends a line of code;
// with nil src every directive covers its own line and the next.
func Parse(fset *token.FileSet, file *ast.File, src []byte) []Directive {
	var out []Directive
	for _, group := range file.Comments {
		for _, c := range group.List {
			rest, ok := strings.CutPrefix(c.Text, Prefix)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			d := Directive{Pos: c.Slash}
			rest, _, _ = strings.Cut(rest, "//") // a comment after the directive is not its reason
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				for name := range strings.SplitSeq(fields[0], ",") {
					if name != "" {
						d.Analyzers = append(d.Analyzers, name)
					}
				}
				d.Reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), fields[0]))
			}
			p := fset.Position(c.Slash)
			d.Lines = []int{p.Line}
			if src == nil || aloneOnLine(src, p.Offset) {
				d.Lines = append(d.Lines, p.Line+1)
			}
			out = append(out, d)
		}
	}
	return out
}

// aloneOnLine reports whether only blanks precede offset on its line.
func aloneOnLine(src []byte, offset int) bool {
	for i := offset - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return false
		}
	}
	return true
}

// Silences reports whether d, which has a reason, names analyzer.
func (d Directive) Silences(analyzer string) bool {
	if d.Reason == "" {
		return false
	}
	for _, a := range d.Analyzers {
		if a == analyzer {
			return true
		}
	}
	return false
}

// Reporter reports an analyzer's diagnostics, except those a directive silences.
type Reporter struct {
	pass *analysis.Pass
	// silenced holds the covered lines of each file, for this analyzer.
	silenced map[string]map[int]bool
}

// NewReporter reads the directives of the pass's files once.
func NewReporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, silenced: map[string]map[int]bool{}}
	for _, f := range pass.Files {
		if !mayHaveDirective(f) {
			continue
		}
		name := pass.Fset.File(f.Pos()).Name()
		var src []byte
		if pass.ReadFile != nil {
			src, _ = pass.ReadFile(name)
		}
		for _, d := range Parse(pass.Fset, f, src) {
			if !d.Silences(pass.Analyzer.Name) {
				continue
			}
			if r.silenced[name] == nil {
				r.silenced[name] = map[int]bool{}
			}
			for _, l := range d.Lines {
				r.silenced[name][l] = true
			}
		}
	}
	return r
}

// mayHaveDirective is a quick scan that spares reading the file in the common case.
func mayHaveDirective(f *ast.File) bool {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, Prefix) {
				return true
			}
		}
	}
	return false
}

// Silenced reports whether the finding at pos is dropped: a directive for this
// analyzer covers its line, or it is in a test file. An analyzer whose fixes depend
// on each other (one removes an import the others stop using) asks first.
func (r *Reporter) Silenced(pos token.Pos) bool {
	p := r.pass.Fset.Position(pos)
	if IsTestFile(p.Filename) {
		return true
	}
	return r.silenced[p.Filename][p.Line]
}

// IsTestFile reports whether name is a _test.go file. Test files are not checked: a
// test writes status, updates a cached object or requeues fast on purpose, to set up
// the scenario it tests, and the incidents these checks prevent happen in the
// operator, not in its tests.
func IsTestFile(name string) bool {
	return strings.HasSuffix(name, "_test.go")
}

// Report reports d unless Silenced(d.Pos).
func (r *Reporter) Report(d analysis.Diagnostic) {
	if !r.Silenced(d.Pos) {
		r.pass.Report(d)
	}
}

// Reportf is Report with a formatted message and no fix.
func (r *Reporter) Reportf(pos token.Pos, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}
