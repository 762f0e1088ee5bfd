package vet

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/internal/loaderr"
	"github.com/opgen-dev/opgen/vet/cachedupdate"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/watches"
	"github.com/opgen-dev/opgen/vet/statustime"
	"github.com/opgen-dev/opgen/vet/statusupdate"
	"github.com/opgen-dev/opgen/vet/unfilteredfor"
)

// Config says what Check analyzes.
type Config struct {
	// Dir is the directory the patterns are relative to (default: the process's).
	Dir string
	// Patterns are go list patterns (default ./...).
	Patterns []string
	// Analyzers to run (default Analyzers).
	Analyzers []*analysis.Analyzer
	// Env is the environment of the go command (default: the process's).
	Env []string
}

// Finding is one diagnostic.
type Finding struct {
	// Analyzer is the name of the analyzer that reported it.
	Analyzer string `json:"analyzer"`
	// Pos is where it starts; Filename is absolute.
	Pos token.Position `json:"-"`
	// Message says what is wrong and what to do.
	Message string `json:"message"`
	// Fix is the suggested fix, if the analyzer offers one.
	Fix *Fix `json:"-"`
}

// Fix is a suggested fix: edits of file contents by byte offset.
type Fix struct {
	// Message names the fix.
	Message string
	// Edits are its changes; several files may be involved.
	Edits []Edit
}

// Edit replaces the bytes [Start, End) of Filename with New.
type Edit struct {
	Filename   string
	Start, End int
	New        string
}

// ErrLoad is wrapped by the error Check returns when the packages cannot be
// analyzed: analyzers only run on packages that load and compile.
var ErrLoad = errors.New("packages do not load")

// LoadError is the error Check returns when the packages cannot be analyzed. It
// wraps ErrLoad.
type LoadError struct {
	// Causes are what a person must see: the go command's own errors (a module the
	// proxy does not serve, a missing go.sum entry, a pattern that matches nothing),
	// each once, or, only when there is none, the syntax and type errors, as
	// "file:line:col: message" where there is a position.
	Causes []string
	// GoCommand reports whether the causes came from the go command, before any
	// package was type-checked: a dependency that cannot be had is reported in
	// seconds, not after minutes of compiling everything else.
	GoCommand bool
}

func (e *LoadError) Error() string {
	return fmt.Sprintf("%v:\n%s", ErrLoad, strings.Join(e.Causes, "\n"))
}

func (e *LoadError) Unwrap() error { return ErrLoad }

