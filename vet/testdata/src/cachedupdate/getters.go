package cachedupdate

import (
	"context"

	"example.com/admission"
	apiv1 "example.com/api/v1"
	"example.com/common"
	"example.com/kubeutil"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// getMemcached reads the object through the manager's client and returns it: what
// its callers hold came from the cache.
func (r *Reconciler) getMemcached(ctx context.Context, req ctrl.Request) (*apiv1.Memcached, error) { // want getMemcached:`cached results \[0\]`
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return nil, err
	}
	return &obj, nil
}

// latest hands on what another getter returns.
func (r *Reconciler) latest(ctx context.Context, req ctrl.Request) (*apiv1.Memcached, error) { // want latest:`cached results \[0\]`
	return r.getMemcached(ctx, req)
}

// fetchInto fills the object it is handed from the cache: an out-parameter getter.
func (r *Reconciler) fetchInto(ctx context.Context, key client.ObjectKey, out *apiv1.Memcached) error { // want fetchInto:`cached results \[\] fills \[2\]`
	return r.Get(ctx, key, out)
}

// fetchVia hands its out-parameter on to another.
func (r *Reconciler) fetchVia(ctx context.Context, out *apiv1.Memcached, key client.ObjectKey) error { // want fetchVia:`cached results \[\] fills \[1\]`
	return r.fetchInto(ctx, key, out)
}

// fetchLive fills it from the API server: no cache.
func (r *Reconciler) fetchLive(ctx context.Context, key client.ObjectKey, out *apiv1.Memcached) error {
	return r.APIReader.Get(ctx, key, out)
}

func (r *Reconciler) fromOutParams(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.fetchInto(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if err := r.Update(ctx, &obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.fetchInto\)`
		return err
	}
	other := &apiv1.Memcached{}
	if err := r.fetchVia(ctx, other, req.NamespacedName); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, other); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache \(r.fetchVia\)`
		return err
	}
	var live apiv1.Memcached
	if err := r.fetchLive(ctx, req.NamespacedName, &live); err != nil {
		return err
	}
	return r.Update(ctx, &live)
}

// live reads from the API server: no cache.
func (r *Reconciler) live(ctx context.Context, req ctrl.Request) (*apiv1.Memcached, error) {
	obj := &apiv1.Memcached{}
	if err := r.APIReader.Get(ctx, req.NamespacedName, obj); err != nil {
		return nil, err
	}
	return obj, nil
}

func (r *Reconciler) fromGetters(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	obj.Status.Nodes = []string{"a"}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache \(r.getMemcached\)`
		return err
	}
	again, err := r.latest(ctx, req)
	if err != nil {
		return err
	}
	if err := r.Update(ctx, again); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.latest\)`
		return err
	}
	shared, err := common.Fetch(ctx, r.Client, client.ObjectKeyFromObject(obj))
	if err != nil {
		return err
	}
	if err := r.Update(ctx, shared); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(common.Fetch\)`
		return err
	}
	fresh, err := r.live(ctx, req)
	if err != nil {
		return err
	}
	return r.Update(ctx, fresh)
}

// statusParams hands a helper of this package the object in a field.
type statusParams struct {
	obj    *apiv1.Memcached
	reason string
}

func (r *Reconciler) writeStatus(ctx context.Context, p statusParams) error {
	p.obj.Status.Nodes = []string{p.reason}
	return r.Status().Update(ctx, p.obj)
}

func (r *Reconciler) inFields(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	if err := r.writeStatus(ctx, statusParams{obj: obj, reason: "ready"}); err != nil { // want `r.writeStatus sends obj, a \*v1.Memcached read from the informer cache \(r.getMemcached\), whole with Update`
		return err
	}
	if err := common.UpdateWith(ctx, common.Params{Object: obj, Client: r.Client}); err != nil { // want `common.UpdateWith sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	params := &common.Params{Object: obj, Client: r.Client}
	if err := common.StatusWith(ctx, params); err != nil { // want `common.StatusWith sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	// A fresh object in the field is not from the cache.
	return common.UpdateWith(ctx, common.Params{Object: &apiv1.Memcached{}, Client: r.Client})
}

// A helper that Updates the object only when its caller switches it on.
func (r *Reconciler) switched(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	if err := admission.Default(ctx, admission.Params{Object: obj, Client: r.Client}); err != nil {
		return err
	}
	return admission.Default(ctx, admission.Params{Object: obj, Client: r.Client, Apply: true}) // want `admission.Default sends obj, a \*v1.Memcached read from the informer cache`
}

// A retry that sends again the object it was given resends the same stale
// resourceVersion: without a read in it, it is no retry of the read.
func (r *Reconciler) retriedStale(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	if err := r.addFinalizer(ctx, obj); err != nil { // want `r.addFinalizer sends obj, a \*v1.Memcached read from the informer cache`
		return err
	}
	again, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		controllerutil.AddFinalizer(again, "example.com/cleanup")
		return r.Update(ctx, again) // want `r.Update of \*v1.Memcached read from the informer cache \(r.getMemcached\)`
	})
}

