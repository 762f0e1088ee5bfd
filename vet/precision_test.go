package vet_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/vet"
	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
)

// precisionDir is a module that builds against the real controller-runtime and
// apimachinery (not the analysistest stubs), so these tests also prove that the
// analyzers recognise the real types.
const precisionDir = "testdata/precision"

func countByAnalyzer(findings []vet.Finding) map[string]int {
	out := map[string]int{}
	for _, f := range findings {
		out[f.Analyzer]++
	}
	return out
}

// TestPrecisionGuarded: a controller written the storm-proof way by hand (SSA and
// MergeFrom patches behind equality.Semantic.DeepEqual, predicates, terminal errors,
// long requeues) gets no finding at all.
func TestPrecisionGuarded(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: []string{"./guarded/...", "./api/..."}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Errorf("%s: %s (%s)", f.Pos, f.Message, f.Analyzer)
	}
}

// TestPrecisionKubebuilder: in a controller in the style of kubebuilder v4.16's
// deploy-image plugin, every Status().Update is reported as an update from the cache
// and, but two, as an unguarded status write: not the first (the initial condition of
// an object that has none, written once), nor the finalizer's second, which sets
// Degraded True right after a checked write that stored it Unknown (a change from what
// the pass itself stored; the first of the pair is reported); nothing else is reported but the finalizer Update that
// adds it, the For() without predicates and the deprecated Requeue. The Update that
// removes the finalizer comes right after a Status().Update of the same object whose
// error returns: it sends the resourceVersion the server has just answered, not the
// cache's.
func TestPrecisionKubebuilder(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: []string{"./kubebuilder/..."}})
	if err != nil {
		t.Fatal(err)
	}
	file, _ := filepath.Abs(filepath.Join(precisionDir, "kubebuilder", "memcached_controller.go"))
	statusUpdates := linesContaining(t, file, "r.Status().Update(")
	finalizerUpdates := linesContaining(t, file, "r.Update(ctx, memcached)")
	if len(statusUpdates) != 6 || len(finalizerUpdates) != 2 {
		t.Fatalf("the testdata changed: %d Status().Update and %d finalizer Update calls, want 6 and 2", len(statusUpdates), len(finalizerUpdates))
	}

	want := map[string]int{"statusupdate": 4, "cachedupdate": 7, "unfilteredfor": 1, "requeue": 1}
	if diff := cmp.Diff(want, countByAnalyzer(findings)); diff != "" {
		t.Errorf("findings by analyzer (-want +got):\n%s", diff)
	}
	lines := func(analyzer string) []int {
		var out []int
		for _, f := range findings {
			if f.Analyzer == analyzer {
				if f.Pos.Filename != file {
					t.Errorf("finding in %s, want %s", f.Pos.Filename, file)
				}
				out = append(out, f.Pos.Line)
			}
		}
		return out
	}
	unguarded := append([]int{statusUpdates[1]}, statusUpdates[3:]...)
	if diff := cmp.Diff(unguarded, lines("statusupdate")); diff != "" {
		t.Errorf("statusupdate lines (-every Status().Update +reported):\n%s", diff)
	}
	if diff := cmp.Diff(sortedUnion(statusUpdates, finalizerUpdates[:1]), lines("cachedupdate")); diff != "" {
		t.Errorf("cachedupdate lines (-every Update of the Memcached +reported):\n%s", diff)
	}
}

// linesContaining are the 1-based numbers of the lines of file that contain s.
func linesContaining(t *testing.T, file, s string) []int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []int
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), s) {
			out = append(out, n)
		}
	}
	return out
}

