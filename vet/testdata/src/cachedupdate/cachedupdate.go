package cachedupdate

import (
	"context"
	"fmt"
	"time"

	apiv1 "example.com/api/v1"
	"example.com/common"
	"example.com/kubeutil"
	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(obj, "example.com/cleanup")
	if err := r.Update(ctx, obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\): .*409 Conflict`
		return ctrl.Result{}, err
	}
	// Re-fetching reads the same cache.
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	copied := obj.DeepCopy()
	_ = r.Client.Update(ctx, copied) // want `r.Client.Update of \*v1.Memcached read from the informer cache`

	// A patch sends no resourceVersion.
	base := obj.DeepCopy()
	obj.Spec.Size = 3
	_ = r.Patch(ctx, obj, client.MergeFrom(base))

	// Built-in kinds are not reported.
	var dep appsv1.Deployment
	_ = r.Get(ctx, req.NamespacedName, &dep)
	_ = r.Update(ctx, &dep)

	// A fresh object is not from the cache.
	fresh := &apiv1.Memcached{}
	fresh.Name = req.Name
	_ = r.Update(ctx, fresh)

	// The API reader reads from the server.
	var live apiv1.Memcached
	_ = r.APIReader.Get(ctx, req.NamespacedName, &live)
	_ = r.Update(ctx, &live)
	return ctrl.Result{}, nil
}

func (r *Reconciler) listed(ctx context.Context, c client.Client) {
	var list apiv1.MemcachedList
	_ = c.List(ctx, &list)
	for _, item := range list.Items {
		_ = c.Update(ctx, &item) // want `c.Update of \*v1.Memcached read from the informer cache \(c.List\)`
	}
	for i := range list.Items {
		it := &list.Items[i]
		_ = c.SubResource("status").Update(ctx, it) // want `c.SubResource\("status"\).Update of \*v1.Memcached`
	}
	//opguard:ignore cachedupdate the object is a singleton no one else writes
	_ = c.Update(ctx, &list.Items[0])
}

// An object handed in is not known to come from the cache.
func (r *Reconciler) param(ctx context.Context, obj *apiv1.Memcached) error { // want param:`refreshes \[1\]`
	return r.Update(ctx, obj)
}

// Helpers: the Update is in another function, of this package or another.
func (r *Reconciler) helpers(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	copied := obj.DeepCopy()
	copied.Status.Nodes = nil
	if err := common.UpdateStatus(ctx, r.Client, copied); err != nil { // want `common.UpdateStatus sends copied, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update: `
		return err
	}
	if err := common.EnsureFinalizer(ctx, r.Client, obj, "example.com/cleanup"); err != nil { // want `common.EnsureFinalizer sends obj, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update`
		return err
	}
	if err := r.finalize(ctx, obj); err != nil { // want `r.finalize sends obj, a \*v1.Memcached`
		return err
	}
	if err := common.Refresh(ctx, r.Client, obj); err != nil { // want `common.Refresh sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	return common.PatchStatus(ctx, r.Client, obj, client.MergeFrom(obj.DeepCopy()))
}

func (r *Reconciler) finalize(ctx context.Context, obj *apiv1.Memcached) error {
	if controllerutil.RemoveFinalizer(obj, "example.com/cleanup") {
		return r.Update(ctx, obj)
	}
	return nil
}

// retry.RetryOnConflict answers the 409: the closure's reads and writes are not
// reported.
func (r *Reconciler) retried(ctx context.Context, req ctrl.Request) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
			return err
		}
		obj.Spec.Size++
		if err := r.finalize(ctx, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj)
	})
}

// A client made with client.New reads from the API server, as e2e helpers and tools
// build it; so does one kept in a package variable.
func uncachedClients(ctx context.Context, key client.ObjectKey) error {
	c, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return err
	}
	if err := c.Update(ctx, &obj); err != nil {
		return err
	}
	if err := e2eClient.Get(ctx, key, &obj); err != nil {
		return err
	}
	return e2eClient.Update(ctx, &obj)
}