// Check loads the packages, without their tests (the analyzers report nothing in
// _test.go files), and runs the analyzers on them. Findings are sorted by file, line,
// column, analyzer and message, with duplicates removed.
func Check(ctx context.Context, cfg Config) ([]Finding, error) {
	if len(cfg.Patterns) == 0 {
		cfg.Patterns = []string{"./..."}
	}
	if cfg.Analyzers == nil {
		cfg.Analyzers = Analyzers
	}
	if cfg.Dir != "" {
		// The go command, started in a directory that does not exist, fails as if it
		// were not installed.
		if fi, err := os.Stat(cfg.Dir); err != nil {
			return nil, err
		} else if !fi.IsDir() {
			return nil, fmt.Errorf("%s is not a directory", cfg.Dir)
		}
	}
	// The go command alone (go list -deps, nothing compiled) runs beside the full
	// load: a module it cannot download, a go.sum without an entry, a pattern that
	// matches nothing are known in seconds, and end the full load, which would
	// compile every dependency that does load first.
	loadCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	type loaded struct {
		pkgs []*packages.Package
		err  error
	}
	full := make(chan loaded, 1)
	go func() {
		pkgs, err := loadSource(loadCtx, cfg, cfg.Patterns)
		full <- loaded{pkgs, err}
	}()
	local, err := goCommandErrors(ctx, cfg)
	if err != nil {
		cancel()
		<-full
		return nil, err
	}
	var l loaded
	if len(local) > 0 {
		// The project's own modules beside the one analyzed (replace … => ../api):
		// loaded from source with it, so that what their functions do (a test of a
		// condition, a setter) reaches the analyzers as facts. Their findings are
		// not asked for, and dropped below; a load that fails with them is done
		// again without them.
		cancel()
		<-full
		l.pkgs, l.err = loadSource(ctx, cfg, append(slices.Clone(cfg.Patterns), slices.Sorted(maps.Keys(local))...))
		if l.err != nil || loadError(l.pkgs) != nil {
			local = nil
			l.pkgs, l.err = loadSource(ctx, cfg, cfg.Patterns)
		}
	} else {
		l = <-full
	}
	pkgs, err := l.pkgs, l.err
	if err != nil {
		return nil, &LoadError{Causes: []string{err.Error()}, GoCommand: true}
	}
	if err := loadError(pkgs); err != nil {
		repaired, ok := withTestFiles(ctx, cfg, pkgs)
		if !ok {
			return nil, err
		}
		pkgs = repaired
	}
	if len(pkgs) == 0 {
		return nil, &LoadError{Causes: []string{"no packages match " + strings.Join(cfg.Patterns, " ")}, GoCommand: true}
	}
	linkRoots(pkgs)
	// watches says which packages hold a controller (see controllerReach).
	analyzers := cfg.Analyzers
	if !slices.Contains(analyzers, watches.Analyzer) {
		analyzers = append(slices.Clone(analyzers), watches.Analyzer)
	}
	// cachedupdate, seeing every package, learns which client parameters all their
	// callers fill with a client without a cache.
	cu := cachedupdate.Analyzer
	if i := slices.Index(analyzers, cachedupdate.Analyzer); i >= 0 && slices.ContainsFunc(pkgs, makesManager) {
		if params := uncachedParams(pkgs); len(params) > 0 {
			cu = cachedupdate.WithCallers(params)
			analyzers = slices.Clone(analyzers)
			analyzers[i] = cu
		}
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	// Each cross-package step only for the analyzer it settles.
	var reached, filtered, uncached map[string]bool
	if slices.Contains(analyzers, cu) {
		reached, uncached = controllerReach(graph), uncachedKinds(pkgs)
	}
	dynamic := interfaceCalled(pkgs)
	dead := deadWatches(graph, pkgs, dynamic)
	orphans := orphanPackages(pkgs)
	unrun := unreached(pkgs, orphans, dynamic)
	scaffold := nilScaffold(pkgs)
	failed := failFree(pkgs)
	if slices.Contains(analyzers, statusupdate.Analyzer) || slices.Contains(analyzers, statustime.Analyzer) {
		filtered = filteredKinds(graph, dead, orphans)
	}
	type key struct {
		analyzer, message string
		pos               token.Position
	}
	seen := map[key]bool{}
	var out []Finding
	var errs []error
	for _, act := range graph.Roots {
		if act.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", act, act.Err))
			continue
		}
		if act.Analyzer == cu && reached != nil && !reached[act.Package.PkgPath] {
			continue // no controller runs this code: a command-line tool's, a test suite's
		}
		if local[act.Package.PkgPath] {
			continue // a module beside the one analyzed, loaded for its facts only
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name != "ignoredirective" && unrun(act.Package, d.Pos) {
				continue // in a function nothing calls: it runs on no pass
			}
			if act.Analyzer.Name != "ignoredirective" && scaffold(act.Package, d.Pos) {
				continue // only when a field the command always wires is nil: on no pass
			}
			if act.Analyzer.Name != "ignoredirective" && failed(act.Package, d.Pos) {
				continue // only when a call that never fails failed: on no pass
			}
			if act.Analyzer == unfilteredfor.Analyzer && dead[d.Pos] {
				continue // the function that wires this watch never runs
			}
			if (act.Analyzer == statusupdate.Analyzer || act.Analyzer == statustime.Analyzer) && filtered[d.Category] {
				continue // every controller of the kind filters update events: no loop
			}
			if act.Analyzer == cu && (uncached[d.Category] || uncached[allKinds]) {
				continue // the manager's client reads the kind from the API server
			}
			f := Finding{Analyzer: act.Analyzer.Name, Pos: fset.Position(d.Pos), Message: d.Message}
			if strings.HasSuffix(f.Pos.Filename, "_test.go") {
				continue // a test file, loaded only to type-check the package (withTestFiles)
			}
			k := key{f.Analyzer, f.Message, f.Pos}
			if seen[k] {
				continue
			}
			seen[k] = true
			if len(d.SuggestedFixes) > 0 {
				sf := d.SuggestedFixes[0]
				fix := &Fix{Message: sf.Message}
				for _, e := range sf.TextEdits {
					start, end := fset.Position(e.Pos), fset.Position(e.Pos)
					if e.End.IsValid() {
						end = fset.Position(e.End)
					}
					fix.Edits = append(fix.Edits, Edit{Filename: start.Filename, Start: start.Offset, End: end.Offset, New: string(e.NewText)})
				}
				f.Fix = fix
			}
			out = append(out, f)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	slices.SortFunc(out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Message, b.Message))
	})
	return out, nil
}

