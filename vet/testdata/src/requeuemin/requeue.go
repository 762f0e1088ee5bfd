// Package requeuemin is checked with -requeue.min=90s.
package requeuemin

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

func wait() (ctrl.Result, error) {
	if time.Now().IsZero() {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `RequeueAfter of 1m0s is below 1m30s`
	}
	return ctrl.Result{Requeue: true}, nil // want `Requeue is deprecated: .*use RequeueAfter, with a delay of 1m30s or more`
}