func sortedUnion(a, b []int) []int {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// TestPrecisionNoController: an Update of what a command-line tool read (package tool,
// which no controller imports) is not reported when the packages analyzed hold a
// controller; the same code imported by a controller (package shared, run by package
// sharer) or by the main that makes the manager (package hook, run by mgrmain) is, and
// so is the tool analyzed alone, with no controller to tell by.
func TestPrecisionNoController(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	for _, tc := range []struct {
		patterns []string
		want     map[string]int // cachedupdate findings by directory
	}{
		{[]string{"./tool/...", "./shared/...", "./sharer/...", "./api/..."}, map[string]int{"shared": 1}},
		{[]string{"./tool/...", "./hook/...", "./mgrmain/...", "./sharer/...", "./shared/...", "./api/..."}, map[string]int{"shared": 1, "hook": 1}},
		{[]string{"./tool/...", "./api/..."}, map[string]int{"tool": 1}},
	} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: tc.patterns})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, f := range findings {
			if f.Analyzer == "cachedupdate" {
				got[filepath.Base(filepath.Dir(f.Pos.Filename))]++
			} else {
				t.Errorf("%v: unexpected %s finding at %s: %s", tc.patterns, f.Analyzer, f.Pos, f.Message)
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v: cachedupdate findings by directory (-want +got):\n%s", tc.patterns, diff)
		}
	}
}

// TestPrecisionFilteredElsewhere: a status write of a kind whose controllers, in
// other packages analyzed with it, all filter update events reconciles nothing again
// and is not reported, nor is a clock stamped into its status; with a controller of
// the kind that does not filter among them, or with none (the writer analyzed alone),
// both are.
func TestPrecisionFilteredElsewhere(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	for _, tc := range []struct {
		patterns []string
		want     int // statusupdate findings in statuswriter, and statustime findings
	}{
		{[]string{"./statuswriter/...", "./filteredctl/...", "./api/..."}, 0},
		{[]string{"./statuswriter/...", "./filteredctl/...", "./kubebuilder/...", "./api/..."}, 1},
		{[]string{"./statuswriter/...", "./api/..."}, 1},
	} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: tc.patterns})
		if err != nil {
			t.Fatal(err)
		}
		for _, analyzer := range []string{"statusupdate", "statustime"} {
			got := 0
			for _, f := range findings {
				if f.Analyzer == analyzer && filepath.Base(filepath.Dir(f.Pos.Filename)) == "statuswriter" {
					got++
				}
			}
			if got != tc.want {
				t.Errorf("%v: %d %s findings in statuswriter, want %d", tc.patterns, got, analyzer, tc.want)
			}
		}
	}
}

// TestPrecisionUncachedKind: a kind the manager leaves out of its cache (DisableFor, in
// the main analyzed with the controller, appended, in a literal, in a local variable,
// or returned by a function of another package) is read from the API server:
// kubebuilder's Updates of its Memcached are not reported then, its unguarded status
// writes still are.
func TestPrecisionUncachedKind(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	for _, main := range []string{"./mgruncached/...", "./mgruncachedlit/...", "./mgruncachedfn/...", "./mgruncachedvar/..."} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: []string{"./kubebuilder/...", main, "./uncached/...", "./api/..."}})
		if err != nil {
			t.Fatal(err)
		}
		got := countByAnalyzer(findings)
		if got["cachedupdate"] != 0 || got["statusupdate"] != 4 {
			t.Errorf("with %s: findings by analyzer: %v, want no cachedupdate and 4 statusupdate", main, got)
		}
	}
}

// TestPrecisionNoCache: a manager whose NewClient builds a client without the cache
// (options.Cache = nil, or client.New with options of its own) reads every kind from
// the API server, and no Update of what it read is reported; when another manager of
// the module keeps the default, cached client, they still are.
func TestPrecisionNoCache(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	for main, want := range map[string]int{"./mgrnocache/...": 0, "./mgrnocachevar/...": 0, "./mgrhalfcache/...": -1} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: []string{"./kubebuilder/...", main, "./api/..."}})
		if err != nil {
			t.Fatal(err)
		}
		got := countByAnalyzer(findings)
		if want == 0 && got["cachedupdate"] != 0 || want < 0 && got["cachedupdate"] == 0 {
			t.Errorf("with %s: findings by analyzer: %v, want cachedupdate %s", main, got, map[bool]string{true: "none", false: "some"}[want == 0])
		}
		if got["statusupdate"] != 4 {
			t.Errorf("with %s: %d statusupdate findings, want 4", main, got["statusupdate"])
		}
	}
}