// Fixed is what Fixes produces.
type Fixed struct {
	// Files holds the new contents of every file a fix changed, gofmt-formatted.
	Files map[string][]byte
	// Applied are the findings whose fixes were applied.
	Applied []Finding
	// Left are the findings without a fix, or whose fix overlapped one applied
	// before it (run again to apply those).
	Left []Finding
}

// Fixes applies the suggested fixes of findings to the files on disk, in memory. Edits
// identical across fixes (the same import added by two fixes) are applied once, two
// insertions at the same offset (two new imports) both, in the order of the findings;
// a fix any edit of which overlaps a different edit already taken is left out whole.
func Fixes(findings []Finding) (*Fixed, error) {
	res := &Fixed{Files: map[string][]byte{}}
	taken := map[string][]Edit{}
	for _, f := range findings {
		if f.Fix == nil || !fits(taken, f.Fix.Edits) {
			res.Left = append(res.Left, f)
			continue
		}
		for _, e := range f.Fix.Edits {
			if !slices.Contains(taken[e.Filename], e) {
				taken[e.Filename] = append(taken[e.Filename], e)
			}
		}
		res.Applied = append(res.Applied, f)
	}
	for name, edits := range taken {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(edits, func(a, b Edit) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
		var buf bytes.Buffer
		last := 0
		for _, e := range edits {
			if e.Start < last || e.End > len(src) {
				return nil, fmt.Errorf("%s: edits out of order or range at offset %d", name, e.Start)
			}
			buf.Write(src[last:e.Start])
			buf.WriteString(e.New)
			last = e.End
		}
		buf.Write(src[last:])
		out, err := format.Source(buf.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s: the fixed file does not parse: %v", name, err)
		}
		res.Files[name] = out
	}
	return res, nil
}

// fits reports whether every edit is either already taken or touches nothing taken.
// An insertion may share its offset with another insertion, not with a replacement.
func fits(taken map[string][]Edit, edits []Edit) bool {
	for _, e := range edits {
		for _, t := range taken[e.Filename] {
			if t == e {
				continue
			}
			bothInsert := e.Start == e.End && t.Start == t.End
			if e.Start < t.End && t.Start < e.End || e.Start == t.Start && !bothInsert {
				return false
			}
		}
	}
	return true
}

// controllerReach is the set of the packages analyzed that a manager runs: those that
// hold a controller (watches.Result.Controller) or make a manager (a call of
// controller-runtime's manager.New or ctrl.NewManager: the operator's main, which wires
// its webhooks and runnables too), and every package of the load they import, directly
// or not. A package outside it (a command-line tool, an e2e suite, its test framework)
// runs no reconcile loop, and its client is whatever the tool built (client.New, most
// often), not the manager's: cachedupdate's findings there are dropped. nil when no
// package of the load holds a controller (a library of helpers analyzed alone, whose
// callers are elsewhere): then nothing is dropped.
func controllerReach(graph *checker.Graph) map[string]bool {
	var controllers, others []*packages.Package
	for _, act := range graph.Roots {
		if act.Analyzer != watches.Analyzer || act.Err != nil {
			continue
		}
		if r, ok := act.Result.(*watches.Result); ok && r.Controller {
			controllers = append(controllers, act.Package)
		} else {
			others = append(others, act.Package)
		}
	}
	if len(controllers) == 0 {
		return nil
	}
	roots := controllers
	for _, p := range others {
		if makesManager(p) {
			roots = append(roots, p)
		}
	}
	reached := map[string]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if reached[p.PkgPath] {
			return
		}
		reached[p.PkgPath] = true
		for _, imp := range p.Imports {
			visit(imp)
		}
	}
	for _, p := range roots {
		visit(p)
	}
	return reached
}

