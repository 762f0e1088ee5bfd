package requeuenotime

import (
	ctrl "sigs.k8s.io/controller-runtime"
)

func wait() (ctrl.Result, error) {
	return ctrl.Result{Requeue: true}, nil // want `Requeue is deprecated: .*use RequeueAfter: 1m30s`
}
