// Package state collects the status a reconcile pass observes and hands back the
// object to write only when that status differs from the one read: callers write
// the object it returns only when it is not nil.
package state

import (
	"reflect"

	apiv1 "example.com/api/v1"
)

type State struct {
	obj    apiv1.Memcached
	status apiv1.MemcachedStatus
	events []string
}

func New(obj apiv1.Memcached) *State { return &State{obj: obj, status: obj.Status} }

func (s *State) Observe(nodes []string) { s.status.Nodes = nodes }

// Apply returns the object with the observed status, or nil when nothing changed.
func (s *State) Apply() ([]string, *apiv1.Memcached) {
	if reflect.DeepEqual(s.obj.Status, s.status) {
		return s.events, nil
	}
	s.obj.Status = s.status
	return s.events, &s.obj
}

// Always returns the object whatever changed: its nil is an error, not a diff.
func (s *State) Always() (*apiv1.Memcached, error) {
	if s.obj.Name == "" {
		return nil, nil
	}
	s.obj.Status = s.status
	return &s.obj, nil
}

// Inconsistent compares two statuses field by field, and leaves LastReconcileTime
// out: a write it gates happens only when something else changed.
func Inconsistent(old, new apiv1.MemcachedStatus) bool {
	if old.ObservedGeneration != new.ObservedGeneration {
		return true
	}
	return !reflect.DeepEqual(old.Nodes, new.Nodes) || !reflect.DeepEqual(old.Conditions, new.Conditions)
}