// makesManager reports whether p uses controller-runtime's manager.New, or its alias
// ctrl.NewManager.
func makesManager(p *packages.Package) bool {
	if p.TypesInfo == nil {
		return false
	}
	for _, obj := range p.TypesInfo.Uses {
		if obj.Pkg() == nil {
			continue
		}
		switch path := obj.Pkg().Path(); {
		case path == "sigs.k8s.io/controller-runtime/pkg/manager" && obj.Name() == "New",
			path == "sigs.k8s.io/controller-runtime" && obj.Name() == "NewManager":
			return true
		}
	}
	return false
}

// filteredKinds are the kinds (by kubetypes.KindCategory) whose every controller
// among the packages analyzed filters update events (watches.Result.FiltersUpdatesOf's
// test, over all of them): a status write of such a kind reconciles nothing again,
// wherever it is, and a clock stamped into its status (statustime) is no loop's seed.
// statusupdate and statustime check the controllers of the package the write is in;
// a kind written by one package and watched by another is settled here.
func filteredKinds(graph *checker.Graph, dead map[token.Pos]bool, orphans map[*packages.Package]bool) map[string]bool {
	// Its own watches settle a kind; a kind that has none, its secondary ones (an
	// owner's Owns, another controller's Watches). filtered[k] is whether every watch
	// of k seen so far filters.
	own, secondary := map[string]bool{}, map[string]bool{}
	note := func(fs []watches.For, filtered map[string]bool) {
		for _, f := range fs {
			if k := kubetypes.KindCategory(f.Kind); k != "" && !dead[f.Call.Pos()] {
				was, seen := filtered[k]
				filtered[k] = f.Filtered && (was || !seen)
			}
		}
	}
	for _, act := range graph.Roots {
		r, ok := act.Result.(*watches.Result)
		if act.Analyzer != watches.Analyzer || act.Err != nil || !ok || orphans[act.Package] {
			continue // an orphan package's watch starts nothing
		}
		note(slices.Concat(r.Fors, r.Sources, r.Watches), own)
		note(r.Secondary, secondary)
	}
	for k, filtered := range secondary {
		if _, seen := own[k]; !seen {
			own[k] = filtered
		}
	}
	return own
}

