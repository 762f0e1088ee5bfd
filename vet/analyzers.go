package vet

import (
	"fmt"
	"slices"
	"strings"

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

// A Fixer is an analyzer that suggests fixes, and what they do.
type Fixer struct {
	// Analyzer is the analyzer's name.
	Analyzer string
	// Does says what the fix changes in the source.
	Does string
	// Changes says how the fix changes what the program does; empty for a fix that
	// cannot, which opgen vet -fix applies without being asked by name.
	Changes string
}

// Fixers lists every analyzer that suggests fixes. A fix that can change what the
// program does is applied by opgen vet -fix only when its analyzer is named
// (-fix=deepequal), so that a bare -fix is always safe to run.
var Fixers = []Fixer{
	{
		Analyzer: "requeue",
		Does:     "drops Requeue: true beside a non-zero RequeueAfter, where controller-runtime is the Result's one reader",
	},
	{
		Analyzer: "deepequal",
		Does:     "replaces reflect.DeepEqual on API values with equality.Semantic.DeepEqual",
		Changes:  "it answers differently where two values differ only in representation (an empty list and none, 1000m and 1), which is the point, and may change what the code decides",
	},
	{
		Analyzer: "statusupdate",
		Does:     "rewrites a status write to call the writer opgen generated for the kind (+opguard:status-owner)",
		Changes:  "the writer compares before it writes and writes with Server-Side Apply under its own field manager",
	},
}

// FixSelection returns which findings' fixes to apply for opgen vet's -fix value:
// "safe" (a bare -fix) applies the fixes that cannot change what the program does;
// a comma-separated list of analyzer names adds those analyzers' fixes; "all" applies
// every fix. An unknown name, or one of an analyzer without fixes, is an error.
func FixSelection(spec string) (func(Finding) bool, error) {
	names := map[string]bool{}
	for _, n := range strings.Split(spec, ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "safe" || n == "all":
			names[n] = true
		case slices.ContainsFunc(Fixers, func(f Fixer) bool { return f.Analyzer == n }):
			names[n] = true
		case ByName(n) != nil:
			return nil, fmt.Errorf("%s suggests no fixes (fixers: %s)", n, fixerNames())
		default:
			return nil, fmt.Errorf("unknown analyzer %q (fixers: %s, or all)", n, fixerNames())
		}
	}
	return func(f Finding) bool {
		if f.Fix == nil {
			return false
		}
		return names["all"] || names[f.Analyzer] || !FixChangesBehaviour(f.Analyzer)
	}, nil
}

// FixChangesBehaviour reports whether the fixes of the named analyzer can change what
// the program does (and so are applied only when asked for by name).
func FixChangesBehaviour(analyzer string) bool {
	i := slices.IndexFunc(Fixers, func(f Fixer) bool { return f.Analyzer == analyzer })
	return i < 0 || Fixers[i].Changes != ""
}

func fixerNames() string {
	names := make([]string, len(Fixers))
	for i, f := range Fixers {
		names[i] = f.Analyzer
	}
	return strings.Join(names, ", ")
}
