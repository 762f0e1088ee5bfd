package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A reconciler that runs its phases from a table: each step is handed the object
// read from the cache, and some send it whole.
type stepFunc func(ctx context.Context, obj *apiv1.Memcached) (bool, error)

func (r *Reconciler) stepFinalizer(ctx context.Context, obj *apiv1.Memcached) (bool, error) { // want stepFinalizer:`refreshes \[1\]`
	obj.Finalizers = append(obj.Finalizers, "example.com/cleanup")
	return false, r.Update(ctx, obj)
}

func (r *Reconciler) stepReady(ctx context.Context, obj *apiv1.Memcached) (bool, error) { // want stepReady:`refreshes \[1\]`
	obj.Status.State = "Ready"
	return false, r.Status().Update(ctx, obj)
}

func (r *Reconciler) stepValidate(ctx context.Context, obj *apiv1.Memcached) (bool, error) {
	return obj.Spec.Size < 0, nil
}

// stepFresh reads the object again itself before it writes: it sends what it read.
func (r *Reconciler) stepFresh(ctx context.Context, obj *apiv1.Memcached) (bool, error) { // want stepFresh:`refreshes \[1\]`
	if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return false, err
	}
	obj.Status.State = "Ready"
	return false, r.Status().Update(ctx, obj)
}

func (r *Reconciler) runSteps(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	var steps []stepFunc
	if obj.DeletionTimestamp != nil {
		steps = []stepFunc{r.stepValidate}
	} else {
		steps = []stepFunc{r.stepValidate, r.stepFinalizer, r.stepReady}
	}
	for _, step := range steps {
		if stop, err := step(ctx, obj); stop || err != nil { // want `step sends obj, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update`
			return err
		}
	}
	return nil
}

func (r *Reconciler) runLiteral(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	for _, step := range []stepFunc{r.stepValidate, r.stepReady} {
		if _, err := step(ctx, obj); err != nil { // want `step sends obj, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update`
			return err
		}
	}
	return nil
}

// Steps that read the object again, or write nothing, send nothing stale.
func (r *Reconciler) runFresh(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	steps := []stepFunc{r.stepValidate, r.stepFresh}
	for _, step := range steps {
		if _, err := step(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// A table given a value from elsewhere is not known: nothing is said of its calls.
func (r *Reconciler) runGiven(ctx context.Context, req ctrl.Request, extra stepFunc) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	steps := []stepFunc{r.stepValidate, r.stepReady}
	steps = append(steps, extra)
	for _, step := range steps {
		if _, err := step(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// A table whose element is replaced may no longer hold the step that writes: not
// known either.
func (r *Reconciler) runReplaced(ctx context.Context, req ctrl.Request, extra stepFunc) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	steps := []stepFunc{r.stepValidate, r.stepReady}
	steps[1] = extra
	for _, step := range steps {
		if _, err := step(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}