// TestPrecisionDeadSetup: a For in a set-up that nothing among the packages analyzed
// calls, of a reconciler another set-up registers, starts no controller. With the
// main that makes the manager and calls only the filtering set-up (deadsetupmain),
// package deadsetup's unfiltered SetupWithManager is not reported, and its
// reconciler's unguarded status write loops through no watch; with no main in view,
// or one that may call SetupWithManager through an interface (deadsetupiface), both
// are reported. Package unwired, which no package of the run imports, is code no
// command builds when the main that makes the manager is in view (its import
// dropped, or a template kept to be copied): its set-up is not reported, and its
// watch starts nothing, so deadsetup's status writes loop through none; with no
// such main in view it is reported, and its watch passes deadsetup's writes. The
// main may make the manager through a package it imports (deadsetupcmd, whose main
// calls deadsetupapp.Run): the command is in view the same.
// Package deadsetupnew's controller is built with controller.New and c.Watch, its
// reconciler handed on as a reconcile.Reconciler: its own SetupWithManager is dead
// the same way, the reconciler built where Add runs. Package unwired's reconciler,
// built by a function main calls (unwiredmain) but handed to nothing that runs it,
// is idle (TestPrecisionIdleReconciler): its set-up is not reported either.
func TestPrecisionDeadSetup(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	type counts struct{ deadsetupFor, deadsetupStatus, unwiredFor int }
	for _, tc := range []struct {
		patterns []string
		want     counts
	}{
		{[]string{"./deadsetup/...", "./deadsetupmain/...", "./api/..."}, counts{0, 0, 0}},
		{[]string{"./deadsetup/...", "./api/..."}, counts{1, 1, 0}},
		{[]string{"./deadsetup/...", "./deadsetupiface/...", "./api/..."}, counts{1, 1, 0}},
		{[]string{"./deadsetup/...", "./deadsetupmain/...", "./unwired/...", "./api/..."}, counts{0, 0, 0}},
		{[]string{"./deadsetup/...", "./unwired/...", "./api/..."}, counts{1, 1, 1}},
		// The manager made by a package the command's main imports, not by main.
		{[]string{"./deadsetup/...", "./deadsetupcmd/...", "./deadsetupapp/...", "./unwired/...", "./api/..."}, counts{0, 0, 0}},
		// Without the command, package unwired may be some other command's; the
		// set-up deadsetupapp leaves uncalled is dead all the same (the manager it
		// makes wires deadsetup with Add).
		{[]string{"./deadsetup/...", "./deadsetupapp/...", "./unwired/...", "./api/..."}, counts{0, 1, 1}},
		// The reconciler handed to controller.New as a reconcile.Reconciler, built by
		// a function Add runs.
		{[]string{"./deadsetupnew/...", "./deadsetupnewmain/...", "./api/..."}, counts{0, 0, 0}},
		{[]string{"./deadsetupnew/...", "./api/..."}, counts{1, 1, 0}},
		// A reconciler built where main runs and handed to nothing that runs it: idle.
		{[]string{"./unwired/...", "./unwiredmain/...", "./api/..."}, counts{0, 0, 0}},
	} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: tc.patterns})
		if err != nil {
			t.Fatal(err)
		}
		var got counts
		for _, f := range findings {
			switch dir := filepath.Base(filepath.Dir(f.Pos.Filename)); {
			case (dir == "deadsetup" || dir == "deadsetupnew") && f.Analyzer == "unfilteredfor":
				got.deadsetupFor++
			case (dir == "deadsetup" || dir == "deadsetupnew") && f.Analyzer == "statusupdate":
				got.deadsetupStatus++
			case dir == "unwired" && f.Analyzer == "unfilteredfor":
				got.unwiredFor++
			}
		}
		if got != tc.want {
			t.Errorf("%v: got %+v, want %+v", tc.patterns, got, tc.want)
		}
	}
}

// TestPrecisionUnreached: a write in a function nothing runs — an unexported method
// no code refers to, a function only it and itself call, one called only after a
// return — and a write after a return, a goto or a panic are reported by no
// analyzer, while the writes Reconcile reaches by a call, a method value and an
// interface of the package are. The comment at the end of a line of orphan.go names
// the analyzers expected there; every other line expects none.
func TestPrecisionUnreached(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	checkLineComments(t, filepath.Join(precisionDir, "orphan", "orphan.go"), []string{"./orphan/...", "./api/..."}, 5)
}

