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