// deadWatches are the watches (For, the builder's Watches of the controller's own
// kind, a controller's own source.Kind) wired in a function or method that nothing
// among the packages analyzed refers to, by the positions unfilteredfor reports them
// at and by the start of their calls, when their kind has a watch wired in a
// function something does refer to, and their reconciler is that watch's or is built
// (a composite literal of its type) in such a function: a SetupWithManager left
// behind when its reconciler came to be registered by another function (with the
// builder, or with controller.New and c.Watch, the reconciler handed on as a
// reconcile.Reconciler) starts no controller, and its predicates, or their absence,
// filter nothing. A set-up of a reconciler nothing running builds is kept: it is the
// one the author has yet to call. A method counts as referred to when any package
// calls a method of that name through an interface or a type parameter (a list of
// reconcilers set up in a loop). nil unless a package analyzed makes the manager:
// without it (a controllers package analyzed alone) what calls the set-ups is not in
// view, and every watch stands.
func deadWatches(graph *checker.Graph, pkgs []*packages.Package, dynamic map[string]bool) map[token.Pos]bool {
	if !slices.ContainsFunc(pkgs, makesManager) {
		return nil
	}
	used := map[*types.Func]bool{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, obj := range p.TypesInfo.Uses {
			if fn, ok := obj.(*types.Func); ok {
				used[fn.Origin()] = true
			}
		}
	}
	live := func(fn *types.Func) bool {
		if fn == nil || used[fn] || fn.Name() == "main" || fn.Name() == "init" {
			return true
		}
		sig, _ := fn.Type().(*types.Signature)
		return sig != nil && sig.Recv() != nil && dynamic[fn.Name()]
	}
	// built are the types of the composite literals in functions that run, and in
	// the initializers of package variables.
	built := map[*types.Named]bool{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func); !live(fn) {
						continue
					}
				}
				ast.Inspect(d, func(n ast.Node) bool {
					if lit, ok := n.(*ast.CompositeLit); ok {
						if t := kubetypes.Named(p.TypesInfo.TypeOf(lit)); t != nil {
							built[t] = true
						}
					}
					return true
				})
			}
		}
	}
	var all []watches.For
	for _, act := range graph.Roots {
		if r, ok := act.Result.(*watches.Result); ok && act.Analyzer == watches.Analyzer && act.Err == nil {
			all = append(all, slices.Concat(r.Fors, r.Sources, r.Watches)...)
		}
	}
	// A reconciler and a kind, by their types' names with package paths.
	type wiring struct{ reconciler, kind string }
	running, watched := map[wiring]bool{}, map[string]bool{}
	for _, f := range all {
		if k := kubetypes.KindCategory(f.Kind); k != "" && live(f.In) {
			watched[k] = true
			if r := kubetypes.Named(f.Reconciler); r != nil {
				running[wiring{types.TypeString(r, nil), k}] = true
			}
		}
	}
	var dead map[token.Pos]bool
	for _, f := range all {
		r, k := kubetypes.Named(f.Reconciler), kubetypes.KindCategory(f.Kind)
		if r == nil || k == "" || live(f.In) || !watched[k] || !(running[wiring{types.TypeString(r, nil), k}] || built[r]) {
			continue
		}
		if dead == nil {
			dead = map[token.Pos]bool{}
		}
		dead[f.Call.Pos()], dead[syntax.MethodPos(f.Call)] = true, true
	}
	return dead
}

