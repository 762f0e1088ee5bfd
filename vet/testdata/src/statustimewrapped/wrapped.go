// Package statustimewrapped is a controller wired through the project's own builder
// (example.com/ctrlbuild): its For filters update events, so a heartbeat written into
// status reconciles nothing again; a kind wired through a builder that passes every
// update is judged as before.
package statustimewrapped

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	"example.com/ctrlbuild"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	var other apiv1.Watched
	other.Status.LastSync = time.Now().String() // want `time.Now\(\) written into status \(other.Status.LastSync\)`
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := ctrlbuild.Build(mgr).For(&apiv1.Memcached{}).Complete(r); err != nil {
		return err
	}
	return ctrlbuild.BuildPlain(mgr).For(&apiv1.Watched{}).Complete(r)
}
