package statustime

import (
	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A body that runs while a status field is empty and fills it runs once: the times it
// stamps are stamped once, whichever field they go to.

func initialize(obj *apiv1.Memcached) {
	if len(obj.Status.Conditions) == 0 {
		awake := metav1.Now()
		obj.Status = apiv1.MemcachedStatus{
			Conditions:        []metav1.Condition{{Type: "Ready", Status: metav1.ConditionUnknown}},
			LastReconcileTime: &awake,
		}
	}
}

func startDrain(obj *apiv1.Memcached, players int) {
	if obj.Status.StartTime == nil {
		if players == 0 {
			return
		}
		start := metav1.Now()
		obj.Status.StartTime = &start
		obj.Status.LastReconcileTime = &start
	}
}

func markFirstCondition(obj *apiv1.Memcached) {
	if obj.Status.Conditions == nil || len(obj.Status.Conditions) == 0 {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse})
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now
	}
}

// A body that does not fill what it tested, fills it only in a branch, or empties it,
// comes back on the next pass.
func initializeNot(obj *apiv1.Memcached) {
	if len(obj.Status.Conditions) == 0 {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
	}
	if obj.Status.StartTime == nil {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
		if obj.Status.State == "Running" {
			obj.Status.StartTime = &now
		}
	}
	if len(obj.Status.Nodes) == 0 {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
		obj.Status.Nodes = []string{}
	}
	// Found empty either way, filled one way only: with a start and no nodes the body
	// runs on every pass.
	if obj.Status.StartTime == nil || len(obj.Status.Nodes) == 0 {
		now := metav1.Now()
		obj.Status.StartTime = &now
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
	}
}

// len(f) < 1 is the same test of emptiness.
func firstNode(obj *apiv1.Memcached, node string) {
	if len(obj.Status.Nodes) < 1 {
		now := metav1.Now()
		obj.Status.Nodes = []string{node}
		obj.Status.LastReconcileTime = &now
	}
}

// The statement that stamps fills the field found empty itself, deep in the body: the
// stamp goes with the fill, once (a state set from empty with its transition time).
func activate(obj *apiv1.Memcached, ready bool) {
	if obj.Status.State == "" {
		if ready {
			obj.Status = apiv1.MemcachedStatus{State: "Active", LastReconcileTime: &metav1.Time{Time: metav1.Now().Time}}
		}
	}
}

// Deep in the body, a stamp of its own beside the fill: the fill may not come with it.
func activateApart(obj *apiv1.Memcached, ready bool) {
	if obj.Status.State == "" {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
		if ready {
			obj.Status.State = "Active"
		}
	}
}
