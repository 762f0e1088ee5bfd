package ignoredirective

import (
	"fmt"
	"slices"
	"strings"

	"github.com/opgen-dev/opgen/internal/suggest"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/directive"
)

// Name is the analyzer's name.
const Name = "ignoredirective"

// New returns the analyzer that checks directives against the analyzer names known.
func New(known []string) *analysis.Analyzer {
	known = append(slices.Clone(known), Name)
	return &analysis.Analyzer{
		Name: Name,
		Doc: `check //opguard:ignore directives

A directive needs an analyzer name and a reason; a directive without a reason
silences nothing. Unknown analyzer names and "// opguard:ignore" with a space (not a
directive) are reported too.`,
		URL: "https://github.com/opgen-dev/opgen#opgen-vet",
		Run: func(pass *analysis.Pass) (any, error) { return nil, run(pass, known) },
	}
}

func run(pass *analysis.Pass, known []string) error {
	for _, file := range pass.Files {
		if directive.IsTestFile(pass.Fset.File(file.Pos()).Name()) {
			continue
		}
		for _, g := range file.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, "//") && !strings.HasPrefix(c.Text, directive.Prefix) &&
					strings.HasPrefix(strings.TrimSpace(c.Text[2:]), "opguard:ignore") {
					pass.Reportf(c.Slash, "not a directive: write //opguard:ignore with no space after //")
				}
			}
		}
		var src []byte
		if pass.ReadFile != nil {
			src, _ = pass.ReadFile(pass.Fset.File(file.Pos()).Name())
		}
		for _, d := range directive.Parse(pass.Fset, file, src) {
			if len(d.Analyzers) == 0 {
				pass.Reportf(d.Pos, "//opguard:ignore needs an analyzer name and a reason: //opguard:ignore <analyzer> <reason>")
				continue
			}
			for _, a := range d.Analyzers {
				if !slices.Contains(known, a) {
					msg := fmt.Sprintf("//opguard:ignore: unknown analyzer %q", a)
					if near := suggest.Closest(a, known); near != "" {
						msg += fmt.Sprintf(" (did you mean %q?)", near)
					}
					pass.Reportf(d.Pos, "%s", msg)
				}
			}
			if d.Reason == "" {
				pass.Reportf(d.Pos, "//opguard:ignore %s needs a reason; without one it silences nothing", strings.Join(d.Analyzers, ","))
			}
		}
	}
	return nil
}