var e2eClient client.Client

func setup() (err error) {
	e2eClient, err = client.New(nil, client.Options{})
	return err
}

// A client a factory returns is not known to be cached.
type factory interface {
	Client() (client.Client, error)
}

func fromFactory(ctx context.Context, f factory, key client.ObjectKey) error {
	kb, err := f.Client()
	if err != nil {
		return err
	}
	var obj apiv1.Memcached
	if err := kb.Get(ctx, key, &obj); err != nil {
		return err
	}
	return kb.Update(ctx, &obj)
}

// A parameter every caller fills with a client.New client reads the API server; one
// a caller fills with the manager's client does not.
func setDefault(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Spec.Size = 1
	return c.Update(ctx, &obj)
}

func setDefaultMixed(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return err
	}
	return c.Update(ctx, &obj) // want `c.Update of \*v1.Memcached read from the informer cache \(c.Get\)`
}

func (r *Reconciler) start(ctx context.Context, mgr ctrl.Manager, key client.ObjectKey) error {
	direct, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	if err := setDefault(ctx, direct, key); err != nil {
		return err
	}
	if err := setDefaultMixed(ctx, direct, key); err != nil {
		return err
	}
	return setDefaultMixed(ctx, mgr.GetClient(), key)
}

// A poll that reads again and retries on a conflict handles the 409; one that does
// not ask is no retry.
func polled(ctx context.Context, c client.Client, key client.ObjectKey) error {
	if err := wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		var obj apiv1.Memcached
		if err := c.Get(ctx, key, &obj); err != nil {
			return false, err
		}
		if err := c.Update(ctx, &obj); err != nil {
			if apierrors.IsConflict(err) {
				return false, nil
			}
			return false, err
		}
		return true, nil
	}); err != nil {
		return err
	}
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		var obj apiv1.Memcached
		if err := c.Get(ctx, key, &obj); err != nil {
			return false, err
		}
		return true, c.Update(ctx, &obj) // want `c.Update of \*v1.Memcached read from the informer cache`
	})
}

// A write tried once more by hand after a conflict, with the object read again first:
// the second try sends what it just read, as a conflict retry's attempt does. The
// first try still sends the cached object.
func (r *Reconciler) retriedOnce(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	obj.Spec.Size++
	err := r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	if err == nil {
		return nil
	}
	if !apierrors.IsConflict(err) {
		return err
	}
	fresh := &apiv1.Memcached{}
	if err := r.Get(ctx, key, fresh); err != nil {
		return err
	}
	fresh.Spec.Size++
	return r.Update(ctx, fresh)
}

func (r *Reconciler) retriedOnceBranch(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	err := r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	if apierrors.IsConflict(err) {
		fresh := &apiv1.Memcached{}
		if err := r.Get(ctx, key, fresh); err != nil {
			return err
		}
		return r.Update(ctx, fresh)
	}
	return err
}

// An object read before the conflict was seen, or the same object sent again, is no
// fresher on the second try.
func (r *Reconciler) retriedOnceStale(ctx context.Context, key client.ObjectKey) error {
	obj, fresh := &apiv1.Memcached{}, &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	if err := r.Get(ctx, key, fresh); err != nil {
		return err
	}
	err := r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	if !apierrors.IsConflict(err) {
		return err
	}
	return r.Update(ctx, fresh) // want `r.Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) retriedOnceSame(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	err := r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	if apierrors.IsConflict(err) {
		return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	}
	return err
}

// A poll that, after a failed write, reads the object again and ends the attempt not
// done and without an error polls again with what it read: a retry by another name.
// One that returns the error instead stops at the first failure.
func (r *Reconciler) polledReadAfter(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		obj.Spec.Size++
		if err := r.Update(ctx, obj); err == nil {
			return true, nil
		}
		if err := r.Get(ctx, key, obj); err != nil {
			return false, err
		}
		return false, nil
	})
}

