// Package predicates holds an operator's own predicates, used by controllers of other
// packages: what each one filters reaches them as facts.
package predicates

import (
	"reflect"

	apiv1 "example.com/api/v1"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// InNamespace passes the events of one namespace: a filter of one object, which
// cannot tell what an update changed.
func InNamespace(ns string) predicate.Predicate { // want InNamespace:`passes status-only updates`
	return predicate.NewPredicateFuncs(func(o client.Object) bool { return o.GetNamespace() == ns })
}

// Resync drops the periodic resyncs, whose old and new objects are the same: a
// status write changes the resourceVersion, and passes.
type Resync struct {
	predicate.Funcs
}

func (Resync) Update(e event.UpdateEvent) bool { // want Update:`passes status-only updates`
	return e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion()
}

// LabelsChanged passes an update only when the labels changed.
type LabelsChanged struct {
	predicate.Funcs
}

func (LabelsChanged) Update(e event.UpdateEvent) bool {
	return !reflect.DeepEqual(e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels())
}

// Spec returns a predicate that compares the old object with the new one.
func Spec() predicate.Predicate {
	return LabelsChanged{}
}

// Managed passes the objects whose image a provider serves: a filter of one object
// that hands it to a function of this package, which reads its spec only. It cannot
// tell what an update changed.
func Managed(registry string) predicate.Predicate { // want Managed:`passes status-only updates`
	return predicate.NewPredicateFuncs(func(o client.Object) bool {
		return isManaged(o.(*apiv1.Memcached), registry)
	})
}

func isManaged(m *apiv1.Memcached, registry string) bool {
	return hasPrefix(m.Spec.Image, registry)
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// Unfinished passes the objects a function of this package finds not done, by their
// status: the write that finishes one does not come back.
func Unfinished() predicate.Predicate {
	return predicate.NewPredicateFuncs(func(o client.Object) bool {
		return !finished(o.(*apiv1.Memcached))
	})
}

func finished(m *apiv1.Memcached) bool { return doneState(m) }

func doneState(m *apiv1.Memcached) bool { return m.Status.State == "Done" }