// uncachedKinds are the kinds (by kubetypes.KindCategory) that a package analyzed
// leaves out of the manager's cache: the elements of a client.CacheOptions' DisableFor
// (ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{DisableFor:
// []client.Object{&v1.Cluster{}}}}}), given in its literal or assigned to it, with
// append or not, or returned as a literal by a function of a package analyzed
// (DisableFor: util.GetUncachedObjects()), or held in a local variable every value of
// which is one of these (disabled := []client.Object{…}; DisableFor: disabled), or of
// manager.Options' ClientDisableCacheFor (controller-runtime before 0.15). The manager's client reads
// those from the API server: an Update of what it read sends a current
// resourceVersion.
func uncachedKinds(pkgs []*packages.Package) map[string]bool {
	// The functions of the packages analyzed, by full name: an import's types come
	// from export data, so its objects are not the ones its own package defines.
	// Indexed only when DisableFor calls one.
	decls := sync.OnceValue(func() map[string]funcDecl {
		out := map[string]funcDecl{}
		for _, p := range pkgs {
			for _, f := range p.Syntax {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && p.TypesInfo != nil {
						if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
							out[fn.FullName()] = funcDecl{fd, p.TypesInfo}
						}
					}
				}
			}
		}
		return out
	})
	cacheOptions := func(t types.Type) bool {
		return kubetypes.IsNamed(t, "sigs.k8s.io/controller-runtime/pkg/client", "CacheOptions")
	}
	out := map[string]bool{}
	var add func(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int)
	add = func(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) {
		if depth > 3 {
			return
		}
		var elems []ast.Expr
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			// disabled := []client.Object{&v1.Ingress{}}; …; ClientDisableCacheFor:
			// disabled: each value of the local variable.
			if v, ok := info.Uses[x].(*types.Var); ok && body != nil {
				for _, val := range valuesIn(info, body, v) {
					if val != nil {
						add(info, body, val, depth+1)
					}
				}
			}
		case *ast.CompositeLit:
			elems = x.Elts
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && len(x.Args) > 0 {
				add(info, body, x.Args[0], depth+1)
				elems = x.Args[1:]
				break
			}
			fn := kubetypes.Callee(info, x)
			if fn == nil {
				return
			}
			d, ok := decls()[fn.FullName()]
			if !ok {
				return
			}
			ast.Inspect(d.fd.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit {
					return false
				}
				if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
					add(d.info, d.fd.Body, ret.Results[0], depth+1)
				}
				return true
			})
		}
		for _, el := range elems {
			if k := kubetypes.KindCategory(info.TypeOf(el)); k != "" {
				out[k] = true
			}
		}
	}
	// A manager whose NewClient drops the cache (options.Cache = nil; return
	// client.New(config, options)) reads every kind from the API server: when every
	// manager.Options literal of the packages analyzed sets one, no kind is cached.
	managers, uncaching := 0, 0
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		info := p.TypesInfo
		for _, f := range p.Syntax {
			addHere := func(e ast.Expr) { add(info, enclosingBody(f, e.Pos()), e, 0) }
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					manager := kubetypes.IsNamed(info.TypeOf(n), "sigs.k8s.io/controller-runtime/pkg/manager", "Options")
					if manager {
						managers++
					}
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						key, _ := kv.Key.(*ast.Ident)
						if key != nil && (key.Name == "DisableFor" && cacheOptions(info.TypeOf(n)) || key.Name == "ClientDisableCacheFor") {
							addHere(kv.Value)
						}
						if manager && key != nil && key.Name == "NewClient" && dropsCache(info, heldLiteral(info, f, kv.Value), decls) {
							uncaching++
						}
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
						if ok && i < len(n.Rhs) && (sel.Sel.Name == "DisableFor" && cacheOptions(info.TypeOf(sel.X)) || sel.Sel.Name == "ClientDisableCacheFor") {
							addHere(n.Rhs[i])
						}
					}
				}
				return true
			})
		}
	}
	if managers > 0 && uncaching == managers {
		out[allKinds] = true
	}
	return out
}

// allKinds, among uncachedKinds, says that the manager's client caches no kind.
const allKinds = "*"

// funcDecl is a function declaration of a package analyzed, with its types.
type funcDecl struct {
	fd   *ast.FuncDecl
	info *types.Info
}

// heldLiteral is the function literal a local variable e holds, when the file assigns
// it once, at its declaration (newClient := func(…) (client.Client, error) { … });
// e itself otherwise.
func heldLiteral(info *types.Info, f *ast.File, e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return e
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return e
	}
	var value ast.Expr
	assigned := 0
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			lid, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || (info.Defs[lid] != v && info.Uses[lid] != v) {
				continue
			}
			assigned++
			if as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
				value = as.Rhs[i]
			}
		}
		return true
	})
	if lit, ok := ast.Unparen(value).(*ast.FuncLit); ok && assigned == 1 {
		return lit
	}
	return e
}

