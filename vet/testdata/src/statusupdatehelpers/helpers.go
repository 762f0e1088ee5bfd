// Package statusupdatehelpers is a controller that writes status through the helpers
// of example.com/common: the helper's unguarded write is judged at each call here.
package statusupdatehelpers

import (
	"context"
	"fmt"

	apiv1 "example.com/api/v1"
	"example.com/common"
	"example.com/state"
	"example.com/statusfill"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	want := apiv1.MemcachedStatus{ObservedGeneration: obj.Generation}
	if !equality.Semantic.DeepEqual(obj.Status, want) {
		obj.Status = want
		if err := common.UpdateStatus(ctx, r.Client, &obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := common.UpdateStatus(ctx, r.Client, &obj); err != nil { // want `common.UpdateStatus writes the status of &obj with no semantic diff guarding it`
		return ctrl.Result{}, err
	}
	// A patch handed in that is a diff writes nothing unchanged.
	if err := common.PatchStatus(ctx, r.Client, &obj, client.MergeFrom(obj.DeepCopy())); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, common.PatchStatus(ctx, r.Client, &obj, client.RawPatch("merge", nil)) // want `common.PatchStatus writes the status of &obj`
}

// WriteStatus is exported and nothing here calls it: its callers, in other packages,
// are judged in its place.
func WriteStatus(ctx context.Context, c client.Client, obj *apiv1.Memcached) error { // want WriteStatus:`delegated\[2\] patch -1`
	return c.Status().Update(ctx, obj)
}

// ReconcileState writes what a state in another package hands back, only when it is
// not nil: the state returns nil when its diff finds nothing changed.
func (r *Reconciler) ReconcileState(ctx context.Context, obj apiv1.Memcached) error {
	s := state.New(obj)
	s.Observe([]string{"a"})
	events, updated := s.Apply()
	_ = events
	if updated == nil {
		return nil
	}
	return common.UpdateStatus(ctx, r.Client, updated)
}

// ReconcileAlways writes what a function returns nil for only on an error.
func (r *Reconciler) ReconcileAlways(ctx context.Context, obj apiv1.Memcached) error {
	s := state.New(obj)
	if always, err := s.Always(); err == nil && always != nil {
		return common.UpdateStatus(ctx, r.Client, always) // want `common.UpdateStatus writes the status of always`
	}
	return nil
}

// changedStatus returns the status to write, or nil when it equals the live one.
func changedStatus(obj *apiv1.Memcached, want apiv1.MemcachedStatus) *apiv1.Memcached { // want changedStatus:`nil when equal \[0\]`
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	out := obj.DeepCopy()
	out.Status = want
	return out
}

func (r *Reconciler) ReconcileLocal(ctx context.Context, obj *apiv1.Memcached) error {
	if updated := changedStatus(obj, apiv1.MemcachedStatus{ObservedGeneration: obj.Generation}); updated != nil {
		if err := r.Status().Update(ctx, updated); err != nil {
			return err
		}
	}
	again := changedStatus(obj, apiv1.MemcachedStatus{})
	again = obj
	if again != nil {
		return r.Status().Update(ctx, again) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

// ReconcileCompared gates its write on a field-by-field comparison held in a
// variable, whatever the comparison is called.
func (r *Reconciler) ReconcileCompared(ctx context.Context, obj, next *apiv1.Memcached) error {
	inconsistent := state.Inconsistent(obj.Status, next.Status)
	if !inconsistent {
		return nil
	}
	return r.Status().Update(ctx, next)
}

// ReconcileReady asks one thing of one object: no comparison of two states.
func (r *Reconciler) ReconcileReady(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	ready := isReady(obj)
	if !ready {
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func isReady(obj *apiv1.Memcached) bool { return len(obj.Status.Nodes) > 0 }

// ReconcileRetried reads the object again in a retry and writes only the fields its
// early exit compared: a diff of what it writes.
func (r *Reconciler) ReconcileRetried(ctx context.Context, req ctrl.Request, n int64) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj := &apiv1.Memcached{}
		if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		if int64(obj.Status.ObservedGeneration) == obj.Generation && obj.Status.LastSync == fmt.Sprint(n) {
			return nil
		}
		obj.Status.ObservedGeneration = obj.Generation
		obj.Status.LastSync = fmt.Sprint(n)
		return r.Status().Update(ctx, obj)
	})
}

// ReconcileRetriedMore compares one field and writes two, the compared one with the
// value it was compared with: never sent unchanged (rule 7).
func (r *Reconciler) ReconcileRetriedMore(ctx context.Context, req ctrl.Request) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj := &apiv1.Memcached{}
		if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		if obj.Status.ObservedGeneration == obj.Generation {
			return nil
		}
		obj.Status.ObservedGeneration = obj.Generation
		obj.Status.LastSync = "now"
		return r.Status().Update(ctx, obj)
	})
}

