package statusupdate

import (
	"context"
	"errors"
	"reflect"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

// Every reconcile writes: flagged, whichever way the writer is reached.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	obj.Status.Nodes = []string{"a"}
	if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff guarding it: .*409 Conflict`
		return ctrl.Result{}, err
	}
	if err := r.Client.Status().Patch(ctx, &obj, client.MergeFrom(&obj)); err != nil { // want `r.Client.Status\(\).Patch writes status with no semantic diff`
		return ctrl.Result{}, err
	}
	if err := r.SubResource("status").Update(ctx, &obj); err != nil { // want `r.SubResource\("status"\).Update writes status`
		return ctrl.Result{}, err
	}
	var sw client.StatusWriter = r.Status()
	_ = sw.Patch(ctx, &obj, client.MergeFrom(&obj)) // want `sw.Patch writes status`
	// A field comparison is not a diff of what is written.
	if len(obj.Status.Conditions) == 0 {
		_ = r.Status().Update(ctx, &obj) // want `r.Status\(\).Update writes status`
	}
	// A guard outside a function literal does not guard the literal.
	if !equality.Semantic.DeepEqual(obj.Status, apiv1.MemcachedStatus{}) {
		go func() {
			_ = r.Status().Update(ctx, &obj) // want `r.Status\(\).Update writes status`
		}()
	}
	return ctrl.Result{}, nil
}

// Another subresource is not status.
func (r *Reconciler) scale(ctx context.Context, obj *apiv1.Memcached) error {
	return r.SubResource("scale").Update(ctx, obj)
}

// Guarded by an enclosing if.
func (r *Reconciler) enclosingIf(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if !equality.Semantic.DeepEqual(obj.Status, want) {
		obj.Status = want
		return r.Status().Update(ctx, obj)
	}
	if !reflect.DeepEqual(obj.Status.Nodes, want.Nodes) {
		return r.Status().Patch(ctx, obj, client.MergeFrom(obj))
	} else {
		return nil
	}
}

// Guarded by an early return.
func (r *Reconciler) earlyReturn(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	base := obj.DeepCopy()
	obj.Status = want
	for i := 0; i < 3; i++ {
		if err := r.Status().Patch(ctx, obj, client.MergeFrom(base)); err == nil {
			return nil
		}
	}
	return nil
}

// Guarded by what meta.SetStatusCondition returns, and by a variable named for a change.
func (r *Reconciler) conditions(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) {
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	changed := meta.RemoveStatusCondition(&obj.Status.Conditions, "Degraded")
	if !changed {
		return nil
	}
	return r.Status().Update(ctx, obj)
}

// A switch case on a diff guards its body; a loop's continue is an early exit.
func (r *Reconciler) loop(ctx context.Context, objs []apiv1.Memcached, want apiv1.MemcachedStatus) {
	for i := range objs {
		switch {
		case statusEqual(objs[i].Status, want):
			continue
		}
		_ = r.Status().Update(ctx, &objs[i])
	}
	for i := range objs {
		if statusEqual(objs[i].Status, want) {
			continue
		}
		_ = r.Status().Update(ctx, &objs[i])
	}
}

func statusEqual(a, b apiv1.MemcachedStatus) bool { return equality.Semantic.DeepEqual(a, b) }

// A helper whose every call is guarded is guarded, followed through two calls.
func (r *Reconciler) writeStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) syncStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.writeStatus(ctx, obj)
}

func (r *Reconciler) callsHelper(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if statusEqual(obj.Status, want) {
		return nil
	}
	return r.syncStatus(ctx, obj)
}

// A helper with one unguarded call is not.
func (r *Reconciler) patchStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Patch(ctx, obj, client.MergeFrom(obj)) // want `r.Status\(\).Patch writes status`
}

func (r *Reconciler) callsPatchHelper(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if statusEqual(obj.Status, want) {
		if err := r.patchStatus(ctx, obj); err != nil {
			return err
		}
	}
	return r.patchStatus(ctx, obj)
}

// A helper stored in a variable is followed through the variable's calls: one of
// them unguarded is enough.
func (r *Reconciler) applyStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
}

func (r *Reconciler) helperAsValue(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	f := r.applyStatus
	if !statusEqual(obj.Status, want) {
		_ = f(ctx, obj)
	}
	return f(ctx, obj)
}

// A helper handed on as a value is not followed: who calls it is not known here.
func (r *Reconciler) handedStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
}

func (r *Reconciler) helperHandedOn(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if statusEqual(obj.Status, want) {
		return nil
	}
	return runWith(ctx, obj, r.handedStatus)
}

func runWith(ctx context.Context, obj *apiv1.Memcached, f func(context.Context, *apiv1.Memcached) error) error {
	return f(ctx, obj)
}

// Silenced with a reason, on the line and on the line above; a directive without a
// reason silences nothing.
func (r *Reconciler) silenced(ctx context.Context, obj *apiv1.Memcached) {
	_ = r.Status().Update(ctx, obj) //opguard:ignore statusupdate status is written once, at creation
	//opguard:ignore statusupdate,cachedupdate the bootstrap object is never reconciled again
	_ = r.Status().Update(ctx, obj)
	//opguard:ignore statusupdate
	_ = r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	//opguard:ignore cachedupdate a directive for another analyzer
	_ = r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
}

// The MergeFrom idiom: a patch from a copy taken before the change holds only what
// changed, {} when nothing did, which the API server does not persist.
func (r *Reconciler) mergeFromCopy(ctx context.Context, obj *apiv1.Memcached) error { // want mergeFromCopy:"fills Nodes"
	patch := client.MergeFrom(obj.DeepCopy())
	obj.Status.Nodes = []string{"a"}
	if err := r.Status().Patch(ctx, obj, patch); err != nil {
		return err
	}
	base := obj.DeepCopy()
	obj.Status.ObservedGeneration = obj.Generation
	if err := r.Status().Patch(ctx, obj, client.MergeFrom(base)); err != nil {
		return err
	}
	locked := client.MergeFromWithOptions(obj.DeepCopy(), client.MergeFromWithOptimisticLock{})
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready"})
	if err := r.Status().Patch(ctx, obj, locked); err != nil {
		return err
	}
	// An alias of the object is the object: the patch diffs it against itself.
	same := obj
	_ = r.Status().Patch(ctx, obj, client.MergeFrom(same)) // want `r.Status\(\).Patch writes status`
	// A raw patch is what it says, whatever changed.
	return r.Status().Patch(ctx, obj, client.RawPatch("merge", []byte(`{"status":{}}`))) // want `r.Status\(\).Patch writes status`
}

// The patch taken before the change, written when the function returns.
func (r *Reconciler) deferredPatch(ctx context.Context, obj apiv1.Memcached) (err error) {
	p := client.MergeFrom(obj.DeepCopy())
	defer func() {
		err = r.Client.Status().Patch(ctx, &obj, p)
	}()
	obj.Status.Nodes = nil
	return nil
}

// A patch handed in is followed to the calls that make it.
func (r *Reconciler) writePatch(ctx context.Context, obj *apiv1.Memcached, p client.Patch) error {
	return r.Status().Patch(ctx, obj, p)
}

func (r *Reconciler) callsWritePatch(ctx context.Context, obj *apiv1.Memcached) error { // want callsWritePatch:"fills Nodes"
	p := client.MergeFrom(obj.DeepCopy())
	obj.Status.Nodes = []string{"b"}
	return r.writePatch(ctx, obj, p)
}

func (r *Reconciler) writeAnyPatch(ctx context.Context, obj *apiv1.Memcached, p client.Patch) error {
	return r.Status().Patch(ctx, obj, p) // want `r.Status\(\).Patch writes status`
}

func (r *Reconciler) callsWriteAnyPatch(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.writeAnyPatch(ctx, obj, client.StrategicMergeFrom(obj.DeepCopy())); err != nil {
		return err
	}
	return r.writeAnyPatch(ctx, obj, client.RawPatch("merge", nil))
}

// A patch variable set in each case of a type switch, each time from a copy.
func (r *Reconciler) perKind(ctx context.Context, object client.Object) error {
	var patch client.Patch
	switch obj := object.(type) {
	case *apiv1.Memcached:
		patch = client.MergeFrom(obj.DeepCopy())
		obj.Status.Nodes = nil
	case *apiv1.Watched:
		patch = client.MergeFrom(obj.DeepCopy())
		obj.Status.Nodes = nil
	}
	if err := r.Status().Patch(ctx, object, patch); err != nil {
		return err
	}
	// One case that is no diff spoils it.
	var other client.Patch
	switch obj := object.(type) {
	case *apiv1.Memcached:
		other = client.MergeFrom(obj.DeepCopy())
	default:
		other = client.RawPatch("merge", nil)
	}
	return r.Status().Patch(ctx, object, other) // want `r.Status\(\).Patch writes status`
}

// An object whose kind is known only at run time (a storage migration touching every
// custom resource with an empty patch): nothing says what watches it.
func (r *Reconciler) migrate(ctx context.Context, name string) error {
	u := &unstructured.Unstructured{}
	u.Name = name
	return r.Status().Patch(ctx, u, client.RawPatch("merge", []byte("{}")))
}

// A MergeFrom of the object, then the variable given a changed deep copy: the patch
// holds the old object and the write sends the new one, a diff (rule 5).
func (r *Reconciler) patchCopy(ctx context.Context, obj *apiv1.Memcached, transform func(*apiv1.Memcached) *apiv1.Memcached) error {
	patch := client.MergeFrom(obj)
	obj = transform(obj.DeepCopy())
	return r.Status().Patch(ctx, obj, patch)
}

// The variable given a value that is no copy, or copied before the MergeFrom: the
// patch diffs the object against itself.
func (r *Reconciler) patchCopyNot(ctx context.Context, obj *apiv1.Memcached, transform func(*apiv1.Memcached) *apiv1.Memcached) error {
	patch := client.MergeFrom(obj)
	obj = transform(obj)
	if err := r.Status().Patch(ctx, obj, patch); err != nil { // want `r.Status\(\).Patch writes status`
		return err
	}
	obj = obj.DeepCopy()
	return r.Status().Patch(ctx, obj, client.MergeFrom(obj)) // want `r.Status\(\).Patch writes status`
}

// A kind declared without a status subresource: Status().Update fails with 404 and
// loops nothing.
func (r *Reconciler) note(ctx context.Context, n *apiv1.Note) error { // want note:"fills Message"
	n.Status.Message = "seen"
	return r.Status().Update(ctx, n)
}

// A patch that a function makes from a deep copy it takes, here or in the API
// package, is a MergeFrom diff too; one of the object itself is not.
func (r *Reconciler) patchFromFunction(ctx context.Context, obj *apiv1.Memcached) error { // want patchFromFunction:"fills State"
	patch := obj.NewPatch()
	obj.Status.State = "Ready"
	if err := r.Status().Patch(ctx, obj, patch); err != nil {
		return err
	}
	before := snapshot(obj)
	obj.Status.Message = "done"
	if err := r.Status().Patch(ctx, obj, before); err != nil {
		return err
	}
	p, err := snapshotChecked(obj)
	if err != nil {
		return err
	}
	obj.Status.Attempts++
	return r.Status().Patch(ctx, obj, p)
}

func (r *Reconciler) selfPatch(ctx context.Context, obj *apiv1.Memcached) error { // want selfPatch:"fills Nodes"
	self := obj.SelfPatch()
	obj.Status.Nodes = append(obj.Status.Nodes, "b")
	return r.Status().Patch(ctx, obj, self) // want `r.Status\(\).Patch writes status`
}

func snapshot(obj *apiv1.Memcached) client.Patch { // want snapshot:"copy patch 0"
	return client.MergeFrom(obj.DeepCopyObject().(client.Object))
}

func snapshotChecked(obj *apiv1.Memcached) (client.Patch, error) { // want snapshotChecked:"copy patch 0"
	if obj == nil {
		return nil, errors.New("no object")
	}
	base := obj.DeepCopy()
	return client.MergeFrom(base), nil
}

// specNeedsUpdate compares a remote object's spec with the desired one.
func specNeedsUpdate(remote, desired string) (bool, error) { return remote != desired, nil }

// A write in the branch where the diff found nothing changed is sent on every pass
// that changes nothing: the diff guards the other branch, not this one. (A diff that
// reads the stored status is a condition rule 9 takes for a guard either way.)
func (r *Reconciler) sameBranch(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus, remote string) error {
	needsUpdate, err := specNeedsUpdate(remote, "desired")
	if err != nil {
		return err
	}
	if !needsUpdate {
		obj.Status.State = "UpToDate"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) sameBranchEqual(ctx context.Context, obj *apiv1.Memcached, size int32) error {
	if equality.Semantic.DeepEqual(obj.Spec.Size, size) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) sameBranchElse(ctx context.Context, obj *apiv1.Memcached, size int32) error {
	if changed := !reflect.DeepEqual(obj.Spec.Size, size); changed {
		obj.Spec.Size = size
	} else {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) sameBranchVar(ctx context.Context, obj *apiv1.Memcached, size int32) error {
	same := reflect.DeepEqual(obj.Spec.Size, size)
	if same {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// The branch where the diff found a change, however it is spelled, is guarded.
func (r *Reconciler) changedBranch(ctx context.Context, obj *apiv1.Memcached, size int32, nodes []string) error {
	ok := reflect.DeepEqual(obj.Spec.Size, size)
	if !ok {
		obj.Status.State = "Resized"
		return r.Status().Update(ctx, obj)
	}
	inconsistent := !reflect.DeepEqual(obj.Status.Nodes, nodes)
	if inconsistent {
		obj.Status.Nodes = nodes
		return r.Status().Update(ctx, obj)
	}
	if equality.Semantic.DeepEqual(obj.Spec.Size, size) {
		return nil
	} else {
		return r.Status().Update(ctx, obj)
	}
}

// A deep comparison of values of two types (a pointer with a value) is never equal:
// it finds a change every time, and guards nothing.
func (r *Reconciler) pointerAndValue(ctx context.Context, obj *apiv1.Memcached, want apiv1.MemcachedStatus) error {
	if !reflect.DeepEqual(&obj.Status, want) {
		obj.Status = want
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) pointerAndValueEarly(ctx context.Context, obj *apiv1.Memcached, want *apiv1.MemcachedStatus) error {
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	obj.Status = *want
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The same comparisons of one type, or with an interface that may hold the other,
// guard.
func (r *Reconciler) pointerAndPointer(ctx context.Context, obj *apiv1.Memcached, want *apiv1.MemcachedStatus, last any) error {
	if !reflect.DeepEqual(&obj.Status, want) {
		obj.Status = *want
		return r.Status().Update(ctx, obj)
	}
	if equality.Semantic.DeepEqual(obj.Status, *want) {
		return nil
	}
	obj.Status = *want
	if !reflect.DeepEqual(obj.Status, last) {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Not reported: a JSON patch that removes a path is refused when the path is absent,
// and changes the object when it is there; held in a variable or converted in place.
func (r *Reconciler) removeByJSONPatch(ctx context.Context, obj *apiv1.Memcached) error {
	patch := []byte(`[{"op": "remove", "path": "/status/nodes"}]`)
	if err := r.Status().Patch(ctx, obj, client.RawPatch(types.JSONPatchType, patch)); err != nil {
		return err
	}
	return r.Status().Patch(ctx, obj, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"test","path":"/status/image","value":"a"},{"op":"remove","path":"/status/image"}]`)))
}

// Reported: a replace, or an add, of a path already holding the value changes
// nothing; a merge patch's null for an absent key neither.
func (r *Reconciler) replaceByJSONPatch(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.Status().Patch(ctx, obj, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"replace","path":"/status/state","value":"Ready"}]`))); err != nil { // want `r.Status\(\).Patch writes status with no semantic diff`
		return err
	}
	return r.Status().Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(`{"status":{"nodes":null},"op":"remove"}`))) // want `r.Status\(\).Patch writes status with no semantic diff`
}