// dropsCache reports whether e, a manager's NewClient, builds a client without the
// cache: a function literal, or a function of a package analyzed, that gives its
// client.Options parameter Cache = nil, or calls client.New with a client.Options
// literal that has no Cache, or with any client.Options of a controller-runtime
// whose client.Options has no Cache field (before 0.15, client.New never read
// through a cache: the manager's cache came in only through the cache parameter of
// NewClient, handed to client.NewDelegatingClient).
func dropsCache(info *types.Info, e ast.Expr, decls func() map[string]funcDecl) bool {
	var body *ast.BlockStmt
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		body = x.Body
	default:
		fn := syntax.FuncValue(info, x)
		if fn == nil {
			return false
		}
		d, ok := decls()[fn.FullName()]
		if !ok {
			return false
		}
		body, info = d.fd.Body, d.info
	}
	options := func(e ast.Expr) bool {
		return kubetypes.IsNamed(info.TypeOf(e), "sigs.k8s.io/controller-runtime/pkg/client", "Options")
	}
	cleared, built := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == "Cache" && options(sel.X) && i < len(n.Rhs) && info.Types[n.Rhs[i]].IsNil() {
					cleared = true
				}
			}
		case *ast.CallExpr:
			if kubetypes.IsFunc(kubetypes.Callee(info, n), kubetypes.ClientPkg, "New") && len(n.Args) == 2 {
				if options(n.Args[1]) {
					if cache, _, _ := types.LookupFieldOrMethod(info.TypeOf(n.Args[1]), false, nil, "Cache"); cache == nil {
						built = true
						return true
					}
				}
				if lit, ok := ast.Unparen(n.Args[1]).(*ast.CompositeLit); ok && options(lit) {
					built = !slices.ContainsFunc(lit.Elts, func(el ast.Expr) bool {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							return false
						}
						key, _ := kv.Key.(*ast.Ident)
						return key != nil && key.Name == "Cache"
					})
				}
			}
		}
		return true
	})
	return cleared || built
}

// linkRoots makes the packages loaded from source each other's imports, and drops the
// rest: without NeedDeps, go/packages gives placeholders for imports (their types
// come from export data), and an analyzer with facts runs on every import it is
// given. Facts so travel between the packages analyzed, the module's own, and
// dependencies outside them carry none: they write no custom resource of the module.
func linkRoots(pkgs []*packages.Package) {
	byID := make(map[string]*packages.Package, len(pkgs))
	for _, p := range pkgs {
		byID[p.ID] = p
	}
	for _, p := range pkgs {
		linked := make(map[string]*packages.Package)
		for path, imp := range p.Imports {
			if root, ok := byID[imp.ID]; ok {
				linked[path] = root
			}
		}
		p.Imports = linked
	}
}

// goCommandErrors runs the go command's part of the load alone (go list -e -deps
// -compiled: cgo run, no Go compiled) and returns its errors as a LoadError, nil
// when there are none.
func goCommandErrors(ctx context.Context, cfg Config) (local map[string]bool, err error) {
	pkgs, err := packages.Load(&packages.Config{
		Context: ctx,
		Dir:     cfg.Dir,
		Env:     cfg.Env,
		// NeedEmbedFiles has the go command match each //go:embed pattern, and say
		// which match nothing; NeedCompiledGoFiles has it run cgo, and say which
		// package's C part does not compile here (a library's header not installed),
		// which the type-checker would only find after every other package, as "could
		// not import C".
		Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles |
			packages.NeedCompiledGoFiles,
	}, cfg.Patterns...)
	if err != nil {
		return nil, &LoadError{Causes: []string{err.Error()}, GoCommand: true}
	}
	if causes := listErrors(pkgs); len(causes) > 0 {
		return nil, &LoadError{Causes: causes, GoCommand: true}
	}
	if len(pkgs) == 0 {
		return nil, &LoadError{Causes: []string{"no packages match " + strings.Join(cfg.Patterns, " ")}, GoCommand: true}
	}
	return localImports(pkgs), nil
}

// localImports are the import paths of the packages that pkgs import, directly or
// not, from a module the main module replaces with a directory of its own (replace
// example.com/op/api => ./api, the API types kept in a module of their own): the
// project's code, which the analyzers need to see as they see the main module's.
// Packages the patterns match are not among them.
func localImports(pkgs []*packages.Package) map[string]bool {
	roots := map[string]bool{}
	for _, p := range pkgs {
		roots[p.PkgPath] = true
	}
	local := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		m := p.Module
		if roots[p.PkgPath] || m == nil || m.Main || m.Replace == nil || m.Replace.Version != "" || len(p.CompiledGoFiles) == 0 {
			return
		}
		local[p.PkgPath] = true
	})
	return local
}