func (r *Reconciler) polledReadAfterStops(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		if err := r.Update(ctx, obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
			_ = r.Get(ctx, key, obj)
			return false, err
		}
		return true, nil
	})
}

// After a write the server answered, the object holds the server's answer and its new
// resourceVersion, not the cached copy: the next Update of it sends that one.
func (r *Reconciler) afterOwnWrite(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.Patch(ctx, obj, client.MergeFrom(obj.DeepCopy())); err != nil {
		return err
	}
	obj.Status.State = "Ready"
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	err := r.Update(ctx, obj)
	if err != nil {
		return err
	}
	if err := r.Status().Update(ctx, obj); err == nil {
		_ = r.Update(ctx, obj)
	}
	return nil
}

// An earlier write whose answer is not looked at (_ = r.Patch(…)) gave the object the
// server's version, or failed: then it is itself the write to fix, and those after
// it, sending the same version, are not reported again. Read from the cache again
// since, the object is the cache's copy again.
func (r *Reconciler) notAfterOwnWrite(ctx context.Context, req ctrl.Request, now bool) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	_ = r.Patch(ctx, obj, client.MergeFrom(obj.DeepCopy()))
	if now {
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if err := r.Update(ctx, obj); err != nil {
		return err
	}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// Helpers of another package that read through the client handed in: judged here,
// by the client this call hands them.
func (r *Reconciler) handsClient(ctx context.Context, key client.ObjectKey) error {
	uncached, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	if err := kubeutil.Resize(ctx, r.Client, key, 3); err != nil { // want `kubeutil.Resize reads an object through the client handed in, here the manager's`
		return err
	}
	if err := kubeutil.Resize(ctx, uncached, key, 3); err != nil {
		return err
	}
	m, err := kubeutil.Fetch(ctx, r.Client, key)
	if err != nil {
		return err
	}
	_ = r.Update(ctx, m) // want `r.Update of \*v1.Memcached read from the informer cache \(kubeutil.Fetch\)`
	m2, err := kubeutil.Fetch(ctx, uncached, key)
	if err != nil {
		return err
	}
	return r.Update(ctx, m2)
}

// retryOnConflict is a package's own wrapper of client-go's retry: a literal handed
// to it runs as retry.OnError runs it.
func retryOnConflict(fn func() error) error {
	return retry.OnError(retry.DefaultRetry, apierrors.IsConflict, fn)
}

// backoffOnConflict is a wrapper built on wait: its own literal asks about the
// conflict and runs fn again, whatever fn asks.
func backoffOnConflict(fn func() error) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) {
		err := fn()
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
}

func (r *Reconciler) backedOff(ctx context.Context, key client.ObjectKey) error {
	if err := backoffOnConflict(func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		obj.Spec.Size = 3
		return r.Update(ctx, &obj)
	}); err != nil {
		return err
	}
	var outside apiv1.Memcached
	if err := r.Get(ctx, key, &outside); err != nil {
		return err
	}
	return backoffOnConflict(func() error {
		return r.Update(ctx, &outside) // want `r.Update of \*v1.Memcached read from the informer cache`
	})
}

// retryOnError retries the errors its caller's predicate picks; backoffConflicts,
// declared after its caller, hands it errors.IsConflict: a conflict retry.
func retryConflicts(fn func() error) error {
	return retryOnError(wait.Backoff{Steps: 5}, fn, apierrors.IsConflict)
}

func retryOnError(b wait.Backoff, fn func() error, retriable func(error) bool) error {
	return wait.ExponentialBackoff(b, func() (bool, error) {
		err := fn()
		switch {
		case err == nil:
			return true, nil
		case retriable(err):
			return false, nil
		default:
			return false, err
		}
	})
}

