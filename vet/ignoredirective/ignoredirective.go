package ignoredirective

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/opgen-dev/opgen/internal/suggest"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Name is the analyzer's name.
const Name = "ignoredirective"

// New returns the analyzer that checks directives against the analyzer names known.
func New(known []string) *analysis.Analyzer {
	known = append(slices.Clone(known), Name)
	return &analysis.Analyzer{
		Name: Name,
		Doc:  analyzerdoc.MustDoc(doc, "ignoredirective"),
		URL:  "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#ignoredirective",
		Run:  func(pass *analysis.Pass) (any, error) { return nil, run(pass, known) },
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
