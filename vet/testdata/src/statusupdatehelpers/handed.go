package statusupdatehelpers

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/mcstatus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A write in a literal handed to a helper that runs it only past a condition on the
// status it is handed is guarded there; one handed to a helper that runs it always,
// or keeps it, is not.
func (r *Reconciler) syncCondition(ctx context.Context, obj *apiv1.Memcached, cond metav1.Condition) error {
	if err := mcstatus.UpdateStatus(&obj.Status, cond, func() error { return r.Status().Update(ctx, obj) }); err != nil {
		return err
	}
	if err := mcstatus.Always(&obj.Status, cond, func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}); err != nil {
		return err
	}
	later := mcstatus.Later(&obj.Status, func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	})
	if later != nil {
		return later()
	}
	return nil
}

// A literal held in a variable that the function uses once more, as the argument,
// counts as handed; one it also calls itself does not.
func (r *Reconciler) syncHeld(ctx context.Context, obj *apiv1.Memcached, cond metav1.Condition) error {
	update := func() error { return r.Status().Update(ctx, obj) }
	if err := mcstatus.UpdateStatus(&obj.Status, cond, update); err != nil {
		return err
	}
	again := func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	if err := mcstatus.UpdateStatus(&obj.Status, cond, again); err != nil {
		return err
	}
	return again()
}