func (r *Reconciler) predicateRetry(ctx context.Context, key client.ObjectKey) error {
	// The literal, held in a variable and handed on once, reads again on a conflict.
	var obj apiv1.Memcached
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
	update := func() error {
		obj.Spec.Size = 4
		err := r.Update(ctx, &obj)
		if apierrors.IsConflict(err) {
			if err := r.Get(ctx, key, &obj); err != nil {
				return err
			}
		}
		return err
	}
	if err := retryConflicts(update); err != nil {
		return err
	}
	if err := retryOnError(wait.Backoff{Steps: 2}, func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj)
	}, apierrors.IsConflict); err != nil {
		return err
	}
	// Retried on another error than a conflict: a 409 is not answered by a read.
	return retryOnError(wait.Backoff{Steps: 2}, func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	}, apierrors.IsNotFound)
}

// A literal held in a variable used twice is not known to run in place.
func (r *Reconciler) heldTwice(ctx context.Context, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
	update := func() error {
		err := r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
		if apierrors.IsConflict(err) {
			if err := r.Get(ctx, key, &obj); err != nil {
				return err
			}
		}
		return err
	}
	if err := retryConflicts(update); err != nil {
		return err
	}
	return update()
}

// runTwice hands its func on to no retry: it is no wrapper.
func runTwice(fn func() error) error {
	if err := fn(); err != nil {
		return fn()
	}
	return nil
}

func (r *Reconciler) wrappedRetry(ctx context.Context, key client.ObjectKey) error {
	// Read again on every attempt, inside the wrapper: answered like the retry's own.
	if err := retryOnConflict(func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		obj.Spec.Size = 2
		return r.Update(ctx, &obj)
	}); err != nil {
		return err
	}
	// The wrapper resends what was read outside it: the same stale resourceVersion.
	var outside apiv1.Memcached
	if err := r.Get(ctx, key, &outside); err != nil {
		return err
	}
	if err := retryOnConflict(func() error {
		return r.Update(ctx, &outside) // want `r.Update of \*v1.Memcached read from the informer cache`
	}); err != nil {
		return err
	}
	// Not a wrapper: the read inside is the cache's on each run.
	return runTwice(func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	})
}

// A status writer held in a variable of the reconcile and called before the Update:
// once it returned nil, the object holds the server's answer to its checked write.
func (r *Reconciler) afterSaveStatus(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	save := func() error {
		obj.Status.State = "Ready"
		if err := r.Status().Patch(ctx, obj, client.MergeFrom(obj.DeepCopy())); err != nil {
			return err
		}
		return nil
	}
	if err := save(); err != nil {
		return err
	}
	return r.Update(ctx, obj)
}

// A writer that may return before its write, or whose error is not checked: the
// object may still be the cached copy.
func (r *Reconciler) notAfterSaveStatus(ctx context.Context, req ctrl.Request, skip bool) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	maybe := func() error {
		if skip {
			return nil
		}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	if err := maybe(); err != nil {
		return err
	}
	return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) saveUnchecked(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	save := func() error {
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
		return nil
	}
	_ = save()
	return r.Update(ctx, obj)
}

// readInto reads obj again, into the pointer it is handed.
func (r *Reconciler) readInto(ctx context.Context, obj *apiv1.Memcached) error { // want readInto:`cached results \[\] fills \[1\]`
	return r.Get(ctx, client.ObjectKeyFromObject(obj), obj)
}

// describe reads nothing into it.
func (r *Reconciler) describe(ctx context.Context, obj *apiv1.Memcached) error {
	_ = obj.Name
	return nil
}

// A conflict retry that reads the object again through a function filling the pointer
// it is handed answers the 409 like one that calls Get itself.
func (r *Reconciler) retryThroughGetter(ctx context.Context, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.readInto(ctx, &obj); err != nil {
			return err
		}
		obj.Spec.Size = 5
		return r.Update(ctx, &obj)
	}); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.describe(ctx, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	})
}

// statusOnce reads the object itself and sends it; it is called only inside conflict
// retries, so each attempt reads it again.
func (r *Reconciler) statusOnce(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	obj.Status.State = "Ready"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) retriedOneUp(ctx context.Context, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.statusOnce(ctx, key)
	})
}