// TestPrecisionFailFree: a branch taken only when a call failed, of a method whose
// every return gives a nil error, or of one that fails only when handed nil and is
// handed &m or a pointer its enclosing if's condition dereferenced, runs on no pass:
// its write is reported by no analyzer, while the same branch on a method that may
// fail is, and so is the nil-only one's when the pointer was dereferenced past a || or
// given another value since. The comment at the
// end of a line of failfree.go names the analyzers expected there.
func TestPrecisionFailFree(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	checkLineComments(t, filepath.Join(precisionDir, "failfree", "failfree.go"), []string{"./failfree/...", "./api/..."}, 2)
}

// TestPrecisionManifests: what the module's CustomResourceDefinition manifests give a
// kind decides whether it has a status subresource, over its markers, and the
// markers decide where no manifest declares it (package crdapi/v1 says which is
// which). A kind with none gets no finding of statusupdate, cachedupdate or
// unfilteredfor for its status writes, directly or through a helper; the others get
// all three, and a helper's Update of the whole object is reported at its call. The comment at the
// end of a line of crdctl/ctl.go names the analyzers expected there.
func TestPrecisionManifests(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	checkLineComments(t, filepath.Join(precisionDir, "crdctl", "ctl.go"), []string{"./crdctl/...", "./crdapi/..."}, 10)
}

// TestPrecisionIdleReconciler: with the main that makes the manager and registers
// only package idle's Reconciler (idlemain), Legacy — built, printed and asserted to
// be a reconciler, none of which runs it — is idle: its writes, its For and the
// helpers only its methods reach (one of them the Complete that would register it) are
// reported by no analyzer, while Reconciler's are. With a main that registers Legacy
// through an interface of its own (idleiface), or with no main in view, Legacy's
// writes and For are reported as Reconciler's are.
func TestPrecisionIdleReconciler(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	src := filepath.Join(precisionDir, "idle", "idle.go")
	want := checkLineComments(t, src, []string{"./idle/...", "./idlemain/...", "./api/..."}, 3)
	for _, patterns := range [][]string{
		{"./idle/...", "./idleiface/...", "./api/..."},
		{"./idle/...", "./api/..."},
	} {
		got := lineFindings(t, src, patterns)
		legacy := map[string]bool{}
		for k := range got {
			if !want[k] {
				legacy[strings.Fields(k)[1]] = true
			}
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%v: %s not reported", patterns, k)
			}
		}
		for _, a := range []string{"cachedupdate", "statusupdate", "unfilteredfor"} {
			if !legacy[a] {
				t.Errorf("%v: no %s finding in Legacy's code, want one (got %v)", patterns, a, got)
			}
		}
	}
}

// TestPrecisionNilScaffold: with the main that makes the manager and always wires
// Direct's Backend and Nested's Deps.Dispatcher (scaffoldmain), the branches that run
// only without them send nothing and are reported by no analyzer; Optional's, whose
// Recorder the main leaves nil, Cleared's, whose Backend a method sets to nil, and
// Held's, which a struct holds by value (its zero value has none), are. With no main in view, a command elsewhere may build them without: every such
// write is reported.
func TestPrecisionNilScaffold(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	src := filepath.Join(precisionDir, "scaffold", "scaffold.go")
	want := checkLineComments(t, src, []string{"./scaffold/...", "./scaffoldmain/...", "./api/..."}, 8)
	got := lineFindings(t, src, []string{"./scaffold/...", "./api/..."})
	extra := map[string]int{}
	for k := range got {
		if !want[k] {
			extra[strings.Fields(k)[1]]++
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("without a main: %s not reported", k)
		}
	}
	if extra["statusupdate"] != 2 || extra["cachedupdate"] != 2 {
		t.Errorf("without a main: %v more findings in the scaffold branches, want 2 statusupdate and 2 cachedupdate (got %v)", extra, got)
	}
}

// TestPrecisionSealed: in an internal package, with the module's command in view
// (sealedmain), an exported type, constructor or function that only tests use runs in
// no binary: Monitor's and Touch's writes are reported by no analyzer, Watcher's,
// which the command runs, is. With no command in view their callers may be anywhere
// in the module, and all three are reported.
func TestPrecisionSealed(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	src := filepath.Join(precisionDir, "internal", "monitor", "monitor.go")
	want := checkLineComments(t, src, []string{"./internal/...", "./sealedmain/...", "./api/..."}, 1)
	got := lineFindings(t, src, []string{"./internal/...", "./api/..."})
	extra := 0
	for k := range got {
		if !want[k] && strings.Fields(k)[1] == "cachedupdate" {
			extra++
		}
	}
	if extra != 2 {
		t.Errorf("without the command in view: %d cachedupdate findings besides Watcher's, want 2 (Monitor's and Touch's); got %v", extra, got)
	}
}