// addFinalizer's retry resends what it was given; a success still leaves the
// server's answer in obj.
func (r *Reconciler) addFinalizer(ctx context.Context, obj *apiv1.Memcached) error { // want addFinalizer:`refreshes \[1\]`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		controllerutil.AddFinalizer(obj, "example.com/cleanup")
		return r.Update(ctx, obj)
	})
}

// A helper called through a package variable that holds it (a seam for tests) is
// followed like a call of it.
var funcSave = save

func save(ctx context.Context, c client.Client, obj *apiv1.Memcached) error { // want save:`refreshes \[2\]`
	return c.Update(ctx, obj)
}

func (r *Reconciler) throughSeam(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	return funcSave(ctx, r.Client, obj) // want `funcSave sends obj, a \*v1.Memcached read from the informer cache`
}

// A writer stored in a field (a seam for tests) is followed like a call of it.
type seamed struct {
	client.Client
	updateStatus func(ctx context.Context, obj *apiv1.Memcached) error
}

func newSeamed(c client.Client) *seamed {
	s := &seamed{Client: c}
	s.updateStatus = s.writeStatus
	return s
}

func (s *seamed) writeStatus(ctx context.Context, obj *apiv1.Memcached) error { // want writeStatus:`refreshes \[1\]`
	return s.Status().Update(ctx, obj)
}

func (s *seamed) reconcile(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := s.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	return s.updateStatus(ctx, obj) // want `s.updateStatus sends obj, a \*v1.Memcached read from the informer cache \(s.Get\)`
}

// A retry that reads the object again through a getter, in a variable of its own,
// and sends a copy of what it read: each attempt sends a fresh resourceVersion.
func (r *Reconciler) retriedThroughGetter(ctx context.Context, req ctrl.Request) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		current, err := r.getMemcached(ctx, req)
		if err != nil {
			return err
		}
		next := current.DeepCopy()
		next.Status.Nodes = []string{"a"}
		if err := r.Status().Update(ctx, next); err != nil {
			return err
		}
		var again = next
		return r.addFinalizer(ctx, again)
	})
}

// A retry that reads again but sends a copy of the object from before it: the copy
// carries the first read's resourceVersion on every attempt.
func (r *Reconciler) retriedCopyOfStale(ctx context.Context, req ctrl.Request) error {
	obj, err := r.getMemcached(ctx, req)
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if _, err := r.getMemcached(ctx, req); err != nil {
			return err
		}
		next := obj.DeepCopy()
		next.Status.Nodes = []string{"a"}
		return r.Status().Update(ctx, next) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache \(r.getMemcached\)`
	})
}

// clusterScope holds the object one method reads and another sends: a wrapper's field.
type clusterScope struct {
	r       *Reconciler
	cluster *apiv1.Memcached
	fresh   *apiv1.Memcached
}

func (s *clusterScope) load(ctx context.Context, key client.ObjectKey) error {
	s.cluster = &apiv1.Memcached{}
	if err := s.r.Get(ctx, key, s.cluster); err != nil {
		return err
	}
	s.fresh = &apiv1.Memcached{}
	return s.r.APIReader.Get(ctx, key, s.fresh)
}

func (s *clusterScope) save(ctx context.Context) error {
	s.cluster.Status.Nodes = []string{"a"}
	if err := s.r.Status().Update(ctx, s.cluster); err != nil { // want `s.r.Status\(\).Update of \*v1.Memcached read from the informer cache \(s.r.Get\)`
		return err
	}
	return s.r.Update(ctx, s.fresh)
}

// reload reads the field again from the API server before it sends it.
func (s *clusterScope) reload(ctx context.Context, key client.ObjectKey) error {
	if err := s.r.APIReader.Get(ctx, key, s.cluster); err != nil {
		return err
	}
	return s.r.Update(ctx, s.cluster)
}

// replace sends a freshly built object that carries the cached object's
// resourceVersion: a hand-rolled create-or-update.
func (r *Reconciler) replace(ctx context.Context, key client.ObjectKey, desired *apiv1.Memcached) error { // want replace:`refreshes \[2\]`
	current := &apiv1.Memcached{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired.ResourceVersion = current.ResourceVersion
	if err := r.Update(ctx, desired); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\)`
		return err
	}
	next := &apiv1.Memcached{}
	next.SetResourceVersion(current.GetResourceVersion())
	if err := r.Update(ctx, next); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\)`
		return err
	}
	live := &apiv1.Memcached{}
	if err := r.APIReader.Get(ctx, key, live); err != nil {
		return err
	}
	other := &apiv1.Memcached{}
	other.ResourceVersion = live.ResourceVersion
	return r.Update(ctx, other)
}

// firstLive sends an object read from the API server, and reads it again from the
// cache only to answer a conflict: which read the Update sends depends on the path,
// and the first is the server's.
func (r *Reconciler) firstLive(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	if err := r.APIReader.Get(ctx, key, obj); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		err := r.Update(ctx, obj)
		if err == nil || !isConflict(err) {
			return err
		}
		if err := r.Get(ctx, key, obj); err != nil {
			return err
		}
	}
	return nil
}

func isConflict(err error) bool { return err != nil }

// memcachedWrapper holds the object and hands it out, as a thin wrapper with helper
// methods does.
type memcachedWrapper struct {
	*apiv1.Memcached
}

func (w *memcachedWrapper) Unwrap() *apiv1.Memcached { return w.Memcached }

func (r *Reconciler) throughWrapper(ctx context.Context, key client.ObjectKey) error {
	w := &memcachedWrapper{Memcached: &apiv1.Memcached{}}
	if err := r.Get(ctx, key, w.Unwrap()); err != nil {
		return err
	}
	w.Status.State = "Ready"
	if err := r.Status().Update(ctx, w.Unwrap()); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache \(r.Get\)`
		return err
	}
	live := &memcachedWrapper{Memcached: &apiv1.Memcached{}}
	if err := r.APIReader.Get(ctx, key, live.Unwrap()); err != nil {
		return err
	}
	return r.Update(ctx, live.Unwrap())
}

