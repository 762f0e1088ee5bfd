package naive

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// Reconciler is a naive Cache reconciler.
type Reconciler struct {
	client.Client
	// Patch writes with a merge patch instead of an update.
	Patch bool
}

// Reconcile writes status, whether or not anything changed.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj stormv1.Cache
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := obj.DeepCopy()
	now := metav1.Now()
	obj.Status.Phase = "Running"
	obj.Status.LastReconcileTime = &now
	obj.Status.ObservedGeneration = obj.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("%d nodes", obj.Spec.Size), ObservedGeneration: obj.Generation,
	})
	var err error
	if r.Patch {
		err = r.Status().Patch(ctx, &obj, client.MergeFrom(orig))
	} else {
		err = r.Status().Update(ctx, &obj)
	}
	return ctrl.Result{}, err
}

// SetupWithManager watches every change of the kind.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&stormv1.Cache{}).Named("cache").Complete(r)
}
