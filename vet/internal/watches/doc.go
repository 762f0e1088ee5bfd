// Package watches defines Analyzer, which finds the controllers a package wires with
// the controller builder (For, and Watches of the same kind in the chain), or without
// it (c.Watch(source.Kind(cache, obj, handler, predicates…)), and before
// controller-runtime 0.18 c.Watch(source.Kind(cache, obj), handler, predicates…) or
// c.Watch(&source.Kind{Type: obj}, handler, predicates…)), with the reconciler
// each is built with, and whether each one filters update events, for the
// analyzers that judge what a status write does to its own controller (unfilteredfor
// reports the unfiltered ones; statustime leaves a kind whose controllers all filter).
//
// When a For counts as filtered, and which predicates count as passing every
// status-only update, is the rule of the unfilteredfor analyzer and is documented
// once, in its doc (vet/unfilteredfor/doc.go, rendered into docs/vet.md). A
// predicate's Update method, or a function returning a predicate, that passes every
// status-only update carries that to other packages as the PassesStatusOnly fact,
// and a method of a project's own controller builder that stores the object a
// filtered For of its type watches carries the WrapsFor fact: a call of it is a
// filtered For of the object's kind.
package watches