// liveElement sends an element of a list read from the API server; the cache is read
// into it only to answer a conflict.
func (r *Reconciler) liveElement(ctx context.Context) error {
	var list apiv1.MemcachedList
	if err := r.APIReader.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		item := &list.Items[i]
		if err := r.Status().Update(ctx, item); err != nil && isConflict(err) {
			if err := r.Get(ctx, client.ObjectKeyFromObject(item), item); err != nil {
				return err
			}
		}
	}
	return nil
}

// replaceRetried does as replace, in a conflict retry whose literal reads the object
// again and gives the built one its resourceVersion: each attempt sends the version
// it has just read. One that gives it the version of an object read outside the
// literal resends the same one.
func (r *Reconciler) replaceRetried(ctx context.Context, key client.ObjectKey, desired *apiv1.Memcached) error { // want replaceRetried:`refreshes \[2\]`
	existing := &apiv1.Memcached{}
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, key, existing); err != nil {
			return err
		}
		desired.ResourceVersion = existing.ResourceVersion
		return r.Update(ctx, desired)
	}); err != nil {
		return err
	}
	outside := &apiv1.Memcached{}
	if err := r.Get(ctx, key, outside); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		desired.ResourceVersion = outside.ResourceVersion
		return r.Update(ctx, desired) // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\)`
	})
}

// A command's run: the getter's receiver is a literal built with client.New's client,
// so what it fills came from the API server; one built with the manager's client
// filled it from the cache.
func commandRun(ctx context.Context, key client.ObjectKey) error {
	direct, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	return runWith(ctx, direct, key)
}

func runWith(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := (&Reconciler{Client: c}).fetchInto(ctx, key, &obj); err != nil {
		return err
	}
	if err := c.Status().Update(ctx, &obj); err != nil {
		return err
	}
	loader := &kubeutil.Loader{Client: c}
	var other apiv1.Memcached
	if err := loader.Load(ctx, key, &other); err != nil {
		return err
	}
	return c.Status().Update(ctx, &other)
}

func managerRun(ctx context.Context, mgr ctrl.Manager, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := (&Reconciler{Client: mgr.GetClient()}).fetchInto(ctx, key, &obj); err != nil {
		return err
	}
	if err := mgr.GetClient().Status().Update(ctx, &obj); err != nil { // want `Update of \*v1.Memcached read from the informer cache`
		return err
	}
	loader := &kubeutil.Loader{Client: mgr.GetClient()}
	var other apiv1.Memcached
	if err := loader.Load(ctx, key, &other); err != nil {
		return err
	}
	return mgr.GetClient().Status().Update(ctx, &other) // want `Update of \*v1.Memcached read from the informer cache`
}

// loadActionable reads the object from the cache and then, when the reconciler holds
// an API reader, from the API server into the same variable: which read it hands back
// depends on the path, as within a function, so it is no cached getter.
func (r *Reconciler) loadActionable(ctx context.Context, req ctrl.Request) (*apiv1.Memcached, bool, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return nil, true, client.IgnoreNotFound(err)
	}
	if obj.Status.State == "Done" {
		return nil, true, nil
	}
	if r.APIReader != nil {
		if err := r.APIReader.Get(ctx, req.NamespacedName, &obj); err != nil {
			return nil, true, client.IgnoreNotFound(err)
		}
	}
	return &obj, false, nil
}

// fetchEither fills its out-parameter from the cache, then maybe from the API server.
func (r *Reconciler) fetchEither(ctx context.Context, key client.ObjectKey, out *apiv1.Memcached) error {
	if err := r.Get(ctx, key, out); err != nil {
		return err
	}
	if r.APIReader == nil {
		return nil
	}
	return r.APIReader.Get(ctx, key, out)
}

func (r *Reconciler) fromEitherRead(ctx context.Context, req ctrl.Request) error {
	obj, done, err := r.loadActionable(ctx, req)
	if done || err != nil {
		return err
	}
	obj.Status.State = "Running"
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	var other apiv1.Memcached
	if err := r.fetchEither(ctx, req.NamespacedName, &other); err != nil {
		return err
	}
	return r.Update(ctx, &other)
}