// statusTwice is called inside a retry and outside one: the call outside sends the
// cached copy once, with no retry.
func (r *Reconciler) statusTwice(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) callsTwice(ctx context.Context, key client.ObjectKey) error {
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.statusTwice(ctx, key)
	}); err != nil {
		return err
	}
	return r.statusTwice(ctx, key)
}

// A helper that sends the object whole, called after a checked write of it: the object
// holds the server's answer, not the cached copy, whether the helper is this
// package's or another's.
func (r *Reconciler) helperAfterWrite(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	obj.Status.State = "Validating"
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return err
	}
	if err := r.finalize(ctx, obj); err != nil {
		return err
	}
	return common.EnsureFinalizer(ctx, r.Client, obj, "example.com/cleanup")
}

// The same helpers after an earlier write whose answer is not looked at: that write
// is the one reported; the helpers send what it decoded.
func (r *Reconciler) helperAfterUncheckedWrite(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	_ = r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	if err := r.finalize(ctx, obj); err != nil {
		return err
	}
	return common.EnsureFinalizer(ctx, r.Client, obj, "example.com/cleanup")
}

// A conflict retry written as a loop: each attempt reads the object again, into itself
// or into a copy whose resourceVersion it is given, and a 409 goes round again.
func (r *Reconciler) loopRetry(ctx context.Context, req ctrl.Request, obj *apiv1.Memcached) error {
	for attempt := 0; attempt < 3; attempt++ {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return err
		}
		latest.Status.State = "Ready"
		if err := r.Status().Update(ctx, latest); err != nil {
			if apierrors.IsConflict(err) {
				continue
			}
			return err
		}
		return nil
	}
	for attempt := 0; attempt < 3; attempt++ {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return err
		}
		obj.ResourceVersion = latest.ResourceVersion
		if err := r.Status().Update(ctx, obj); err == nil || !apierrors.IsConflict(err) {
			return err
		}
	}
	return nil
}

// A loop that asks nothing of a 409, or asks but reads nothing again, sends the
// cached resourceVersion on every attempt.
func (r *Reconciler) loopNotRetry(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if err := r.Update(ctx, obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
			if apierrors.IsConflict(err) {
				continue
			}
			return err
		}
	}
	for _, name := range []string{"a", "b"} {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKey{Name: name}, latest); err != nil {
			return err
		}
		if err := r.Update(ctx, latest); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
			return err
		}
	}
	return nil
}

// A function of the package that writes the object it is handed and returns the
// write's error: a caller that checks that error holds the server's answer.
func (r *Reconciler) markReady(ctx context.Context, obj *apiv1.Memcached) error { // want markReady:`refreshes \[1\]`
	obj.Status.State = "Ready"
	return r.Status().Update(ctx, obj)
}

// One that checks its write and may fail before it: a failure is an error the caller
// stops on, so a nil error still means the write was answered.
func (r *Reconciler) ensureLabel(ctx context.Context, obj *apiv1.Memcached) error { // want ensureLabel:`refreshes \[1\]`
	if obj.Name == "" {
		return fmt.Errorf("no name")
	}
	if obj.Labels == nil {
		obj.Labels = map[string]string{}
	}
	obj.Labels["example.com/owned"] = "true"
	if err := r.Update(ctx, obj); err != nil {
		return fmt.Errorf("label %s: %w", obj.Name, err)
	}
	return nil
}

// The failure tested in parentheses is a failure all the same (code not run through
// gofmt, which would drop them: this file keeps them on purpose).
func (r *Reconciler) ensureAnnotation(ctx context.Context, obj *apiv1.Memcached) error { // want ensureAnnotation:`refreshes \[1\]`
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &apiv1.Memcached{}); (err != nil) {
		return err
	}
	obj.Annotations = map[string]string{"example.com/seen": "true"}
	return r.Update(ctx, obj)
}

