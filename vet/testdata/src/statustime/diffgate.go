package statustime

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type gateWriter struct{ c client.Client }

// A status write behind a diff, written out field by field, that leaves the time's
// field out: the time goes out only along with another change.
func (g *gateWriter) syncGated(ctx context.Context, obj *apiv1.Memcached, ready bool) error {
	orig := obj.DeepCopy()
	if ready {
		obj.Status.Sync = apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "True"}
	} else {
		obj.Status.Sync = apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "False"}
	}
	obj.Status.Sync.LastTransitionTime = metav1.Now()
	if obj.Status.State != orig.Status.State || obj.Status.Sync.Status != orig.Status.Sync.Status ||
		!equality.Semantic.DeepEqual(obj.Status.Nodes, orig.Status.Nodes) {
		return g.c.Status().Update(ctx, obj)
	}
	return nil
}

// A status rebuilt whole, its time in a nested literal the diff leaves out.
func (g *gateWriter) syncGatedReset(ctx context.Context, obj *apiv1.Memcached, failed bool) error {
	orig := obj.DeepCopy()
	if failed {
		obj.Status = apiv1.MemcachedStatus{
			State: "Failed",
			Sync:  apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "False"},
		}
	}
	if obj.Status.State != orig.Status.State || obj.Status.Sync.Status != orig.Status.Sync.Status {
		return g.c.Status().Update(ctx, obj)
	}
	return nil
}

// The same diff as an early return on sameness.
func (g *gateWriter) syncGatedEarly(ctx context.Context, obj *apiv1.Memcached) error {
	orig := obj.DeepCopy()
	obj.Status.Sync = apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "True"}
	if obj.Status.State == orig.Status.State && obj.Status.Sync.Status == orig.Status.Sync.Status {
		return nil
	}
	return g.c.Status().Update(ctx, obj)
}

// A diff that reads the time's field, or the whole status, finds the new time a
// difference on every pass.
func (g *gateWriter) syncGatedOnTime(ctx context.Context, obj *apiv1.Memcached) error {
	orig := obj.DeepCopy()
	obj.Status.Sync = apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "True"} // want `metav1.Now\(\) written into status`
	if obj.Status.State != orig.Status.State || obj.Status.Sync != orig.Status.Sync {
		return g.c.Status().Update(ctx, obj)
	}
	return nil
}

func (g *gateWriter) syncGatedWhole(ctx context.Context, obj *apiv1.Memcached) error {
	orig := obj.DeepCopy()
	obj.Status.Sync.LastTransitionTime = metav1.Now() // want `metav1.Now\(\) written into status`
	if obj.Status.State != orig.Status.State {
		return g.c.Status().Update(ctx, obj)
	}
	if !equality.Semantic.DeepEqual(obj.Status, orig.Status) {
		return g.c.Status().Update(ctx, obj)
	}
	return nil
}

// A write that no diff gates sends the time on every pass.
func (g *gateWriter) syncUngated(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.Sync = apiv1.SyncStatus{LastTransitionTime: metav1.Now(), Status: "True"} // want `metav1.Now\(\) written into status`
	return g.c.Status().Update(ctx, obj)
}
