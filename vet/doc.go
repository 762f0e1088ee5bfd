// Package vet finds, in hand-written controller-runtime operators, the code that leads
// to the two incidents opgen exists to prevent — 409 Conflict storms and
// update–watch–update loops — with go/analysis analyzers that run from `opgen vet`,
// from `go vet -vettool=$(which opgen-vet)` and from golangci-lint.
//
// Analyzers is the list, in the order docs/vet.md explains their findings: one
// package per analyzer under vet/, each with its rule and the incident behind it in
// its package doc:
//
//   - statusupdate: a status write (Status().Update/Patch/Apply) no semantic diff guards;
//   - cachedupdate: Update of a custom resource read from the informer cache;
//   - statustime: the current time written into status;
//   - unfilteredfor: a watch of a kind with a status subresource (For, source.Kind, a
//     Watches of the controller's own kind) that passes its status-only updates;
//   - generationfilter: a generation predicate on kinds without a generation, or global;
//   - deepequal: reflect.DeepEqual on API objects (fix, opt-in: equality.Semantic.DeepEqual);
//   - requeue: Requeue: true (fix: dropped beside a RequeueAfter), a short constant
//     RequeueAfter, RequeueAfter returned with an error;
//   - workers: MaxConcurrentReconciles above a threshold;
//   - ignoredirective: malformed //opguard:ignore directives.
//
// # Silencing a finding
//
// A finding is silenced, with a reason that stays in the code, by a directive on its
// line or alone on the line above:
//
//	//opguard:ignore <analyzer>[,<analyzer>…] <reason>
//
// The reason is required: a directive without one silences nothing, and
// ignoredirective reports it, as it reports unknown analyzer names. There is no way to
// silence a whole file or package: generated code is checked like any other (opgen's
// own output passes with no directive at all).
//
// Test files (_test.go) are not checked: tests write status, update cached objects and
// requeue fast on purpose to stage what they test, and the incidents happen in the
// running operator.
//
// # Driver
//
// Check loads the packages with go/packages (dependencies from export data, as the
// compiler would use them, so only the packages named are parsed and type-checked)
// and, beside that load, runs the go command's part of it alone (go list -deps,
// nothing compiled), so that a dependency the module proxy does not serve, a go.sum
// without an entry, a //go:embed pattern that matches no file or a pattern that
// matches nothing fails in seconds, with the go command's own message, as a
// LoadError, and stops the full load. A package that type-checks only with its own
// test files (a suite's helpers in a non-test file naming what its _test.go files
// declare) is loaded again with them, as go vet loads it, and checked in that form;
// what the analyzers report in its test files is dropped. The packages the named
// ones import from a module the main module replaces with a directory (replace
// example.com/op/api => ./api: the project's own API module) are loaded from source
// with them, so that facts reach the analyzers from them too, and what is reported
// in them is dropped; a load that fails with them is done again without. It reports
// the packages' other syntax and type errors as a LoadError, or runs the analyzers with
// go/analysis/checker. Seeing every package
// at once, it then settles what one package cannot see of another: it drops
// cachedupdate's findings in packages that neither hold a controller, nor make a
// manager, nor are imported by one that does (a command-line tool, an e2e suite), and
// of kinds the manager's cache options leave out (DisableFor, or every kind when each
// manager's NewClient builds its client without the cache), statusupdate's of
// kinds every controller of which, in any package, filters update events, and
// unfilteredfor's watches wired in a function nothing calls, of a kind and a
// reconciler a running set-up wires (a SetupWithManager left behind when that set-up
// took over); each analyzer's package doc says so. It reports nothing, of any analyzer
// but ignoredirective, in an unexported function or method that no code of its package
// runs: one nothing refers to but functions that are themselves unreached, or code
// that follows a return, a goto, a break, a continue or a panic in its statement list
// (a reference there counts for nothing; unreached.go says exactly which); nor in a package that no package imports, when a main package
// among them makes the manager, itself or through a package it imports (a
// controller whose import the command dropped, a
// template kept in docs/ to be copied): no command of the module builds it, and its
// watches count for no kind. With that main in view, it reports nothing either in the
// methods of an idle reconciler — one that no running code hands to an interface that
// could run it, nor calls a method of (a reconciler left behind when its successor took
// over: the command builds the new one, nothing calls the old one's SetupWithManager)
// — nor in the helpers only those methods reach; nor in a method's branch that runs
// only when a field of its receiver is nil, when every value of the receiver's type
// the packages make is given something there that cannot be nil and nothing sets it
// to anything else (if r.Deps.Dispatcher != nil { return r.dispatch(…) }, main
// always wiring a dispatcher: the scaffold the reconciler keeps for tests;
// scaffold.go says exactly which); nor in a branch taken only when a call failed
// whose function, of the packages, returns a nil error at every return (if err :=
// r.dispatch(obj); err != nil { record the failure; write }, dispatch starting a
// goroutine and answering nil: neverfails.go says exactly which). It tells cachedupdate which client parameters every call among
// the packages hands a client without a cache (callers.go), so that a field filled
// only from them is not taken for the manager's. Fixes applies suggested fixes in memory, and FixSelection says which: a fix that can change what the program does
// (Fixers) only when its analyzer is named. Both are pure: opgen vet's command writes
// the files, and turns a LoadError into exit status 2 (and, with -json, a JSON error
// object).
package vet