// One that returns its write's error through a variable.
func (r *Reconciler) ensureOwner(ctx context.Context, obj *apiv1.Memcached) error { // want ensureOwner:`refreshes \[1\]`
	if obj.Namespace == "" {
		return fmt.Errorf("no namespace")
	}
	obj.Labels = nil
	err := r.Update(ctx, obj)
	return err
}

// saveRetried writes the object it is handed in a conflict retry that reads it again
// first, and returns the retry's error: nil only after a write succeeded.
func (r *Reconciler) saveRetried(ctx context.Context, obj *apiv1.Memcached, state string) error { // want saveRetried:`refreshes \[1\]`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			return err
		}
		obj.Status.State = state
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
		return nil
	})
}

// saveRetriedLoose returns nil from its retry without writing, on one path.
func (r *Reconciler) saveRetriedLoose(ctx context.Context, obj *apiv1.Memcached, state string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if obj.Status.State == state {
			return nil
		}
		obj.Status.State = state
		return r.Status().Update(ctx, obj)
	})
}

func (r *Reconciler) afterSaveRetried(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.saveRetried(ctx, obj, "Processing"); err != nil {
		return err
	}
	if err := r.Update(ctx, obj); err != nil {
		return err
	}
	other := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, other); err != nil {
		return err
	}
	if err := r.saveRetriedLoose(ctx, other, "Processing"); err != nil { // want `r.saveRetriedLoose sends other, a \*v1.Memcached read from the informer cache`
		return err
	}
	return r.Update(ctx, other) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// ensureOwnerLater does as much, but assigns its error again before returning it.
func (r *Reconciler) ensureOwnerLater(ctx context.Context, obj *apiv1.Memcached) error {
	err := r.Update(ctx, obj)
	err = nil
	return err
}

func (r *Reconciler) afterOwner(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.ensureOwner(ctx, obj); err != nil { // want `r.ensureOwner sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	// A write in the branch where the helper failed sends what the cache gave: a
	// failed write decodes nothing into the object.
	fresh := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, fresh); err != nil {
		return err
	}
	err := r.ensureOwner(ctx, fresh) // want `r.ensureOwner sends fresh, a \*v1.Memcached read from the informer cache`
	if err != nil {
		fresh.Status.State = "Failed"
		return r.Status().Update(ctx, fresh) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}

func (r *Reconciler) afterWritingHelpers(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.markReady(ctx, obj); err != nil { // want `r.markReady sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	controllerutil.AddFinalizer(obj, "example.com/cleanup")
	err := r.ensureLabel(ctx, obj)
	if err != nil {
		return err
	}
	// A helper of another package, through its fact.
	if err := common.UpdateStatus(ctx, r.Client, obj); err != nil {
		return err
	}
	return r.Update(ctx, obj)
}

// A helper that may return nil without writing, one that writes a copy of what it
// is handed, and a call whose error is not checked refresh nothing.
func (r *Reconciler) markReadyOnce(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Ready" {
		return nil
	}
	obj.Status.State = "Ready"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) writeCopy(ctx context.Context, obj *apiv1.Memcached) error {
	obj = obj.DeepCopy()
	return r.Update(ctx, obj)
}

func (r *Reconciler) writeUnlessGone(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &apiv1.Memcached{}); err != nil {
		return client.IgnoreNotFound(err)
	}
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) notAfterWritingHelpers(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.markReadyOnce(ctx, obj); err != nil { // want `r.markReadyOnce sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := r.Update(ctx, obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		return err
	}
	return nil
}

