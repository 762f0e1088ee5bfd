package statustime

import (
	"context"

	apiv1 "example.com/api/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A branch on a child's state that deletes the child runs once for it: the next pass
// finds it gone. A time stamped there records that event.
func restartExited(ctx context.Context, c client.Client, obj *apiv1.Memcached, pod *corev1.Pod) error {
	switch pod.Status.Phase {
	case "Succeeded":
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now
		if err := c.Delete(ctx, pod); err != nil {
			return err
		}
	case "Running":
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
	}
	if pod.Status.Phase == "Failed" {
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
		_ = c.Delete(ctx, pod)
	}
	return nil
}

// A delete of something the condition does not test consumes nothing it tested.
func restartOther(ctx context.Context, c client.Client, obj *apiv1.Memcached, pod, other *corev1.Pod) {
	if pod.Status.Phase == "Succeeded" {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
		c.Delete(ctx, other)
	}
}
