// Package statustimecli is a command, no controller: marking an object's status at
// start-up is no reconcile loop.
package statustimecli

import (
	"time"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func markFailed(obj *apiv1.Memcached) {
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
}
