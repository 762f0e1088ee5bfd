package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// passReconciler keeps the object of the pass in a field and its key in another, and
// writes a fresh read of the object in a conflict retry: the conditions are taken on
// the object of the pass, the write sends the fresh read.
type passReconciler struct {
	client.Client
	key  types.NamespacedName
	item *apiv1.Memcached
}

// The state found on the object of the pass is moved on the fresh read: a change.
func (p *passReconciler) start(ctx context.Context) error {
	if p.item.Status.State != "Running" {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := p.Get(ctx, p.key, fresh); err != nil {
				return err
			}
			fresh.Status.State = "Running"
			return p.Status().Update(ctx, fresh)
		})
	}
	return nil
}

// A deep copy of the object of the pass is that object, and a variable of another
// literal is out of scope there: the object of the pass is still the only one.
func (p *passReconciler) startKept(ctx context.Context) error {
	base := p.item.DeepCopy()
	defer func() {
		last := &apiv1.Memcached{}
		_ = p.Get(ctx, p.key, last)
	}()
	if p.item.Status.State != "Running" {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := p.Get(ctx, p.key, fresh); err != nil {
				return err
			}
			fresh.Status.State = "Running"
			return p.Status().Update(ctx, fresh)
		})
	}
	return p.Patch(ctx, p.item, client.MergeFrom(base))
}

// The state found is not the one the fresh read is given: it may already hold it.
func (p *passReconciler) startNot(ctx context.Context) error {
	if p.item.Status.State != "Running" {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := p.Get(ctx, p.key, fresh); err != nil {
				return err
			}
			fresh.Status.State = "Ready"
			return p.Status().Update(ctx, fresh) // want `p.Status\(\).Update writes status with no semantic diff`
		})
	}
	return nil
}

// fail and finish write a fresh read in a retry of their own, with the object of the
// pass in a field of the receiver: the callers' conditions on that field are the
// writes'.
func (p *passReconciler) fail(ctx context.Context, msg string) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &apiv1.Memcached{}
		if err := p.Get(ctx, p.key, fresh); err != nil {
			return err
		}
		fresh.Status.State = "Failed"
		fresh.Status.Message = msg
		return p.Status().Update(ctx, fresh)
	})
}

func (p *passReconciler) finish(ctx context.Context) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &apiv1.Memcached{}
		if err := p.Get(ctx, p.key, fresh); err != nil {
			return err
		}
		fresh.Status.State = "Complete"
		return p.Status().Update(ctx, fresh) // want `p.Status\(\).Update writes status with no semantic diff`
	})
}

// run leaves unless the object of the pass is Running: past that, fail moves it to
// Failed. finish is called here too, but also from idle, where nothing was found.
func (p *passReconciler) run(ctx context.Context, work func() error) error {
	if p.item.Status.State != "Running" {
		return nil
	}
	if err := work(); err != nil {
		p.fail(ctx, err.Error())
		return err
	}
	return p.finish(ctx)
}

func (p *passReconciler) idle(ctx context.Context) error {
	return p.finish(ctx)
}

// The key names the object read again: the condition on it is the write's, whatever
// other object of the kind is around.
func (r *Reconciler) promote(ctx context.Context, parent, child *apiv1.Memcached) error {
	if parent.Status.State == "Ready" {
		return nil
	}
	if child.Status.State != "Ready" {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := r.Get(ctx, client.ObjectKeyFromObject(child), fresh); err != nil {
				return err
			}
			fresh.Status.State = "Ready"
			return r.Status().Update(ctx, fresh)
		})
	}
	return nil
}

// Two objects of the kind and a key that names neither: the condition may be on the
// other one.
func (r *Reconciler) promoteEither(ctx context.Context, key types.NamespacedName, parent, child *apiv1.Memcached) error {
	if child.Status.State != "Ready" && parent != nil {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := r.Get(ctx, key, fresh); err != nil {
				return err
			}
			fresh.Status.State = "Ready"
			return r.Status().Update(ctx, fresh) // want `r.Status\(\).Update writes status with no semantic diff`
		})
	}
	return nil
}

// The key names the other object: the condition is not on the one read again.
func (r *Reconciler) promoteOther(ctx context.Context, parent, child *apiv1.Memcached) error {
	if child.Status.State != "Ready" {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			fresh := &apiv1.Memcached{}
			if err := r.Get(ctx, types.NamespacedName{Namespace: parent.Namespace, Name: parent.Name}, fresh); err != nil {
				return err
			}
			fresh.Status.State = "Ready"
			return r.Status().Update(ctx, fresh) // want `r.Status\(\).Update writes status with no semantic diff`
		})
	}
	return nil
}
