package vet_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet"
)

// TestAnalyzers checks the list: valid for drivers, unique names in the documented
// order, every Doc explaining itself in its first line, ignoredirective last.
func TestAnalyzers(t *testing.T) {
	if err := analysis.Validate(vet.Analyzers); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range vet.Analyzers {
		names = append(names, a.Name)
		first, _, _ := strings.Cut(a.Doc, "\n")
		if len(first) < 20 || !strings.Contains(a.Doc, "\n\n") {
			t.Errorf("%s: Doc needs a summary line and a paragraph on the incident and the fix: %q", a.Name, a.Doc)
		}
		if vet.ByName(a.Name) != a {
			t.Errorf("ByName(%q) is not the analyzer in the list", a.Name)
		}
	}
	want := []string{"statusupdate", "cachedupdate", "statustime", "unfilteredfor", "generationfilter", "deepequal", "requeue", "workers", "ignoredirective"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("analyzers (-want +got):\n%s", diff)
	}
	if vet.ByName("nosuch") != nil {
		t.Error("ByName of an unknown name is not nil")
	}
}