func (r *Reconciler) notAfterCopyOrUnchecked(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.writeCopy(ctx, obj); err != nil { // want `r.writeCopy sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := r.writeUnlessGone(ctx, obj); err != nil { // want `r.writeUnlessGone sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	_ = r.markReady(ctx, obj) // want `r.markReady sends obj, a \*v1.Memcached read from the informer cache`
	return r.Update(ctx, obj)
}

// A struct whose client field the package fills only with client.New (its
// constructor builds a client of its own) reads from the API server; one the package
// also fills with the manager's client may read the cache.
type statusUpdater struct {
	direct client.Client // want direct:`new client field`
}

func newStatusUpdater() (statusUpdater, error) {
	k, err := client.New(nil, client.Options{})
	if err != nil {
		return statusUpdater{}, err
	}
	return statusUpdater{k}, nil
}

func (s statusUpdater) complete(ctx context.Context, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := s.direct.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.State = "Done"
	return s.direct.Status().Update(ctx, &obj)
}

type mixedUpdater struct {
	c client.Client
}

func newMixed(mgr ctrl.Manager, direct bool) (*mixedUpdater, error) {
	if !direct {
		return &mixedUpdater{c: mgr.GetClient()}, nil
	}
	m := &mixedUpdater{}
	var err error
	m.c, err = client.New(nil, client.Options{})
	return m, err
}

func (m *mixedUpdater) complete(ctx context.Context, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := m.c.Get(ctx, key, &obj); err != nil {
		return err
	}
	return m.c.Status().Update(ctx, &obj) // want `m.c.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

// A write on the branch where the read failed sends nothing the cache gave: the
// object is the zero value, or what the branch set.
func (r *Reconciler) onNotFound(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); apierrors.IsNotFound(err) {
		obj.Name = req.Name
		return r.Update(ctx, &obj)
	}
	var other apiv1.Memcached
	err := r.Get(ctx, req.NamespacedName, &other)
	if err != nil {
		return r.Status().Update(ctx, &other)
	}
	// A getter that failed returned what its read did not fill.
	got, err := r.getMemcached(ctx, req)
	if err != nil {
		if got != nil {
			return r.Update(ctx, got)
		}
		return err
	}
	return r.Update(ctx, got) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// Past the failed branch, or on a branch of another error: the read filled it.
func (r *Reconciler) onNotFoundNot(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); apierrors.IsNotFound(err) {
		return nil
	}
	if err := r.List(ctx, &apiv1.MemcachedList{}); err != nil {
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	}
	return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// controllerutil.CreateOrUpdate of a custom resource through the manager's client reads
// it from the cache and sends it whole with Update; through a client.New client, in a
// conflict retry, with CreateOrPatch, or of a built-in kind, it is not reported.
func (r *Reconciler) createOrUpdate(ctx context.Context, child *apiv1.Memcached, dep *appsv1.Deployment) error {
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, child, func() error { // want `controllerutil.CreateOrUpdate sends child, a \*v1.Memcached read from the informer cache`
		child.Spec.Size = 3
		return nil
	}); err != nil {
		return err
	}
	direct, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	if _, err := controllerutil.CreateOrUpdate(ctx, direct, child, func() error { return nil }); err != nil {
		return err
	}
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := controllerutil.CreateOrUpdate(ctx, r.Client, child, func() error { return nil })
		return err
	}); err != nil {
		return err
	}
	if _, err := controllerutil.CreateOrPatch(ctx, r.Client, child, func() error { return nil }); err != nil {
		return err
	}
	_, err = controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error { return nil })
	return err
}

// The same through controller-runtime's alias.
func (r *Reconciler) createOrUpdateAlias(ctx context.Context, child *apiv1.Memcached) error {
	_, err := ctrl.CreateOrUpdate(ctx, r.Client, child, func() error { return nil }) // want `ctrl.CreateOrUpdate sends child, a \*v1.Memcached read from the informer cache`
	return err
}

// A kind declared without a status subresource: Status().Update fails with 404 before
// any resourceVersion is compared; a plain Update of it sends the cached one.
func (r *Reconciler) note(ctx context.Context, req ctrl.Request) error {
	var n apiv1.Note
	if err := r.Get(ctx, req.NamespacedName, &n); err != nil {
		return err
	}
	if n.Status.Message == "" {
		return r.Status().Update(ctx, &n)
	}
	return r.Update(ctx, &n) // want `r.Update of \*v1.Note read from the informer cache`
}
