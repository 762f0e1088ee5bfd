package statustime

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// FakeClient is a client of the package's own, a test double kept beside the code:
// its Get answers with an object whose status it fills, a time among it. No pass
// writes that.
type FakeClient struct {
	client.Client
	stale bool
}

func (f *FakeClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	m, ok := obj.(*apiv1.Memcached)
	if !ok {
		return nil
	}
	if f.stale {
		f.fillStale(m)
		return nil
	}
	m.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	return nil
}

func (f *FakeClient) fillStale(m *apiv1.Memcached) {
	then := metav1.NewTime(time.Now().Add(-time.Hour))
	m.Status.LastReconcileTime = &then
}

func (f *FakeClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	if l, ok := list.(*apiv1.MemcachedList); ok {
		for i := range l.Items {
			l.Items[i].Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
		}
	}
	return nil
}

// A method of another name, which a pass may call, is in the loop.
func (f *FakeClient) Touch(m *apiv1.Memcached) {
	m.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status`
}
