package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A bool function of the package that finds a condition and tests its status through a
// local: past it, setting the condition to another status moves it.
func isUpgrading(obj *apiv1.Memcached) bool {
	cond := meta.FindStatusCondition(obj.Status.Conditions, "Upgrading")
	return cond != nil && cond.Status == metav1.ConditionTrue
}

func (r *Reconciler) finishUpgrade(ctx context.Context, obj *apiv1.Memcached) error {
	if isUpgrading(obj) {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Upgrading", Status: metav1.ConditionFalse, Reason: "Complete"})
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Set to the status it was found in, the condition may be written unchanged.
func (r *Reconciler) renewUpgrade(ctx context.Context, obj *apiv1.Memcached) error {
	if isUpgrading(obj) {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Upgrading", Status: metav1.ConditionTrue, Reason: "InProgress"})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
