package vet

import (
	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/cachedupdate"
	"github.com/opgen-dev/opgen/vet/deepequal"
	"github.com/opgen-dev/opgen/vet/generationfilter"
	"github.com/opgen-dev/opgen/vet/ignoredirective"
	"github.com/opgen-dev/opgen/vet/requeue"
	"github.com/opgen-dev/opgen/vet/statustime"
	"github.com/opgen-dev/opgen/vet/statusupdate"
	"github.com/opgen-dev/opgen/vet/unfilteredfor"
	"github.com/opgen-dev/opgen/vet/workers"
)

// Analyzers is every analyzer of opgen vet, in a fixed order; ignoredirective, which
// checks the directives that name the others, is last.
var Analyzers = withDirectiveCheck(
	statusupdate.Analyzer,
	cachedupdate.Analyzer,
	statustime.Analyzer,
	unfilteredfor.Analyzer,
	generationfilter.Analyzer,
	deepequal.Analyzer,
	requeue.Analyzer,
	workers.Analyzer,
)

func withDirectiveCheck(analyzers ...*analysis.Analyzer) []*analysis.Analyzer {
	names := make([]string, len(analyzers))
	for i, a := range analyzers {
		names[i] = a.Name
	}
	return append(analyzers, ignoredirective.New(names))
}

// ByName returns the analyzer of that name, or nil.
func ByName(name string) *analysis.Analyzer {
	for _, a := range Analyzers {
		if a.Name == name {
			return a
		}
	}
	return nil
}
