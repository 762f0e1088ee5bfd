package statustime

import (
	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A body that runs while a status field holds something and empties it runs once for
// what it held: a time stamped there marks the end of it.

func finishRun(obj *apiv1.Memcached, running bool) {
	if obj.Status.Secret != nil && !running {
		obj.Status.Secret = nil
		done := metav1.Now()
		obj.Status.LastReconcileTime = &done
	}
}

func drainNodes(obj *apiv1.Memcached) {
	if len(obj.Status.Nodes) > 0 {
		obj.Status.Nodes = nil
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	}
}

// A body that leaves the field as it found it, or empties it only in a branch, comes
// back on the next pass.
func finishRunNot(obj *apiv1.Memcached, running bool) {
	if obj.Status.Secret != nil && !running {
		done := metav1.Now()
		obj.Status.LastReconcileTime = &done // want `metav1.Now\(\) through done written into status \(obj.Status.LastReconcileTime\)`
	}
	if obj.Status.Message != "" {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
		if running {
			obj.Status.Message = ""
		}
	}
}