// updateGuarded is called only behind a diff, and writes in a retry it runs in place:
// the caller's guard holds for the literal too.
func (r *Reconciler) updateGuarded(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		latest.Status = want
		return r.Status().Update(ctx, latest)
	})
}

func (r *Reconciler) ReconcileGuardedRetry(ctx context.Context, obj *apiv1.Memcached) error {
	want := apiv1.MemcachedStatus{ObservedGeneration: obj.Generation}
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	return r.updateGuarded(ctx, obj, want)
}

// A literal stored for later is not run in place: its own guard or none.
func (r *Reconciler) ReconcileLater(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) func() error {
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	later := func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return later
}

// ReconcileFirst writes the first condition of a new object once: after the write
// the conditions are not empty, and the branch is not taken again.
func (r *Reconciler) ReconcileFirst(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if len(obj.Status.Conditions) == 0 {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Available", Status: metav1.ConditionUnknown})
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	// The same test written <= 0 or < 1.
	if len(obj.Status.State) <= 0 {
		obj.Status.State = "Pending"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if len(obj.Status.Message) < 1 {
		obj.Status.Message = "new"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if len(obj.Status.Image) <= 1 {
		obj.Status.Image = "x"
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	// == with a value other than the empty one is no test of emptiness: the field may
	// hold 32 characters already, and the fill may write the same 32 again.
	if len(obj.Status.Image) == 32 {
		obj.Status.Image = "x"
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if obj.Status.Attempts == 3 {
		obj.Status.Attempts = int32(len(obj.Status.Nodes))
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if obj.Status.Reserved == false {
		obj.Status.Reserved = true
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if len(obj.Status.Nodes) == 0 {
		obj.Status.LastSync = "never"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// FirstFills: rule 3 counts a fill only when it runs before the write, whatever the
// branch's conditions, and gives the field a value that is not the empty one; a
// helper's fill counts, in this package or another.
func (r *Reconciler) FirstFills(ctx context.Context, req ctrl.Request, ok bool) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if obj.Status.State == "" {
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
		obj.Status.State = "Pending"
	}
	if obj.Status.Image == "" {
		if ok {
			obj.Status.Image = "x"
		}
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if obj.Status.Message == "" {
		obj.Status.Message = ""
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if obj.Status.Image == "" {
		fillImage(obj)
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if len(obj.Status.Image) == 0 {
		statusfill.StampImage(obj)
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.Status.Image == "" {
		maybeFillImage(obj)
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	// A fill of another field.
	if obj.Status.Message == "" {
		fillImage(obj)
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if len(obj.Status.Conditions) == 0 {
		if err := statusfill.InitConditions(ctx, r.Client, obj); err != nil {
			return err
		}
	}
	if len(obj.Status.Conditions) == 0 {
		if err := statusfill.WriteThenInit(ctx, r.Client, obj); err != nil { // want `statusfill.WriteThenInit writes the status of obj with no semantic diff`
			return err
		}
	}
	if len(obj.Status.Conditions) == 0 {
		if err := r.initConditions(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

func fillImage(obj *apiv1.Memcached) { // want fillImage:"fills Image"
	obj.Status.Image = obj.Spec.Image
}

// maybeFillImage may return before it fills.
func maybeFillImage(obj *apiv1.Memcached) {
	if obj.Spec.Image == "" {
		return
	}
	obj.Status.Image = obj.Spec.Image
}

func (r *Reconciler) initConditions(ctx context.Context, obj *apiv1.Memcached) error { // want initConditions:"fills Conditions"
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionUnknown})
	return r.Status().Update(ctx, obj)
}

// Seamed keeps its status writer in a field, a seam for tests: the calls through the
// field are the writer's calls.
type Seamed struct {
	client.Client
	updateStatusHandler func(obj *apiv1.Memcached) error
}

func NewSeamed(c client.Client) *Seamed {
	s := &Seamed{Client: c}
	s.updateStatusHandler = s.updateStatus
	return s
}

func (s *Seamed) updateStatus(obj *apiv1.Memcached) error {
	return s.Status().Update(context.Background(), obj)
}

func (s *Seamed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	original := &apiv1.Memcached{}
	if err := s.Get(ctx, req.NamespacedName, original); err != nil {
		return ctrl.Result{}, err
	}
	obj := original.DeepCopy()
	obj.Status.ObservedGeneration = obj.Generation
	if !equality.Semantic.DeepEqual(original.Status, obj.Status) {
		return ctrl.Result{}, s.updateStatusHandler(obj)
	}
	return ctrl.Result{}, nil
}

// Unseamed calls its stored writer without a diff.
type Unseamed struct {
	client.Client
	write func(obj *apiv1.Memcached) error
}

func NewUnseamed(c client.Client) *Unseamed {
	u := &Unseamed{Client: c}
	u.write = u.updateStatus
	return u
}

func (u *Unseamed) updateStatus(obj *apiv1.Memcached) error {
	return u.Status().Update(context.Background(), obj) // want `u.Status\(\).Update writes status with no semantic diff`
}

func (u *Unseamed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := u.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, u.write(obj)
}

// A method of the API type that writes its receiver's status: each call is judged as
// the write, with the receiver the call names as the object.
func (r *Reconciler) saves(ctx context.Context, obj *apiv1.Memcached) { // want saves:"fills State"
	obj.Status.State = "Ready"
	obj.SaveStatus(ctx, r.Client) // want `obj.SaveStatus writes the status of obj with no semantic diff`
}

func (r *Reconciler) savesOnChange(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) {
	if !equality.Semantic.DeepEqual(obj.Status, want) {
		obj.Status = want
		obj.SaveStatus(ctx, r.Client)
	}
	if obj.Status.Message != "done" {
		obj.Status.Message = "done"
		defer obj.SaveStatus(ctx, r.Client)
	}
}

// eitherEmpty: a field found empty one way or another (nil, or of length zero; or
// either of two fields found empty, each filled), then filled in a conflict retry run
// in place: the first status, written once. One of two tests that finds nothing the
// path fills is no such guard.
func (r *Reconciler) eitherEmpty(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Conditions == nil || len(obj.Status.Conditions) == 0 {
		if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionUnknown, Reason: "Starting"})
			return r.Status().Update(ctx, obj)
		}); err != nil {
			return err
		}
	}
	if obj.Status.Image == "" || obj.Status.Message == "" {
		obj.Status.Image = "x"
		obj.Status.Message = "started"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.Status.Image == "" || obj.Status.State == "" {
		obj.Status.Image = "x"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A helper that sets a status key to null, called behind a test that the field of
// that JSON name is set: it clears the field (rule 7).
func (r *Reconciler) cleared(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.StartTime != nil {
		if err := common.ClearStatus(ctx, r.Client, obj, "startTime"); err != nil {
			return err
		}
	}
	if obj.Status.LastReconcileTime == nil {
		return nil
	}
	return common.ClearStatus(ctx, r.Client, obj, "lastReconcileTime")
}

// A key other than the field tested, or one the call does not spell: it may clear a
// field that is already null.
func (r *Reconciler) clearedNot(ctx context.Context, obj *apiv1.Memcached, key string) error {
	if obj.Status.StartTime != nil {
		return common.ClearStatus(ctx, r.Client, obj, "lastReconcileTime") // want `common.ClearStatus writes the status of obj with no semantic diff guarding it`
	}
	return common.ClearStatus(ctx, r.Client, obj, key) // want `common.ClearStatus writes the status of obj with no semantic diff guarding it`
}