// listErrors are the go command's errors of the packages and their imports, each once
// (see internal/loaderr).
func listErrors(pkgs []*packages.Package) []string {
	root := ""
	for _, p := range pkgs {
		if p.Module != nil && p.Module.Main {
			root = p.Module.Dir
			break
		}
	}
	causes := loaderr.ListErrors(root, loaderr.RequiredModules(root), pkgs)
	lines := make([]string, len(causes))
	for i, e := range causes {
		lines[i] = e.String()
	}
	return lines
}

// loadError is the errors of the full load, nil when there are none. The go command
// found nothing before it (goCommandErrors), so what is left is the code's: its syntax
// and type errors, as go/types reports them (file:line:col: message); the go command's
// own report of the same (the compiler's output for a package it could not build) only
// when there is none.
func loadError(pkgs []*packages.Package) error {
	var code, other []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if e.Kind == packages.TypeError || e.Kind == packages.ParseError {
				code = append(code, e.Error())
			} else {
				other = append(other, e.Error())
			}
		}
	})
	if len(code) == 0 {
		if causes := listErrors(pkgs); len(causes) > 0 {
			return &LoadError{Causes: causes}
		}
		code = other
	}
	if len(code) == 0 {
		return nil
	}
	slices.Sort(code)
	return &LoadError{Causes: slices.Compact(code)}
}

// loadMode is what the analyzers need of the packages the patterns name: their syntax
// and types (dependencies from export data).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule

// loadSource loads the packages patterns name in cfg's directory and environment, in
// loadMode.
func loadSource(ctx context.Context, cfg Config, patterns []string) ([]*packages.Package, error) {
	return packages.Load(&packages.Config{Context: ctx, Dir: cfg.Dir, Env: cfg.Env, Mode: loadMode}, patterns...)
}

// withTestFiles type-checks again, with their test files, the packages of pkgs that
// do not type-check alone, as go vet does (a suite's helpers in a non-test file that
// use what its _test.go files declare: test/e2e/utils.go naming the suite's
// k8sClient): each such package is replaced by its test variant, which holds its
// non-test files too. ok is false, and pkgs unchanged, when anything else fails to
// load or a package's test variant does not type-check either; the caller then
// reports the first load's errors. Findings in the test files are dropped by Check.
func withTestFiles(ctx context.Context, cfg Config, pkgs []*packages.Package) ([]*packages.Package, bool) {
	broken := map[string]int{}
	for i, p := range pkgs {
		if len(p.Errors) == 0 {
			continue
		}
		for _, e := range p.Errors {
			// The type errors, and the go command's report of the compiler's (# path,
			// then the same errors).
			if e.Kind != packages.TypeError && !strings.HasPrefix(e.Msg, "# "+p.PkgPath+"\n") {
				return pkgs, false
			}
		}
		broken[p.PkgPath] = i
	}
	if len(broken) == 0 {
		return pkgs, false
	}
	// Nothing else may fail: a dependency's error is no test file's to mend.
	other := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if _, ok := broken[p.PkgPath]; !ok && len(p.Errors) > 0 {
			other = true
		}
	})
	if other {
		return pkgs, false
	}
	paths := slices.Sorted(maps.Keys(broken))
	tested, err := packages.Load(&packages.Config{
		Context: ctx,
		Dir:     cfg.Dir,
		Env:     cfg.Env,
		Tests:   true,
		Mode:    loadMode,
	}, paths...)
	if err != nil {
		return pkgs, false
	}
	out := slices.Clone(pkgs)
	found := 0
	for _, p := range tested {
		i, ok := broken[p.PkgPath]
		if !ok || p.ID != p.PkgPath+" ["+p.PkgPath+".test]" {
			continue
		}
		clean := true
		packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
			if len(q.Errors) > 0 {
				clean = false
			}
		})
		if !clean {
			return pkgs, false
		}
		out[i] = p
		found++
	}
	if found != len(broken) {
		return pkgs, false // a package without test files of its own: the error is its code's
	}
	return out, true
}
