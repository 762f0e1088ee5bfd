package statusupdatechange

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	podutil "k8s.io/kubernetes/pkg/api/v1/pod"
)

// PodCondition records a condition on the pods it schedules with the kubernetes
// helper that answers whether the condition changed.
type PodCondition struct {
	*Reconciler
}

// Not reported: UpdatePodCondition is true only when the condition changed.
func (r *PodCondition) mark(ctx context.Context, pod *corev1.Pod) error {
	cond := &corev1.PodCondition{Type: "Bound", Status: "True"}
	if podutil.UpdatePodCondition(&pod.Status, cond) {
		return r.Status().Update(ctx, pod)
	}
	return nil
}

// Reported: its answer dropped, the write is sent whatever it found.
func (r *PodCondition) always(ctx context.Context, pod *corev1.Pod) error {
	cond := &corev1.PodCondition{Type: "Bound", Status: "True"}
	podutil.UpdatePodCondition(&pod.Status, cond)
	return r.Status().Update(ctx, pod) // want `r.Status\(\).Update writes status with no semantic diff`
}
