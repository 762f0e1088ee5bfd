package statustime

import (
	"time"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func writes(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
	t := metav1.Now() // not status
	_ = t
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status \(obj.Status.LastReconcileTime\): .*update-watch-update loop`
	obj.Status.LastSync = time.Now().Format(time.RFC3339)         // want `time.Now\(\) written into status \(obj.Status.LastSync\)`
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		LastTransitionTime: metav1.NewTime(time.Now()), // want `time.Now\(\) written into status \(obj.Status.Conditions\)`
	})
	obj.Status.Conditions[0].LastTransitionTime = metav1.Now()                                             // want `metav1.Now\(\) written into status \(obj.Status.Conditions\[0\].LastTransitionTime\)`
	obj.Status = apiv1.MemcachedStatus{LastSync: time.Now().String()}                                      // want `time.Now\(\) written into status \(obj.Status\)`
	_ = &apiv1.Memcached{Status: apiv1.MemcachedStatus{LastReconcileTime: &metav1.Time{Time: time.Now()}}} // want `time.Now\(\) written into status \(Status\)`
	obj.Status.LastSync = func() string { return time.Now().String() }()                                   // function literals are not entered
	//opguard:ignore statustime the field is +opguard:volatile and the writer leaves it out of the diff
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
}

func fine(obj *apiv1.Memcached) apiv1.MemcachedStatus {
	// SetStatusCondition keeps lastTransitionTime unless the status changed.
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", LastTransitionTime: metav1.Now()})
	// A status returned to a diff-gated writer.
	status := apiv1.MemcachedStatus{LastReconcileTime: &metav1.Time{Time: time.Now()}}
	obj.Spec.Image = time.Now().String()
	start := time.Now()
	obj.Status.ObservedGeneration = int64(time.Since(start))
	return status
}
