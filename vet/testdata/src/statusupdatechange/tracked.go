package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A bool local assigned again (found, then cleared when the child is missing) is
// followed from assignment to assignment: an exit on it and a final state, then a
// branch on it alone, leaves that branch only with the state not final. The writes
// are in helpers, each called once, judged from their caller's entry (rule 7).

func isFinal(state string) bool { return state == "Done" || state == "Failed" }

// expire handles an object whose work is over (it hands the object on: the exit
// does something, so it is no mere "stop here" that rule 9 would take for a guard).
func (r *Reconciler) expire(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Delete(ctx, obj)
}

// Not reported: past the exit, where the child is missing the state is not final,
// and the branch moves it to Failed.
func (r *Reconciler) childGone(ctx context.Context, obj *apiv1.Memcached) error {
	exists := true
	var pod corev1.Pod
	if err := r.Get(ctx, client.ObjectKey{Name: obj.Name}, &pod); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		exists = false
	}
	if !exists && isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	if !exists {
		return r.failChild(ctx, obj)
	}
	return nil
}

// Assigned again between the exit and the branch: what the exit found of it is past.
func (r *Reconciler) childGoneAgain(ctx context.Context, obj *apiv1.Memcached, recheck func() bool) error {
	exists := true
	var pod corev1.Pod
	if err := r.Get(ctx, client.ObjectKey{Name: obj.Name}, &pod); err != nil {
		exists = false
	}
	if !exists && isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	exists = recheck()
	if !exists {
		return r.failChildAgain(ctx, obj)
	}
	return nil
}

// Set to a constant between them: known, the branch is taken whatever the state.
func (r *Reconciler) childGoneForced(ctx context.Context, obj *apiv1.Memcached) error {
	exists := true
	if obj.Spec.Size == 0 {
		exists = false
	}
	if !exists && isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	exists = false
	if !exists {
		return r.failChildForced(ctx, obj)
	}
	return nil
}

// Assigned in a loop past the exit: unknown at the loop's start, and after it.
func (r *Reconciler) childGoneLoop(ctx context.Context, obj *apiv1.Memcached, pods []corev1.Pod) error {
	exists := len(pods) > 0
	if len(pods) == 0 {
		exists = false
	}
	if !exists && isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	for range pods {
		if !exists {
			return r.failChildLoop(ctx, obj)
		}
		exists = false
	}
	return nil
}

func (r *Reconciler) failChild(ctx context.Context, obj *apiv1.Memcached) error { // want failChild:"fills State"
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) failChildAgain(ctx context.Context, obj *apiv1.Memcached) error { // want failChildAgain:"fills State"
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) failChildForced(ctx context.Context, obj *apiv1.Memcached) error { // want failChildForced:"fills State"
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) failChildLoop(ctx context.Context, obj *apiv1.Memcached) error { // want failChildLoop:"fills State"
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Not reported: past the caller's exit the state is neither Done nor Failed; the
// helper fails it in a conflict retry that reads the object again into the same
// variable. The read refreshes the resourceVersion; what the pass found stored stands.
func (r *Reconciler) runStep(ctx context.Context, obj *apiv1.Memcached) error {
	if isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	return r.failStepRetried(ctx, obj)
}

func (r *Reconciler) failStepRetried(ctx context.Context, obj *apiv1.Memcached) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			return err
		}
		obj.Status.State = "Failed"
		return r.Status().Update(ctx, obj)
	})
}

// A read outside a conflict retry may find any status: the caller's exit says
// nothing of what it reads.
func (r *Reconciler) runStepRead(ctx context.Context, obj *apiv1.Memcached) error {
	if isFinal(obj.Status.State) {
		return r.expire(ctx, obj)
	}
	return r.failStepRead(ctx, obj)
}

func (r *Reconciler) failStepRead(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The exit lets Failed through: the retried write may send it again.
func (r *Reconciler) runStepFailed(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Done" {
		return r.expire(ctx, obj)
	}
	return r.failStepRetriedAgain(ctx, obj)
}

func (r *Reconciler) failStepRetriedAgain(ctx context.Context, obj *apiv1.Memcached) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			return err
		}
		obj.Status.State = "Failed"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	})
}