// checkLineComments runs vet on patterns and compares its findings in src with the
// analyzers the comments at the ends of src's lines name (every other line expects
// none); it returns what they name, at least min of them.
func checkLineComments(t *testing.T, src string, patterns []string, min int) map[string]bool {
	t.Helper()
	file, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	want := map[string]bool{}
	sc := bufio.NewScanner(file)
	for line := 1; sc.Scan(); line++ {
		code, comment, ok := strings.Cut(sc.Text(), "// ")
		if !ok || strings.TrimSpace(code) == "" {
			continue // not a comment at the end of a line of code
		}
		for _, name := range strings.Fields(comment) {
			if slices.Contains(writeAnalyzers, name) {
				want[fmt.Sprintf("%d %s", line, name)] = true
			}
		}
	}
	if len(want) < min {
		t.Fatalf("%s names %d expected findings, want at least %d", src, len(want), min)
	}
	if diff := cmp.Diff(want, lineFindings(t, src, patterns)); diff != "" {
		t.Errorf("findings in %s (-want +got):\n%s", filepath.Base(src), diff)
	}
	return want
}

// writeAnalyzers are the analyzers checkLineComments compares.
var writeAnalyzers = []string{"cachedupdate", "statusupdate", "unfilteredfor", "statustime"}

// lineFindings are vet's findings on patterns in src, as "line analyzer".
func lineFindings(t *testing.T, src string, patterns []string) map[string]bool {
	t.Helper()
	findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, f := range findings {
		if filepath.Base(f.Pos.Filename) == filepath.Base(src) && slices.Contains(writeAnalyzers, f.Analyzer) {
			got[fmt.Sprintf("%d %s", f.Pos.Line, f.Analyzer)] = true
		}
	}
	return got
}

// TestPrecisionCallersClient: a struct field filled only from a constructor's client
// parameter holds what the constructor's callers hand it. With the main that makes the
// manager in view, Direct, built only with client.New's client, reads the API server
// and its Update is not reported; Shared, built with the manager's client, is. With
// a second main that builds Direct with the manager's client too, both are. A main
// that makes Direct's client with a function of its own and hands it on through a
// parameter (apiserverchain) keeps Direct's Update unreported. Configured copies the
// client from a field of the Config it is handed: it reads the API server when every
// Config's client field, set in a literal or assigned, is such a client.
func TestPrecisionCallersClient(t *testing.T) {
	testdatadir.Track(t, precisionDir)
	for _, tc := range []struct {
		patterns []string
		want     map[string]int // cachedupdate findings by type
	}{
		{[]string{"./apiserver/...", "./apiservermain/...", "./api/..."}, map[string]int{"Shared": 1}},
		{[]string{"./apiserver/...", "./apiservermain/...", "./apiservermixed/...", "./api/..."}, map[string]int{"Direct": 1, "Shared": 1, "Configured": 1}},
		// Direct's client made by a function of the command that returns only
		// client.New's (or nil), handed on through a parameter.
		{[]string{"./apiserver/...", "./apiserverchain/...", "./api/..."}, map[string]int{"Shared": 1}},
	} {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: precisionDir, Patterns: tc.patterns})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, f := range findings {
			if f.Analyzer != "cachedupdate" || filepath.Base(filepath.Dir(f.Pos.Filename)) != "apiserver" {
				continue
			}
			src, err := os.ReadFile(f.Pos.Filename)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(src), "\n")
			switch line := lines[f.Pos.Line-1]; {
			case strings.Contains(line, "d.cli"):
				got["Direct"]++
			case strings.Contains(line, "s.cli"):
				got["Shared"]++
			case strings.Contains(line, "c.cli"):
				got["Configured"]++
			default:
				got[line]++
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v: cachedupdate findings in apiserver (-want +got):\n%s", tc.patterns, diff)
		}
	}
}
