// Package statusupdatechange holds status writes that no diff guards but that are
// reached only when what they write differs from what is stored (rule 7), and writes
// that a caller switches off (rule 8).
package statusupdatechange

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"

	"example.com/admission"
	apiv1 "example.com/api/v1"
	"example.com/conds"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/cluster-api/util/conditions"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}

// The write is behind a comparison of the field it sets with the value it sets.
func (r *Reconciler) message(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	if obj.Status.Message != msg {
		obj.Status.Message = msg
		obj.Status.State = "Degraded"
		return r.Status().Update(ctx, obj)
	}
	if !(obj.Status.State == "Ready") {
		obj.Status.State = "Ready"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// What the path sets is not what the condition compared, or is set only sometimes:
// the write may send the status unchanged.
func (r *Reconciler) messageNot(ctx context.Context, obj *apiv1.Memcached, msg, other string, sometimes bool) error {
	if obj.Status.Message != msg {
		obj.Status.Message = other
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	if obj.Status.State != "Ready" {
		if sometimes {
			obj.Status.State = "Ready"
		}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reached only when the generation moved, and the write records it.
func (r *Reconciler) observed(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Generation != obj.Status.ObservedGeneration {
		obj.Status.ObservedGeneration = obj.Generation
		obj.Status.Nodes = nil
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.Status.ObservedGeneration < obj.GetGeneration() {
		return r.markObserved(ctx, obj)
	}
	return nil
}

// markObserved's only caller calls it when the generation moved: what it sets makes
// its write a change.
func (r *Reconciler) markObserved(ctx context.Context, obj *apiv1.Memcached) error { // want markObserved:"fills ObservedGeneration"
	obj.Status.ObservedGeneration = obj.Generation
	return r.Status().Update(ctx, obj)
}

// An early return on the very field the write then sets.
func (r *Reconciler) image(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image == obj.Spec.Image {
		return nil
	}
	obj.Status.Image = obj.Spec.Image
	return r.Status().Update(ctx, obj)
}

// An early return on a field the write does not set.
func (r *Reconciler) imageNot(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image == obj.Spec.Image {
		return nil
	}
	obj.Status.State = "Rolling"
	return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
}

// The deferred closure writes only when the state or the message moved from what was
// read: its only caller guards writeStatus.
func (r *Reconciler) deferred(ctx context.Context, obj *apiv1.Memcached) (err error) { // want deferred:"fills State"
	oldState, oldMessage := obj.Status.State, obj.Status.Message
	before := obj.Status.DeepCopy()
	defer func() {
		if obj.Status.State != oldState || obj.Status.Message != oldMessage {
			if uerr := r.writeStatus(ctx, obj); uerr != nil {
				err = uerr
			}
		}
		if obj.Status.Image != before.Image {
			_ = r.Status().Update(ctx, obj)
		}
		if obj.Status.State != "Ready" {
			_ = r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
		}
	}()
	obj.Status.State = "Reconciling"
	return nil
}

func (r *Reconciler) writeStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Update(ctx, obj)
}

// A status settled in a copy and given back whole: the deferred closure writes only
// when the copy's state or message differs from the object's, and the helper re-reads
// the object in a conflict retry and sends the status it was handed.
func (r *Reconciler) settled(ctx context.Context, obj *apiv1.Memcached) (err error) {
	next := obj.Status
	defer func() {
		if err != nil {
			next.State = "Failed"
		}
		if obj.Status.State != next.State || obj.Status.Message != next.Message {
			obj.Status = next
			_ = r.saveRetried(ctx, obj)
		}
	}()
	next.State = "Ready"
	return nil
}

func (r *Reconciler) saveRetried(ctx context.Context, obj *apiv1.Memcached) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		latest.Status = obj.Status
		return r.Status().Update(ctx, latest)
	})
}

// A status computed whole and assigned whole, behind a comparison of one of its fields
// with the stored one: the write sends that field changed.
func (r *Reconciler) computedWhole(ctx context.Context, obj *apiv1.Memcached, desired apiv1.MemcachedStatus) error {
	if obj.Status.State != desired.State {
		obj.Status = desired
		return r.Status().Update(ctx, obj)
	}
	if obj.Status.Message != desired.State {
		obj.Status = desired
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

// A state machine whose next state is a variable an inner switch narrows to final
// states: from Running it moves to one of them, never to Running.
func (r *Reconciler) finished(ctx context.Context, obj *apiv1.Memcached, observe func() string) error {
	switch obj.Status.State {
	case "Running":
		result := observe()
		switch result {
		case "Failed":
		case "Succeeded":
			obj.Status.Message = "done"
		default:
			return nil
		}
		obj.Status.State = result
		return r.Status().Update(ctx, obj)
	case "Starting":
		result := observe()
		switch result {
		case "Starting", "Running":
		default:
			return nil
		}
		obj.Status.State = result
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// The same helper shape with a caller that compares nothing: reported at the write.
func (r *Reconciler) unsettled(ctx context.Context, obj *apiv1.Memcached) error { // want unsettled:"fills State"
	obj.Status.State = "Ready"
	return r.sendRetried(ctx, obj)
}

func (r *Reconciler) sendRetried(ctx context.Context, obj *apiv1.Memcached) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		latest.Status = obj.Status
		return r.Status().Update(ctx, latest) // want `r.Status\(\).Update writes status with no semantic diff`
	})
}

// A helper whose write every caller switches off, and one that a caller switches on.
func (r *Reconciler) admit(ctx context.Context, obj *apiv1.Memcached, apply bool) error {
	if !apply {
		return nil
	}
	obj.Status.State = "Admitted"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) record(ctx context.Context, obj *apiv1.Memcached, apply bool) error {
	if apply {
		obj.Status.State = "Recorded"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) callers(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.admit(ctx, obj, false); err != nil {
		return err
	}
	if err := r.record(ctx, obj, false); err != nil {
		return err
	}
	return r.record(ctx, obj, true)
}

// A helper of another package that writes only when Apply is true: a call that leaves
// it out (false) writes nothing.
func (r *Reconciler) admission(ctx context.Context, obj *apiv1.Memcached) error {
	if err := admission.Ensure(ctx, admission.Params{Object: obj, Client: r.Client}); err != nil {
		return err
	}
	off := admission.Params{Object: obj, Client: r.Client, Apply: false}
	if err := admission.Ensure(ctx, off); err != nil {
		return err
	}
	return admission.Ensure(ctx, admission.Params{Object: obj, Client: r.Client, Apply: true}) // want `admission.Ensure writes the status of admission.Params{…} with no semantic diff`
}

// A state machine: each branch moves the state from the value it was found to hold.
func (r *Reconciler) machine(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "", "Pending":
		obj.Status.State = "Running"
		return r.Status().Update(ctx, obj)
	case "Running":
		obj.Status.State = "Running"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if obj.Status.State == "Failed" {
		obj.Status.State = "Retrying"
		obj.Status.Attempts++
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// The first start time of an object that has none, written once.
func (r *Reconciler) started(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.StartTime.IsZero() {
		obj.Status.StartTime = &metav1.Time{}
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// A change-reporting setter: its bool is true only after it changed the status, so a
// write behind it is never sent unchanged, in this package or another.
func setState(obj *apiv1.Memcached, state string) bool { // want setState:"reports change" setState:"sets status"
	if obj.Status.State == state {
		return false
	}
	obj.Status.State = state
	return true
}

// Returns the other setter's report, or its own.
func setStateAndMessage(obj *apiv1.Memcached, state, msg string) bool { // want setStateAndMessage:"reports change"
	if obj.Status.Message != msg {
		obj.Status.Message = msg
		setState(obj, state)
		return true
	}
	return setState(obj, state)
}

func (r *Reconciler) setters(ctx context.Context, obj *apiv1.Memcached, c metav1.Condition) error {
	if setState(obj, "Ready") {
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) setterElsewhere(ctx context.Context, obj *apiv1.Memcached, c metav1.Condition) error {
	if ok := conds.Set(obj, c); !ok {
		return nil
	}
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) setterOfSetters(ctx context.Context, obj *apiv1.Memcached) error {
	if !setStateAndMessage(obj, "Ready", "up") {
		return nil
	}
	return r.Status().Update(ctx, obj)
}

// True on a path that changed nothing, or a setter that never says false: no report
// of a change, and the writes behind them may send the status unchanged.
func setAlways(obj *apiv1.Memcached, state string) bool { // want setAlways:"fills State" setAlways:"sets status"
	obj.Status.State = state
	return true
}

func setOrNot(obj *apiv1.Memcached, state string, force bool) bool {
	if force {
		return true
	}
	if obj.Status.State == state {
		return false
	}
	obj.Status.State = state
	return true
}

func setInBranch(obj *apiv1.Memcached, state string, now bool) bool {
	if obj.Status.State == "" {
		return false
	}
	if now {
		obj.Status.State = state
	}
	return true
}

func (r *Reconciler) notSetters(ctx context.Context, obj *apiv1.Memcached, force, now bool) error {
	if setAlways(obj, "Ready") {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if setOrNot(obj, "Ready", force) {
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	if setInBranch(obj, "Ready", now) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Times compared by their methods: Before or After true, Equal false, finds the field
// different from the value the path then gives it.
func (r *Reconciler) schedule(ctx context.Context, obj *apiv1.Memcached, last, start metav1.Time) error {
	if obj.Status.LastReconcileTime.Before(&last) || obj.Status.StartTime.Before(&start) {
		obj.Status.LastReconcileTime = &last
		obj.Status.StartTime = &start
		return r.Status().Update(ctx, obj)
	}
	if !obj.Status.StartTime.Equal(&start) {
		obj.Status.StartTime = &start
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) scheduleAfter(ctx context.Context, obj *apiv1.Memcached, start metav1.Time) error {
	if start.After(obj.Status.StartTime.Time) {
		obj.Status.StartTime = &start
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// The comparison is of one field, or one value, and the path sets another: the write
// may send the status unchanged.
func (r *Reconciler) scheduleNot(ctx context.Context, obj *apiv1.Memcached, last, start metav1.Time) error {
	if obj.Status.LastReconcileTime.Before(&last) {
		obj.Status.StartTime = &start
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	if start.After(obj.Status.LastReconcileTime.Time) {
		obj.Status.LastReconcileTime = &last
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

// A setter with more than one result: its first says whether it changed the status,
// through change flags (set true right after the field they guard is assigned), and
// the second says something else.
func (r *Reconciler) tally(obj *apiv1.Memcached, ready, total int) (bool, bool, error) { // want tally:"reports change"
	if total < 0 {
		return false, false, nil
	}
	moved := false
	if obj.Status.Attempts != int32(ready) {
		obj.Status.Attempts = int32(ready)
		moved = true
	}
	if obj.Status.Message == "" {
		obj.Status.Message = "counted"
		moved = true
	}
	again := setState(obj, "Counted")
	return moved || again, ready == total, nil
}

func (r *Reconciler) tallied(ctx context.Context, obj *apiv1.Memcached) error {
	changed, _, err := r.tally(obj, 1, 2)
	if err != nil {
		return err
	}
	if changed {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// A flag set true where nothing changed, or handed to a closure, reports nothing.
func (r *Reconciler) tallyAlways(obj *apiv1.Memcached, ready int) (bool, error) { // want tallyAlways:"fills Attempts"
	moved := false
	if ready > 0 {
		moved = true
	}
	obj.Status.Attempts = int32(ready)
	return moved, nil
}

func (r *Reconciler) tallyInClosure(obj *apiv1.Memcached, ready int) (bool, error) {
	moved := false
	set := func() { moved = true }
	if obj.Status.Attempts != int32(ready) {
		obj.Status.Attempts = int32(ready)
		set()
	}
	if ready > 3 {
		set()
	}
	return moved, nil
}

func (r *Reconciler) talliedAlways(ctx context.Context, obj *apiv1.Memcached) error { // want talliedAlways:"fills Attempts"
	moved, err := r.tallyAlways(obj, 1)
	if err != nil || !moved {
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	again, err := r.tallyInClosure(obj, 1)
	if err != nil || !again {
		return err
	}
	return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
}

// memcachedWrapper hands out the object it holds; its status is the object's.
type memcachedWrapper struct {
	*apiv1.Memcached
}

func (w *memcachedWrapper) Unwrap() *apiv1.Memcached { return w.Memcached }

// The write of the wrapper's object is behind a comparison of the field with a
// snapshot of it, taken through the wrapper.
func (r *Reconciler) throughWrapper(ctx context.Context, w *memcachedWrapper, n int32) error {
	old := w.Status.DeepCopy()
	w.Status.Attempts = n
	if old.Attempts != w.Status.Attempts {
		return r.Status().Update(ctx, w.Unwrap())
	}
	return r.Status().Update(ctx, w.Unwrap()) // want `r.Status\(\).Update writes status with no semantic diff`
}

// syncOnChanges is an action named after changes: it returns only an error, and an
// early return on that error guards nothing.
func syncOnChanges(ctx context.Context) error { return nil }

func (r *Reconciler) afterSync(ctx context.Context, obj *apiv1.Memcached) error {
	if err := syncOnChanges(ctx); err != nil {
		return err
	}
	obj.Status.State = "Synced"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The value compared with a snapshot of the field, then assigned to it: the field
// moves from what was read.
func (r *Reconciler) fromSnapshot(ctx context.Context, obj *apiv1.Memcached, next string) error {
	orig := *obj
	if next != orig.Status.Image {
		obj.Status.Image = next
		return r.Status().Update(ctx, obj)
	}
	if next != orig.Status.Message {
		obj.Status.Image = next
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

var errNotDue = errors.New("not due")

// imageDue leaves with an error when the image the caller records is already the
// stored one: past its nil error, recording it changes the status.
func (r *Reconciler) imageDue(obj *apiv1.Memcached) (string, error) {
	if obj.Status.Attempts < 1 {
		return "", errNotDue
	}
	if obj.Status.Image == obj.Spec.Image {
		return "", errNotDue
	}
	return "v1", nil
}

// imageChecked checks through imageDue, one call deeper.
func (r *Reconciler) imageChecked(obj *apiv1.Memcached) error {
	if _, err := r.imageDue(obj); err != nil {
		return err
	}
	return nil
}

// imageSkipped may skip the comparison with a nil error, and one that returns nil when
// they are equal says nothing either.
func (r *Reconciler) imageSkipped(obj *apiv1.Memcached, fast bool) error {
	if fast {
		return nil
	}
	if obj.Status.Image == obj.Spec.Image {
		return errNotDue
	}
	return nil
}

func (r *Reconciler) imageEqualIsFine(obj *apiv1.Memcached) error {
	if obj.Status.Image != obj.Spec.Image {
		return errNotDue
	}
	return nil
}

// The callee's early exit is the path's: the write, in a conflict retry that sends the
// status whole on a fresh read, always records a new image.
func (r *Reconciler) recordImage(ctx context.Context, obj *apiv1.Memcached) error {
	version, err := r.imageDue(obj)
	if err != nil {
		if errors.Is(err, errNotDue) {
			return nil
		}
		return err
	}
	obj.Status.Message = version
	obj.Status.Image = obj.Spec.Image
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		latest.Status = obj.Status
		return r.Status().Update(ctx, latest)
	})
}

func (r *Reconciler) recordImageTwoDeep(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.imageChecked(obj); err != nil {
		return err
	}
	obj.Status.Image = obj.Spec.Image
	return r.Status().Update(ctx, obj)
}

// What the path sets is not what the callee compared, the callee may return nil
// without comparing, or its error leaves when the fields differ: the write may send
// the status unchanged.
func (r *Reconciler) recordImageNot(ctx context.Context, obj *apiv1.Memcached) error {
	if _, err := r.imageDue(obj); err != nil {
		return err
	}
	obj.Status.Message = obj.Spec.Image
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) recordImageSkipped(ctx context.Context, obj *apiv1.Memcached, fast bool) error {
	if err := r.imageSkipped(obj, fast); err != nil {
		return err
	}
	obj.Status.Image = obj.Spec.Image
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) recordImageEqual(ctx context.Context, obj *apiv1.Memcached) error {
	err := r.imageEqualIsFine(obj)
	if err != nil {
		return err
	}
	obj.Status.Image = obj.Spec.Image
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A setter of the API package gives the state a constant: past the early exit on that
// very state, the helper's write moves it.
func (r *Reconciler) fail(ctx context.Context, obj *apiv1.Memcached, cause error) error { // want fail:"fills State, Message"
	obj.SetFailed(cause.Error())
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) reconcileFailing(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == apiv1.StateFailed || obj.Status.State == "Done" {
		return nil
	}
	if err := r.work(obj); err != nil {
		return r.fail(ctx, obj, err)
	}
	return nil
}

func (r *Reconciler) work(obj *apiv1.Memcached) error { return nil }

// A setter of the status type, called on the object's status with a constant, moves
// the state past the test that found it empty.
func (r *Reconciler) admitEmpty(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "" {
		obj.Status.SetState("Pending")
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Without the test, or with a setter that sets only sometimes, it may send the status
// unchanged.
func (r *Reconciler) admitEmptyAlways(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.SetState("Pending")
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if obj.Status.Message == "" {
		obj.Status.SetReason("admitted")
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// With no early exit on the state, or a setter that sets it only sometimes, the write
// may send the status unchanged.
func (r *Reconciler) failAgain(ctx context.Context, obj *apiv1.Memcached, cause error) error { // want failAgain:"fills State, Message"
	obj.SetFailed(cause.Error())
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) reconcileFailingAgain(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.work(obj); err != nil {
		return r.failAgain(ctx, obj, err)
	}
	if obj.Status.State == apiv1.StateFailed {
		return nil
	}
	obj.MaybeFail("down")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A literal held in a variable and handed once to a conflict retry runs in place: the
// diff before it guards its write. Called a second time as well, it is a function of
// its own, which nothing guards.
func (r *Reconciler) heldRetry(ctx context.Context, obj *apiv1.Memcached, desired apiv1.MemcachedStatus) error {
	if reflect.DeepEqual(obj.Status, desired) {
		return nil
	}
	obj.Status = desired
	update := func() error {
		return r.Status().Update(ctx, obj)
	}
	return retry.RetryOnConflict(retry.DefaultRetry, update)
}

func (r *Reconciler) heldTwice(ctx context.Context, obj *apiv1.Memcached, desired apiv1.MemcachedStatus) error {
	if reflect.DeepEqual(obj.Status, desired) {
		return nil
	}
	obj.Status = desired
	update := func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if err := retry.RetryOnConflict(retry.DefaultRetry, update); err != nil {
		return err
	}
	return update()
}

// stated is what several kinds implement: the status through an accessor.
type stated interface {
	client.Object
	GetStatus() *apiv1.MemcachedStatus
}

// An early exit on the two fields the path then sets, read through the accessor.
func (r *Reconciler) setTokenState(ctx context.Context, obj stated, state, id string) error {
	if obj.GetStatus().State == state && obj.GetStatus().Message == id {
		return nil
	}
	obj.GetStatus().State = state
	obj.GetStatus().Message = id
	return r.Status().Update(ctx, obj)
}

// It compares a field and sets another: an accessor of an interface read in a
// condition is rule 9's, left alone.
func (r *Reconciler) setTokenStateNot(ctx context.Context, obj stated, state, id string) error {
	if obj.GetStatus().Message == id {
		return nil
	}
	obj.GetStatus().State = state
	return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
}

// An element appended only when the list lacks it: the list grows.
func (r *Reconciler) recordNode(ctx context.Context, obj *apiv1.Memcached, node, other string) error {
	if !slices.Contains(obj.Status.Nodes, node) {
		obj.Status.Nodes = append(obj.Status.Nodes, node)
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) recordOtherNode(ctx context.Context, obj *apiv1.Memcached, node, other string) error {
	if !slices.Contains(obj.Status.Nodes, other) {
		obj.Status.Nodes = append(obj.Status.Nodes, node)
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

// A change flag of that name, set where a field differs from what is then assigned.
func (r *Reconciler) flagged(ctx context.Context, obj *apiv1.Memcached, replicas int32) error {
	needsStatusUpdate := false
	if obj.Status.Attempts != replicas {
		obj.Status.Attempts = replicas
		needsStatusUpdate = true
	}
	if needsStatusUpdate {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

const condDisabled = "Disabled"

// setTrue sets a condition True through the package's helper.
func setTrue(conds *[]metav1.Condition, t string) {
	meta.SetStatusCondition(conds, metav1.Condition{Type: t, Status: metav1.ConditionTrue, Reason: "Done"})
}

// A condition found True and then removed, or found not True (an early exit) and then
// set True: the write changes it.
func (r *Reconciler) enableAgain(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.IsStatusConditionTrue(obj.Status.Conditions, condDisabled) {
		meta.RemoveStatusCondition(&obj.Status.Conditions, condDisabled)
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) cleanedUp(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.IsStatusConditionTrue(obj.Status.Conditions, "CleanedUp") {
		return nil
	}
	setTrue(&obj.Status.Conditions, "CleanedUp")
	return r.Status().Update(ctx, obj)
}

// Another condition set, or the same one set to the status it was found in: the write
// may send the status unchanged.
func (r *Reconciler) cleanedUpNot(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.IsStatusConditionTrue(obj.Status.Conditions, "CleanedUp") {
		return nil
	}
	setTrue(&obj.Status.Conditions, "Other")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) stillDisabled(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.IsStatusConditionTrue(obj.Status.Conditions, condDisabled) {
		setTrue(&obj.Status.Conditions, condDisabled)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A bool status field found set and then cleared, or found clear (an early exit on
// it set) and then set: the write changes it.
func (r *Reconciler) release(ctx context.Context, obj *apiv1.Memcached, owner string) error {
	if obj.Status.Reserved && obj.Status.Message == owner {
		obj.Status.Reserved = false
		obj.Status.Message = ""
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) reserve(ctx context.Context, obj *apiv1.Memcached, owner string) error {
	if obj.Status.Reserved {
		return nil
	}
	obj.Status.Reserved = true
	obj.Status.Message = owner
	return r.Status().Update(ctx, obj)
}

// Set to what it was found: the write may send the status unchanged.
func (r *Reconciler) reserveAgain(ctx context.Context, obj *apiv1.Memcached, owner string) error {
	if obj.Status.Reserved {
		obj.Status.Reserved = true
		obj.Status.Message = owner
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// cluster-api's conditions, which take the object: found False and then deleted, a
// change; found False and marked False again, none.
func (r *Reconciler) clearRemediated(ctx context.Context, obj *apiv1.Memcached) error {
	if conditions.IsFalse(obj, "Remediated") {
		conditions.Delete(obj, "Remediated")
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) markRemediatedAgain(ctx context.Context, obj *apiv1.Memcached) error {
	if conditions.IsFalse(obj, "Remediated") {
		conditions.MarkFalse(obj, "Remediated", "Again")
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// An early exit through a local alias of a nested status: past it, the progress the
// path sets differs from the stored one in a field it compared, or there was none.
func (r *Reconciler) progress(ctx context.Context, obj *apiv1.Memcached, done, remaining int32) error {
	cur := obj.Status.Progress
	if cur != nil && cur.Done == done && cur.Remaining == remaining {
		return nil
	}
	obj.Status.Progress = &apiv1.ProgressStatus{Done: done, Remaining: remaining}
	return r.Status().Update(ctx, obj)
}

// The same through a value built in a variable first, the exit comparing one field.
func (r *Reconciler) progressBuilt(ctx context.Context, obj *apiv1.Memcached, done int32) error {
	if p := obj.Status.Progress; p != nil && p.Done == done {
		return nil
	}
	next := apiv1.ProgressStatus{Done: done}
	obj.Status.Progress = &next
	return r.Status().Update(ctx, obj)
}

// The exit also leaves on something that is no status field, compares a field with a
// value the path does not set, or reads an alias assigned twice: past it the progress
// may be unchanged.
func (r *Reconciler) progressNot(ctx context.Context, obj *apiv1.Memcached, done, remaining int32, fresh bool) error {
	cur := obj.Status.Progress
	if cur != nil && cur.Done == done && !fresh {
		return nil
	}
	obj.Status.Progress = &apiv1.ProgressStatus{Done: done, Remaining: remaining}
	if err := r.Status().Update(ctx, obj); err != nil { // not reported: a condition on the way reads the stored status (rule 9)
		return err
	}
	if cur != nil && cur.Done == remaining {
		return nil
	}
	obj.Status.Progress = &apiv1.ProgressStatus{Done: done}
	if err := r.Status().Update(ctx, obj); err != nil { // not reported: a condition on the way reads the stored status (rule 9)
		return err
	}
	other := obj.Status.Progress
	other = &apiv1.ProgressStatus{}
	if other != nil && other.Done == done {
		return nil
	}
	obj.Status.Progress = &apiv1.ProgressStatus{Done: done}
	return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
}

// A helper sets two fields from its parameters, and each caller reaches it only when
// one of them differs from what the caller hands in or is empty (and then filled).
func (r *Reconciler) setSecret(ctx context.Context, obj *apiv1.Memcached, image, name string) error { // want setSecret:"fills Secret, Image"
	ref := &apiv1.SecretRef{Name: name}
	obj.Status.Secret = ref
	obj.Status.Image = image
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) secretImported(ctx context.Context, obj *apiv1.Memcached, name string) error {
	if obj.Status.Secret == nil || obj.Status.Secret.Name != name || obj.Status.Image != obj.Spec.Image {
		if err := r.setSecret(ctx, obj, obj.Spec.Image, name); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) secretGenerated(ctx context.Context, obj *apiv1.Memcached, image string) error {
	if obj.Status.Secret == nil || obj.Status.Image == "" || obj.Status.Secret.Name != obj.Name+"-secret" {
		return r.setSecret(ctx, obj, image, obj.Name+"-secret")
	}
	return nil
}

// The same helper shape, but one caller compares a value it does not hand in, and
// another leaves on a flag: the write may send the status unchanged.
func (r *Reconciler) setSecretToo(ctx context.Context, obj *apiv1.Memcached, image, name string) error { // want setSecretToo:"fills Secret, Image"
	obj.Status.Secret = &apiv1.SecretRef{Name: name}
	obj.Status.Image = image
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) secretMismatched(ctx context.Context, obj *apiv1.Memcached, name, other string) error {
	if obj.Status.Secret == nil || obj.Status.Secret.Name != other {
		return r.setSecretToo(ctx, obj, obj.Spec.Image, name)
	}
	return nil
}

func (r *Reconciler) secretForced(ctx context.Context, obj *apiv1.Memcached, name string, force bool) error {
	if obj.Status.Secret == nil || force {
		return r.setSecretToo(ctx, obj, obj.Spec.Image, name)
	}
	return nil
}

// The write sends a deep copy of the object: what the path found in the original is
// what the copy held when it was taken (a state it moves on from, a field it sets
// that differed).
func (r *Reconciler) copied(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Pending" {
		next := obj.DeepCopy()
		next.Status.State = "Running"
		return r.Status().Update(ctx, next)
	}
	if obj.Status.Image != obj.Spec.Image {
		next := obj.DeepCopy()
		next.Status.Image = obj.Spec.Image
		return r.Status().Update(ctx, next)
	}
	return nil
}

// The original is the one changed after the copy was taken, or the copy is no copy
// of the object the condition read: the write may send the status unchanged.
// Rule 9 takes the comparison with a value for a guard, unproven: left alone.
func (r *Reconciler) copiedNot(ctx context.Context, obj, other *apiv1.Memcached) error {
	if obj.Status.Image != obj.Spec.Image {
		next := obj.DeepCopy()
		obj.Status.Image = obj.Spec.Image
		return r.Status().Update(ctx, next) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

func (r *Reconciler) copiedOther(ctx context.Context, obj, other *apiv1.Memcached) error {
	if obj.Status.Image != obj.Spec.Image {
		next := other.DeepCopy()
		next.Status.Image = obj.Spec.Image
		return r.Status().Update(ctx, next) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

// An early exit when the generation was already observed (<=, or >= the other way
// round): past it, the write records a generation it had not.
func (r *Reconciler) observedOnce(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Generation <= obj.Status.ObservedGeneration {
		return nil
	}
	obj.Status.ObservedGeneration = obj.Generation
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) observedOnceReversed(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.ObservedGeneration >= obj.Generation {
		return nil
	}
	obj.Status.ObservedGeneration = obj.Generation
	return r.Status().Update(ctx, obj)
}

// The exit on <= taken the other way (the write inside it), or on a field the write
// does not set: the write may send the status unchanged.
// Rule 9 takes the comparison with a value for a guard, unproven: left alone.
func (r *Reconciler) observedNot(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Generation <= obj.Status.ObservedGeneration {
		obj.Status.ObservedGeneration = obj.Generation
		return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
	}
	return nil
}

func (r *Reconciler) observedOther(ctx context.Context, obj *apiv1.Memcached) error {
	if int64(obj.Status.Attempts) >= obj.Generation {
		return nil
	}
	obj.Status.ObservedGeneration = obj.Generation
	return r.Status().Update(ctx, obj) // not reported: a condition on the way reads the stored status (rule 9)
}

// A length found not zero, then the field cleared; a length found zero, then the
// field filled: each write moves the field, here or in a helper the condition calls.
func (r *Reconciler) lengths(ctx context.Context, obj *apiv1.Memcached, nodes []string) error {
	if len(obj.Status.Nodes) != 0 {
		obj.Status.Nodes = nil
		return r.Status().Update(ctx, obj)
	}
	if 0 < len(obj.Status.Message) && obj.Spec.Size > 0 {
		return r.clearMessage(ctx, obj)
	}
	if len(obj.Status.Image) < 1 {
		return nil
	}
	obj.Status.Image = ""
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) clearMessage(ctx context.Context, obj *apiv1.Memcached) error { // want clearMessage:"fills State"
	obj.Status.Message = ""
	obj.Status.State = "Cleared"
	return r.Status().Update(ctx, obj)
}

// The length says the field holds something, and the path sets something that may be
// what it holds; or a length that says neither.
func (r *Reconciler) lengthsNot(ctx context.Context, obj *apiv1.Memcached) error {
	if len(obj.Status.Message) > 0 {
		obj.Status.Message = "x"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if len(obj.Status.Nodes) >= 0 {
		obj.Status.Nodes = nil
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A condition type found absent and then set, or found present and then removed:
// here, through a predicate of the package, or in a helper the write is in.
func (r *Reconciler) finish(ctx context.Context, obj *apiv1.Memcached, failed bool) error {
	if hasCondition(obj, "Finished") {
		return nil
	}
	if failed {
		return r.markFinished(ctx, obj, metav1.ConditionFalse)
	}
	return r.markFinished(ctx, obj, metav1.ConditionTrue)
}

func (r *Reconciler) markFinished(ctx context.Context, obj *apiv1.Memcached, status metav1.ConditionStatus) error { // want markFinished:"fills Conditions"
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Finished", Status: metav1.ConditionTrue, Reason: "Done"})
	return r.Status().Update(ctx, obj)
}

func hasCondition(obj *apiv1.Memcached, t string) bool {
	for _, c := range obj.Status.Conditions {
		if c.Type == t {
			return true
		}
	}
	return false
}

func pending(conds []metav1.Condition) bool {
	return meta.FindStatusCondition(conds, "Pending") != nil
}

func (r *Reconciler) unblock(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.FindStatusCondition(obj.Status.Conditions, "Blocked") != nil {
		meta.RemoveStatusCondition(&obj.Status.Conditions, "Blocked")
		return r.Status().Update(ctx, obj)
	}
	if !pending(obj.Status.Conditions) {
		setTrue(&obj.Status.Conditions, "Pending")
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Another type set, or a present condition set again (its status may be the one it
// holds), the write in a helper (in the function itself, rule 9 takes such a test
// for a guard): the write may send the status unchanged.
func (r *Reconciler) finishNot(ctx context.Context, obj *apiv1.Memcached) error {
	if hasCondition(obj, "Finished") {
		return r.markAgain(ctx, obj)
	}
	if !hasCondition(obj, "Blocked") {
		return r.markOther(ctx, obj)
	}
	return nil
}

func (r *Reconciler) markAgain(ctx context.Context, obj *apiv1.Memcached) error { // want markAgain:"fills Conditions"
	setTrue(&obj.Status.Conditions, "Finished")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) markOther(ctx context.Context, obj *apiv1.Memcached) error { // want markOther:"fills Conditions"
	setTrue(&obj.Status.Conditions, "Other")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The object held in a field of a per-reconcile state, written by a method of it: a
// caller's test of s.obj is a test of the object the method writes.
type instance struct {
	r   *Reconciler
	obj *apiv1.Memcached
}

func (r *Reconciler) reconcileInstance(ctx context.Context, req reconcile.Request, ref string) error {
	s := &instance{r: r, obj: &apiv1.Memcached{}}
	if err := r.Get(ctx, req.NamespacedName, s.obj); err != nil {
		return err
	}
	if s.obj.Status.Progress != nil {
		return s.again(ctx)
	}
	if s.obj.Status.Secret != nil {
		return nil
	}
	return s.record(ctx, ref)
}

func (s *instance) record(ctx context.Context, ref string) error { // want record:"fills Secret"
	s.obj.Status.Secret = &apiv1.SecretRef{Name: ref}
	return s.r.Status().Update(ctx, s.obj)
}

// Found set, and given something that may be what it holds.
func (s *instance) again(ctx context.Context) error { // want again:"fills Progress"
	s.obj.Status.Progress = &apiv1.ProgressStatus{Done: 1}
	return s.r.Status().Update(ctx, s.obj) // want `s.r.Status\(\).Update writes status with no semantic diff`
}

// A pointer field found set, and cleared by a helper: nil means the same to the
// caller as to the helper, so the caller's test proves the write a change.
func (r *Reconciler) found(ctx context.Context, obj *apiv1.Memcached, present bool) error {
	if !present {
		return nil
	}
	if obj.Status.Secret != nil {
		return r.clearSecret(ctx, obj)
	}
	return nil
}

func (r *Reconciler) clearSecret(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.Secret = nil
	return r.Status().Update(ctx, obj)
}

// Found empty, and cleared again: the write may send what is stored.
func (r *Reconciler) foundNot(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Progress == nil {
		return r.clearProgress(ctx, obj)
	}
	return nil
}

func (r *Reconciler) clearProgress(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.Progress = nil
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A reset written and checked, then a second write of the same pass that sets the
// field to another constant: the second moves it from what the pass stored.
func (r *Reconciler) resetThenSet(ctx context.Context, obj *apiv1.Memcached, skip bool) error {
	if obj.Status.Progress == nil {
		obj.Status.Progress = &apiv1.ProgressStatus{}
	}
	obj.Status.State = ""
	obj.Status.Message = ""
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if skip {
		obj.Status.Progress = &apiv1.ProgressStatus{Done: 1}
		obj.Status.State = "Skipped"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
		return nil
	}
	obj.Status.Message = "created"
	err := r.Status().Update(ctx, obj)
	if err != nil {
		return err
	}
	obj.Status.Message = "done"
	return r.Status().Update(ctx, obj)
}

// The same constant again, a field the first write did not set, a first write whose
// error is only logged, or a value set under a condition: the second write may send
// what is stored.
func (r *Reconciler) resetThenSetNot(ctx context.Context, obj *apiv1.Memcached, sometimes bool) error { // want resetThenSetNot:"fills State"
	obj.Status.State = "Skipped"
	if sometimes {
		obj.Status.Message = ""
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.State = "Skipped"
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.Message = "other"
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.Image = ""
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		_ = err
	}
	obj.Status.Image = "next"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A getter and its setter on an interface the kinds implement, which no fact
// follows: the getter found different from the value the setter is then given.
type versioned interface {
	client.Object
	GetObservedVersion() string
	SetObservedVersion(v string)
}

func (r *Reconciler) observe(ctx context.Context, obj versioned, v string, set bool) error {
	if set && obj.GetObservedVersion() != v {
		obj.SetObservedVersion(v)
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Another value given, or a getter of another name compared: the write may send what
// is stored.
func (r *Reconciler) observeNot(ctx context.Context, obj versioned, v string) error {
	if obj.GetObservedVersion() != v {
		obj.SetObservedVersion(v + "-next")
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if obj.GetName() != v {
		obj.SetObservedVersion(v)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A write past a checked Create: the pass created something, which succeeds once
// for a name (rule 10); in a caller too.
func (r *Reconciler) created(ctx context.Context, obj, child *apiv1.Memcached) error {
	if err := r.Create(ctx, child); err != nil {
		return err
	}
	obj.Status.State = "Created"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) createThenRecord(ctx context.Context, obj, child *apiv1.Memcached) error {
	err := r.Create(ctx, child)
	if err != nil {
		return err
	}
	return r.recordCreated(ctx, obj)
}

func (r *Reconciler) recordCreated(ctx context.Context, obj *apiv1.Memcached) error { // want recordCreated:"fills State"
	obj.Status.State = "Created"
	return r.Status().Update(ctx, obj)
}

// A Create whose failure is let through in part, or only logged: the write follows
// on every pass.
func (r *Reconciler) createdNot(ctx context.Context, obj, child *apiv1.Memcached) error {
	if err := r.Create(ctx, child); err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	obj.Status.State = "Created"
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if err := r.Create(ctx, child); err != nil {
		_ = err
	}
	obj.Status.Message = "again"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The write in the branch where a Create just succeeded (rule 10), or where it may
// have failed too: only the first is past an event.
func (r *Reconciler) createdBranch(ctx context.Context, obj, child *apiv1.Memcached) error {
	err := r.Create(ctx, child)
	if err == nil {
		obj.Status.State = "Created"
		return r.Status().Update(ctx, obj)
	}
	if err := r.Create(ctx, child); err == nil || apierrors.IsNotFound(err) {
		obj.Status.Message = "created"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return err
}

// A write past a switch on the state that moved it on every path that falls through:
// each clause gives it a constant of its own, and the default leaves (rule 7).
func (r *Reconciler) stepped(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "":
		obj.Status.State = "Pending"
	case "Pending", "Queued":
		obj.Status.Message = "started"
		obj.Status.State = "Running"
	case "Done":
		return nil
	default:
		return nil
	}
	return r.Status().Update(ctx, obj)
}

// A clause that gives the state the value it found, a default that falls through, a
// switch on another field than the one assigned: the write may resend the state.
func (r *Reconciler) steppedKeeps(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Running":
		obj.Status.State = "Running"
	case "":
		obj.Status.State = "Pending"
	default:
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) steppedDefault(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "":
		obj.Status.State = "Pending"
	default:
		obj.Status.State = "Running"
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) steppedOther(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.Message {
	case "":
		obj.Status.State = "Pending"
	default:
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A write reached only when CreateOrUpdate (or CreateOrPatch) created or changed the
// child (rule 10): the next pass, with nothing to do, finds OperationResultNone and
// does not write; in the branch, past an early exit, or in a case of a switch on the
// result, in a caller too.
func (r *Reconciler) childChanged(ctx context.Context, obj, child *apiv1.Memcached) error {
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, child, func() error { return nil })
	if err != nil {
		return err
	}
	if op != controllerutil.OperationResultNone {
		obj.Status.Message = "child " + string(op)
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if controllerutil.OperationResultCreated == op || op == controllerutil.OperationResultUpdated {
		obj.Status.State = "Progressing"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	switch op {
	case controllerutil.OperationResultCreated, controllerutil.OperationResultUpdated:
		obj.Status.State = "Rolled"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if op == controllerutil.OperationResultNone {
		return nil
	}
	return r.recordChild(ctx, obj)
}

func (r *Reconciler) recordChild(ctx context.Context, obj *apiv1.Memcached) error { // want recordChild:"fills Message"
	obj.Status.Message = "child changed"
	return r.Status().Update(ctx, obj)
}

// A write on the branch where nothing was done, behind a test of the result that is
// not one of change, or past an early exit that leaves only when it was: sent on
// every pass that changes nothing.
func (r *Reconciler) childChangedNot(ctx context.Context, obj, child *apiv1.Memcached) error {
	op, err := controllerutil.CreateOrPatch(ctx, r.Client, child, func() error { return nil })
	if err != nil {
		return err
	}
	if op == controllerutil.OperationResultNone {
		obj.Status.Message = "child as it was"
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if op != controllerutil.OperationResultCreated {
		obj.Status.State = "Present"
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	switch op {
	case controllerutil.OperationResultCreated:
	default:
		obj.Status.State = "Any"
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if op == controllerutil.OperationResultCreated {
		return nil
	}
	obj.Status.State = "Updated or unchanged"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A setter that gives the state one of its parameters: at each call, the argument
// stands in its place, so a write past an early exit on the terminal states that
// sets one of them moves the state; one that sets another state may resend it.
func setPhase(obj *apiv1.Memcached, msg, state string) { // want setPhase:"sets status" setPhase:"fills Message, State"
	obj.Status.Message = msg
	obj.Status.State = state
}

func (r *Reconciler) terminal(ctx context.Context, obj *apiv1.Memcached, failed bool) error {
	if obj.Status.State == "Ready" || obj.Status.State == "Failed" {
		return nil
	}
	if failed {
		setPhase(obj, "gave up", "Failed")
		return r.Status().Update(ctx, obj)
	}
	setPhase(obj, "creating", "Creating")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
}

// A *bool status flag read through a method of the API type and found not true, then
// set true: the write moves it. One set true when found true may resend it.
func (r *Reconciler) completed(ctx context.Context, obj *apiv1.Memcached) error {
	if !obj.IsCompleted() {
		done := true
		obj.Status.Completed = &done
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if !obj.IsReserved() {
		obj.Status.Reserved = true
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.IsCompleted() {
		obj.Status.Completed = ptrTo(true)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }

// stage is a named type of the state's values; a switch on a conversion of the field
// to it is a switch on the field: the Queued case moves the state to Active, the
// Active case sends Active again.
type stage string

const (
	stageQueued stage = "Queued"
	stageActive stage = "Active"
)

func (r *Reconciler) byConvertedState(ctx context.Context, obj *apiv1.Memcached) error {
	switch stage(obj.Status.State) {
	case stageQueued:
		obj.Status.State = string(stageActive)
		return r.Status().Update(ctx, obj)
	case stageActive:
		obj.Status.State = string(stageActive)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	if stage(obj.Status.State) == "" {
		obj.Status.State = string(stageQueued)
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// A condition read through a method of the API type that tests it: found not True and
// set True, or found False and set True, the write moves it; found True and set True
// again, or set to what the test found, it may resend it.
func (r *Reconciler) readyByMethod(ctx context.Context, obj *apiv1.Memcached) error {
	if !obj.IsReady() {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: apiv1.ConditionReady, Status: metav1.ConditionTrue, Reason: "Up"})
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.IsDegraded() {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Healthy", Status: metav1.ConditionTrue, Reason: "Up"})
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.IsDegraded() {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Healthy", Status: metav1.ConditionFalse, Reason: "Down"})
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status`
			return err
		}
	}
	if obj.IsReady() {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: apiv1.ConditionReady, Status: metav1.ConditionTrue, Reason: "Up"})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

// The state compared with a constant by a method of the API type or a function of the
// package that returns the comparison: found not Running and set Running, found
// Running and set Stopped, found unfinished and set Done, or found not Queued and set
// Queued, the write moves it; set to what the test found, or another field set, it
// may resend it.
func (r *Reconciler) stateByMethod(ctx context.Context, obj *apiv1.Memcached) error {
	if !obj.IsRunning() {
		obj.Status.State = "Running"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.IsRunning() {
		obj.Status.State = "Stopped"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if obj.Unfinished() {
		obj.Status.State = "Done"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	if isQueued(obj) {
		return nil
	}
	obj.Status.State = "Queued"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) stateByMethodKeeps(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.IsRunning() {
		obj.Status.State = "Running"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

func (r *Reconciler) stateByFunctionOtherField(ctx context.Context, obj *apiv1.Memcached) error {
	if isQueued(obj) {
		obj.Status.Message = "queued"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

func isQueued(m *apiv1.Memcached) bool { return m.Status.State == "Queued" }

// Fields assigned and read through a pointer to the status (st := &obj.Status) are
// the object's: found not Ready and set Ready, the write moves it; set without a
// test, it may resend it.
func (r *Reconciler) throughPointer(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	st := &obj.Status
	if st.State == "Ready" {
		return nil
	}
	st.State = "Ready"
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) throughPointerUntested(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	st := &obj.Status
	if st.Message == "" {
		return nil
	}
	st.Message = msg
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
}

// A condition looked for with a loop that sets a flag, then appended when the flag
// is false: the list grows (rule 7). Appended with another type, or the flag reset
// past the loop, the write may add what is there already.
func (r *Reconciler) foundByLoop(ctx context.Context, obj *apiv1.Memcached, node string) error {
	found := false
	for _, c := range obj.Status.Conditions {
		if c.Type == apiv1.ConditionReady {
			found = true
		}
	}
	if !found {
		obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: apiv1.ConditionReady, Status: metav1.ConditionTrue})
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	var listed bool
	for _, n := range obj.Status.Nodes {
		if node == n {
			listed = true
			break
		}
	}
	if listed {
		return nil
	}
	obj.Status.Nodes = append(obj.Status.Nodes, node)
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) foundByLoopOther(ctx context.Context, obj *apiv1.Memcached) error {
	found := false
	for _, c := range obj.Status.Conditions {
		if c.Type == apiv1.ConditionReady {
			found = true
		}
	}
	if !found {
		obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: "Healthy"})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

func (r *Reconciler) foundByLoopOrAnyway(ctx context.Context, obj *apiv1.Memcached, force bool) error {
	found := false
	for _, c := range obj.Status.Conditions {
		if c.Type == apiv1.ConditionReady {
			found = true
		}
	}
	if force {
		found = false
	}
	if !found {
		obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: apiv1.ConditionReady})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}

// A handler per phase behind an interface of the package: the switch calls the
// Running one only in the Running phase, so its write, moving the phase on, is a
// transition; the Done one, called in the Done phase, resends the same phase.
type phaseHandler interface {
	handle(ctx context.Context, obj *apiv1.Memcached) error
}

type runningHandler struct{ r *Reconciler }

type doneHandler struct{ r *Reconciler }

func (h *runningHandler) handle(ctx context.Context, obj *apiv1.Memcached) error { // want handle:"fills State"
	obj.Status.State = "Launching"
	return h.r.Status().Update(ctx, obj)
}

func (h doneHandler) handle(ctx context.Context, obj *apiv1.Memcached) error { // want handle:"fills State"
	obj.Status.State = "Done"
	return h.r.Status().Update(ctx, obj) // want `h.r.Status\(\).Update writes status`
}

func (r *Reconciler) byPhase(ctx context.Context, obj *apiv1.Memcached) error {
	var running, done phaseHandler = &runningHandler{r}, doneHandler{r}
	switch obj.Status.State {
	case "Running":
		return running.handle(ctx, obj)
	case "Done":
		return done.handle(ctx, obj)
	}
	return nil
}

// A getter that returns nil with every error: a write of its result in the branch
// that found the error sends nothing; past it, the object is there.
func (r *Reconciler) getClaim(ctx context.Context, obj *apiv1.Memcached) (*apiv1.Memcached, error) { // want getClaim:"nil on error \\[0\\]"
	var m apiv1.Memcached
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func (r *Reconciler) onClaimError(ctx context.Context, obj *apiv1.Memcached) error {
	claim, err := r.getClaim(ctx, obj)
	if err != nil {
		claim.Status.Message = "failed"
		return r.Status().Update(ctx, claim)
	}
	claim.Status.Message = "ok"
	return r.Status().Update(ctx, claim) // want `r.Status\(\).Update writes status`
}

// A field found set, then cleared with an empty literal, or with the whole status or a
// part that holds it: the write always changes it.
func (r *Reconciler) clearedWhole(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image != "" && obj.Status.Message != "" {
		obj.Status = apiv1.MemcachedStatus{}
		return r.Status().Update(ctx, obj)
	}
	if len(obj.Status.Nodes) > 0 {
		obj.Status.Nodes = []string{}
		return r.Status().Update(ctx, obj)
	}
	if obj.Status.Progress.Done != 0 {
		obj.Status.Progress = nil
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Found set, then given another non-empty value, or found empty and cleared: no
// change is proven.
func (r *Reconciler) clearedWholeNot(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image != "" {
		obj.Status = apiv1.MemcachedStatus{Image: "other"}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if obj.Status.Message == "" {
		obj.Status.Nodes = []string{}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if len(obj.Status.Nodes) > 0 {
		obj.Status.Conditions = []metav1.Condition{}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A loop that returns when the list holds the value, then the value appended: the
// list grows, as past !slices.Contains.
func (r *Reconciler) addNode(ctx context.Context, obj *apiv1.Memcached, node string) error {
	for _, n := range obj.Status.Nodes {
		if n == node {
			return nil
		}
	}
	nodes := append(obj.Status.Nodes, node)
	obj.Status.Nodes = nodes
	return r.Status().Update(ctx, obj)
}

// The same with the element matched by a function that says it tests sameness.
func (r *Reconciler) addNodeSame(ctx context.Context, obj *apiv1.Memcached, node string) error {
	for _, n := range obj.Status.Nodes {
		if sameNode(n, node) {
			return nil
		}
	}
	obj.Status.Nodes = append(obj.Status.Nodes, node)
	return r.Status().Update(ctx, obj)
}

// A function that says nothing of sameness (a prefix): not proven.
func (r *Reconciler) addNodePrefixed(ctx context.Context, obj *apiv1.Memcached, node string) error {
	for _, n := range obj.Status.Nodes {
		if strings.HasPrefix(n, node) {
			return nil
		}
	}
	obj.Status.Nodes = append(obj.Status.Nodes, node)
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func sameNode(a, b string) bool { return strings.EqualFold(a, b) }

// A loop that only breaks, or appends another value: no growth is proven.
func (r *Reconciler) addNodeNot(ctx context.Context, obj *apiv1.Memcached, node, other string) error { // want addNodeNot:"fills Nodes"
	for _, n := range obj.Status.Nodes {
		if n == node {
			break
		}
	}
	obj.Status.Nodes = append(obj.Status.Nodes, node)
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	for _, n := range obj.Status.Nodes {
		if n == node {
			return nil
		}
	}
	obj.Status.Nodes = append(obj.Status.Nodes, other)
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A state set the same in every branch of an if/else that falls through, the write
// in a helper each call of which sits in the case of the state it leaves: it moves.
func (r *Reconciler) byState(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Cancelled":
		return r.finishCancelled(ctx, obj)
	case "Running":
		return r.finishRunning(ctx, obj)
	}
	return nil
}

func (r *Reconciler) finishCancelled(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image == "" {
		obj.Status.State = "Complete"
		obj.Status.Message = "gone"
	} else {
		obj.Status.State = "Complete"
		obj.Status.Message = "cancelled"
		if obj.Spec.Size > 3 {
			return errors.New("retry")
		}
	}
	return r.Status().Update(ctx, obj)
}

// The branches set different states, one of them the state found: no move is proven.
func (r *Reconciler) finishRunning(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image == "" {
		obj.Status.State = "Complete"
	} else {
		obj.Status.State = "Running"
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// remoteAPI is a remote service's client (a cloud API, not the cluster's): its
// create methods return what they made.
type remoteAPI interface {
	CreateThing(ctx context.Context, name string) (*remoteThing, error)
	CreateOrUpdateThing(ctx context.Context, name string) (*remoteThing, error)
	CreateBucket(ctx context.Context, name string) error
}

type remoteThing struct{ ID, Version string }

// A write that records what a remote create just made, past its checked error or in
// the branch where it succeeded (rule 10): the next pass finds the thing and does not
// create it again, or creates another, with another ID.
func (r *Reconciler) createdRemote(ctx context.Context, obj *apiv1.Memcached, api remoteAPI) error {
	thing, err := api.CreateThing(ctx, obj.Name)
	if err != nil {
		return err
	}
	obj.Status.Message = "created " + thing.ID
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) createdRemoteBranch(ctx context.Context, obj *apiv1.Memcached, api remoteAPI) error {
	thing, err := api.CreateThing(ctx, obj.Name)
	if err == nil {
		obj.Status.Message = thing.Version
		return r.Status().Update(ctx, obj)
	}
	return err
}

// A create-or-update runs on every pass; a create that answers only an error may be
// an idempotent helper; a created thing the write does not record says nothing of
// this pass: each write may be sent unchanged.
func (r *Reconciler) createdRemoteUpsert(ctx context.Context, obj *apiv1.Memcached, api remoteAPI) error {
	thing, err := api.CreateOrUpdateThing(ctx, obj.Name)
	if err != nil {
		return err
	}
	obj.Status.Message = thing.ID
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) createdRemoteErrOnly(ctx context.Context, obj *apiv1.Memcached, api remoteAPI) error {
	if err := api.CreateBucket(ctx, obj.Name); err != nil {
		return err
	}
	obj.Status.State = "Bucket"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) createdRemoteUnrecorded(ctx context.Context, obj *apiv1.Memcached, api remoteAPI) error {
	_, err := api.CreateThing(ctx, obj.Name)
	if err != nil {
		return err
	}
	obj.Status.State = "Thing"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A field found empty, then filled by one of two fill helpers, whichever branch runs,
// and written by a third: it moves from empty to a value, never sent unchanged
// (rule 7 with fill functions, rule 4 for the writing helper).
func (r *Reconciler) filledByHelpers(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image != "" {
		return nil
	}
	if obj.Spec.Size > 0 {
		r.imageFromSpec(obj)
	} else {
		r.imageDefault(obj)
	}
	return r.saveImage(ctx, obj)
}

func (r *Reconciler) imageFromSpec(obj *apiv1.Memcached) { // want imageFromSpec:"fills Image"
	obj.Status.Image = obj.Name + ":spec"
}

func (r *Reconciler) imageDefault(obj *apiv1.Memcached) { // want imageDefault:"fills Image"
	obj.Status.Image = obj.Name + ":default"
}

func (r *Reconciler) saveImage(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Update(ctx, obj)
}

// One branch that fills nothing, or a helper that fills another field, leaves the
// field as it was found: the write may be sent unchanged.
func (r *Reconciler) filledOneBranch(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image != "" {
		return nil
	}
	if obj.Spec.Size > 0 {
		r.imageFromSpec(obj)
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) filledOther(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Message != "" {
		return nil
	}
	r.imageDefault(obj)
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// reconciliation holds the object of one pass, as some reconcilers keep it in a
// struct of their own.
type reconciliation struct {
	client.Client
	ctx context.Context
	obj *apiv1.Memcached
}

// An early exit when the image is recorded; then one of two helpers records it, each
// only on the paths that return no error, and the path leaves on that error; then a
// third writes: the field moves from empty to a value, never sent unchanged (rule 7
// with fills on success, rule 4 for the writing helper).
func (s *reconciliation) ensureImage() error {
	if s.obj.Status.Image != "" {
		return nil
	}
	var err error
	if s.obj.Spec.Size > 0 {
		err = s.pinImage()
	} else {
		err = s.resolveImage()
	}
	if err != nil {
		return err
	}
	return s.storeStatus()
}

func (s *reconciliation) pinImage() error { // want pinImage:"fills Image of obj on success"
	if s.obj.Name == "" {
		return errors.New("no name")
	}
	s.obj.Status.Image = s.obj.Name + ":pinned"
	return nil
}

func (s *reconciliation) resolveImage() error { // want resolveImage:"fills Image of obj on success"
	if err := s.ctx.Err(); err != nil {
		return err
	}
	s.obj.Status.Image = s.obj.Name + ":resolved"
	return nil
}

func (s *reconciliation) storeStatus() error {
	return s.Status().Update(s.ctx, s.obj)
}

// The call's error let through, or a helper that may answer nil before it fills,
// leaves the field as it was found: the write may be sent unchanged.
func (s *reconciliation) ensureImageUnchecked() error {
	if s.obj.Status.Image != "" {
		return nil
	}
	_ = s.pinImage()
	return s.Status().Update(s.ctx, s.obj) // want `s.Status\(\).Update writes status with no semantic diff`
}

func (s *reconciliation) ensureImageMaybe() error {
	if s.obj.Status.Image != "" {
		return nil
	}
	if err := s.maybeImage(); err != nil {
		return err
	}
	return s.Status().Update(s.ctx, s.obj) // want `s.Status\(\).Update writes status with no semantic diff`
}

func (s *reconciliation) maybeImage() error {
	if s.obj.Spec.Size == 0 {
		return nil
	}
	s.obj.Status.Image = s.obj.Name + ":maybe"
	return nil
}

// A dispatch on the state whose default runs a helper that moves the state to one
// that another clause lists: the default found none of those, so the write is a
// transition, never sent unchanged (rule 7, through rule 4 for the helper).
func (r *Reconciler) dispatched(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Exporting":
		return nil
	case "Ready", apiv1.StateFailed:
		return nil
	default:
		return r.checkRun(ctx, obj, obj.Spec.Size > 0)
	}
}

func (r *Reconciler) checkRun(ctx context.Context, obj *apiv1.Memcached, done bool) error {
	if done {
		obj.Status.State = "Exporting"
		return r.Status().Update(ctx, obj)
	}
	obj.Status.State = apiv1.StateFailed
	return r.Status().Update(ctx, obj)
}

// A default that gives the state a constant no other clause lists, or a switch whose
// clauses list no constants, says nothing of what is stored: the write may be sent
// unchanged.
func (r *Reconciler) dispatchedElsewhere(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Ready":
		return nil
	default:
		obj.Status.State = "Running"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
}

func (r *Reconciler) dispatchedOnSpec(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case obj.Spec.Image:
		return nil
	default:
		obj.Status.State = "Ready"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
}

// A child looked up, found absent, created by a helper that answers only an error,
// and the creation recorded: the next pass finds the child and does not come here
// (rule 10).
func (r *Reconciler) createdWhenAbsent(ctx context.Context, obj *apiv1.Memcached) error {
	child := &apiv1.Memcached{}
	err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name + "-run"}, child)
	if err != nil {
		if apierrors.IsNotFound(err) {
			if err := r.createRun(ctx, obj); err != nil {
				return err
			}
			obj.Status.State = "Initializing"
			obj.Status.Message = "run created"
			return r.Status().Update(ctx, obj)
		}
		return err
	}
	return nil
}

func (r *Reconciler) createRun(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Create(ctx, &apiv1.Memcached{})
}

// Absent and not created, absent on the object written itself, or created with its
// failure let through: each pass may come back to the write with nothing done.
func (r *Reconciler) absentNotCreated(ctx context.Context, obj *apiv1.Memcached) error {
	child := &apiv1.Memcached{}
	err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name + "-run"}, child)
	if apierrors.IsNotFound(err) {
		obj.Status.State = "Waiting"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return err
}

func (r *Reconciler) absentSelf(ctx context.Context, obj *apiv1.Memcached) error {
	err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	if apierrors.IsNotFound(err) {
		if err := r.createRun(ctx, obj); err != nil {
			return err
		}
		obj.Status.State = "Initializing"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return err
}

func (r *Reconciler) absentCreateUnchecked(ctx context.Context, obj *apiv1.Memcached) error {
	child := &apiv1.Memcached{}
	err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name + "-run"}, child)
	if apierrors.IsNotFound(err) {
		_ = r.createRun(ctx, obj)
		obj.Status.State = "Initializing"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return err
}

// An if with else ifs that leaves when there is nothing to run, goes on when the
// state is Pending, and sets Pending otherwise: past it the state is Pending, so a
// write that moves it to Failed is a transition (rule 7).
func (r *Reconciler) chained(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size < 0 {
		return nil
	} else if obj.Status.State == "Pending" {
		r.note(obj.Name)
	} else {
		obj.Status.State = "Pending"
		return r.Status().Update(ctx, obj)
	}
	if obj.Spec.Size == 0 {
		obj.Status.State = apiv1.StateFailed
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) note(string) {}

// A branch that goes on in the state the write sets, one that goes on and assigns the
// status, or a chain with no final else that the path may pass by whatever the
// state: the write may be sent unchanged.
func (r *Reconciler) chainedSame(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size == 0 {
		return nil
	} else if obj.Status.State == apiv1.StateFailed {
		r.note(obj.Name)
	} else {
		return nil
	}
	obj.Status.State = apiv1.StateFailed
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) chainedAssigns(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size == 0 {
		return nil
	} else if obj.Status.State == apiv1.StateFailed {
		obj.Status.Message = "failed"
	} else {
		return nil
	}
	obj.Status.State = apiv1.StateFailed
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) chainedOpen(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size == 0 {
		return nil
	} else if obj.Status.State == "Pending" {
		r.note(obj.Name)
	}
	obj.Status.State = "Completed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// operation is a long-running remote operation: its token resumes it on a later pass.
type operation struct {
	Token string
	done  bool
}

func (o *operation) Done() bool { return o.done }

// startResize starts a remote resize when one is due and answers nil, with no error,
// when there is nothing to start.
func (r *Reconciler) startResizeIfNeeded(ctx context.Context, obj *apiv1.Memcached) (*operation, error) { // want startResizeIfNeeded:"nil on error \\[0\\]"
	if obj.Spec.Size == 0 {
		return nil, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return &operation{Token: obj.Name}, nil
}

// beginBackup always answers the operation it began.
func (r *Reconciler) beginBackup(ctx context.Context, obj *apiv1.Memcached) (*operation, error) {
	return &operation{Token: obj.Name}, ctx.Err()
}

// lookupResize finds the resize under way, nil when there is none.
func (r *Reconciler) lookupResize(ctx context.Context, obj *apiv1.Memcached) (*operation, error) {
	if obj.Spec.Size == 0 {
		return nil, nil
	}
	return &operation{Token: obj.Name}, ctx.Err()
}

// A write that records the handle of an operation the pass just started, reached only
// when the start answered one (rule 10): the next pass finds it under way or starts
// another, with another token.
func (r *Reconciler) startedOperation(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.startResizeIfNeeded(ctx, obj)
	if err != nil {
		return err
	} else if op != nil && !op.Done() {
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) startedOperationPast(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.startResizeIfNeeded(ctx, obj)
	if err != nil {
		return err
	}
	if op != nil {
		obj.Status.State = "Resizing"
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// A start that never answers nil may hand back the same running operation on every
// pass; a lookup finds what is there; an unchecked error, a handle the write does not
// record, or one assigned again says nothing of this pass: each write may be sent
// unchanged.
func (r *Reconciler) startedAlways(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.beginBackup(ctx, obj)
	if err != nil {
		return err
	}
	if op != nil {
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) startedLookup(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.lookupResize(ctx, obj)
	if err != nil {
		return err
	}
	if op != nil {
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) startedUnchecked(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.startResizeIfNeeded(ctx, obj)
	if op != nil {
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return err
}

func (r *Reconciler) startedUnrecorded(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.startResizeIfNeeded(ctx, obj)
	if err != nil {
		return err
	}
	if op != nil {
		obj.Status.State = "Resizing"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) startedReassigned(ctx context.Context, obj *apiv1.Memcached) error {
	op, err := r.startResizeIfNeeded(ctx, obj)
	if err != nil {
		return err
	}
	if op == nil {
		op, err = r.lookupResize(ctx, obj)
		if err != nil {
			return err
		}
	}
	if op != nil {
		obj.Status.Message = op.Token
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A setter of another package that reports through its named result whether it added
// a condition, handed the object through an interface: a write behind its true is
// never sent unchanged.
func (r *Reconciler) initialized(ctx context.Context, obj *apiv1.Memcached) error {
	if conds.Initialize(obj, "Ready", "Synced") {
		return r.Status().Update(ctx, obj)
	}
	if conds.InitializeOne(obj, "Degraded") {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// mark sets a condition through the interface and says whether it changed: its result
// is set true in the branch where meta.SetStatusCondition said it changed something.
func mark(target conds.Holder, c metav1.Condition) (set bool) { // want mark:"reports change"
	conditions := target.GetConditions()
	if meta.SetStatusCondition(&conditions, c) {
		set = true
	}
	target.SetConditions(conditions)
	return set
}

// reset says true whether or not it changed anything, and unmarked where the setter
// said it changed nothing: no report of a change, and the writes behind their true
// may send the status unchanged.
func reset(target conds.Holder, types ...string) (changed bool) {
	conditions := target.GetConditions()
	for _, t := range types {
		meta.SetStatusCondition(&conditions, metav1.Condition{Type: t, Status: metav1.ConditionUnknown})
		changed = true
	}
	target.SetConditions(conditions)
	return
}

func unmarked(target conds.Holder, c metav1.Condition) (same bool) {
	conditions := target.GetConditions()
	if !meta.SetStatusCondition(&conditions, c) {
		same = true
	}
	target.SetConditions(conditions)
	return
}

// A bool of the object that is never true reports nothing either.
func neverMarked(obj *apiv1.Memcached, c metav1.Condition) bool {
	if obj.Status.State == "" {
		return false
	}
	return false
}

func (r *Reconciler) initializedNot(ctx context.Context, obj *apiv1.Memcached, c metav1.Condition) error {
	if reset(obj, "Ready") {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if unmarked(obj, c) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// setNodes gives whichever kind it is handed (as a client.Object) the node list, when
// it differs: a type switch binds the object to each kind, and the default returns,
// so after the switch the status has changed and its true is a report of that.
func setNodes(obj client.Object, nodes []string) (bool, error) { // want setNodes:"reports change"
	if reflect.DeepEqual(nodesOf(obj), nodes) {
		return false, nil
	}
	switch o := obj.(type) {
	case *apiv1.Memcached:
		o.Status.Nodes = nodes
	case *apiv1.Watched:
		o.Status.Nodes = nodes
	default:
		return false, errors.New("no nodes in this kind")
	}
	return true, nil
}

func nodesOf(obj client.Object) []string {
	switch o := obj.(type) {
	case *apiv1.Memcached:
		return o.Status.Nodes
	case *apiv1.Watched:
		return o.Status.Nodes
	}
	return nil
}

// setNodesSome has no default: a kind of neither case passes untouched and is still
// reported changed. setNodesLogged leaves one kind untouched. Neither reports a
// change, and the writes behind them may send the status unchanged.
func setNodesSome(obj client.Object, nodes []string) bool {
	if reflect.DeepEqual(nodesOf(obj), nodes) {
		return false
	}
	switch o := obj.(type) {
	case *apiv1.Memcached:
		o.Status.Nodes = nodes
	case *apiv1.Watched:
		o.Status.Nodes = nodes
	}
	return true
}

func setNodesLogged(obj client.Object, nodes []string) bool {
	if reflect.DeepEqual(nodesOf(obj), nodes) {
		return false
	}
	switch o := obj.(type) {
	case *apiv1.Memcached:
		o.Status.Nodes = nodes
	default:
		_ = o
	}
	return true
}

func (r *Reconciler) nodes(ctx context.Context, obj *apiv1.Memcached, nodes []string) error {
	needed, err := setNodes(obj, nodes)
	if err != nil {
		return err
	}
	if needed {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *Reconciler) nodesNot(ctx context.Context, obj *apiv1.Memcached, nodes []string) error {
	if setNodesSome(obj, nodes) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if setNodesLogged(obj, nodes) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A loop over the conditions that returns when the Accepted one is True, then the list
// rebuilt with an Accepted condition that is True: past the loop no condition was
// Accepted and True, so the write adds one.
func (r *Reconciler) acceptedPastLoop(ctx context.Context, obj *apiv1.Memcached) error {
	var kept []metav1.Condition
	for _, c := range obj.Status.Conditions {
		if c.Type == "Accepted" {
			if c.Status == metav1.ConditionTrue {
				return nil
			}
			continue
		}
		kept = append(kept, c)
	}
	obj.Status.Conditions = append(kept, metav1.Condition{Type: "Accepted", Status: metav1.ConditionTrue, Reason: "Accepted"})
	return r.Status().Update(ctx, obj)
}

// The loop leaves on Accepted whatever its status, or only breaks, or the appended
// condition is not the one the loop looked for: the write may send what is stored.
func (r *Reconciler) acceptedPastLoopNot(ctx context.Context, obj *apiv1.Memcached, other bool) error { // want acceptedPastLoopNot:"fills Conditions"
	var kept []metav1.Condition
	for _, c := range obj.Status.Conditions {
		if c.Type == "Accepted" && c.Status == metav1.ConditionTrue {
			break
		}
		kept = append(kept, c)
	}
	obj.Status.Conditions = append(kept, metav1.Condition{Type: "Accepted", Status: metav1.ConditionTrue})
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	for _, c := range obj.Status.Conditions {
		if c.Type == "Accepted" && c.Status == metav1.ConditionTrue {
			return nil
		}
	}
	obj.Status.Conditions = append(kept, metav1.Condition{Type: "Accepted", Status: metav1.ConditionFalse})
	if other {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A value given in a branch on the way may be the one the condition found: the write
// may send the state it found.
func (r *Reconciler) givenInBranch(ctx context.Context, obj *apiv1.Memcached, again bool) error {
	if obj.Status.State == apiv1.StateFailed {
		obj.Status.State = "Running"
		if again {
			obj.Status.State = apiv1.StateFailed
		}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A write on the way stores what the object holds: a second write with nothing
// changed since sends it again, whatever the condition above both found.
func (r *Reconciler) writtenTwice(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State != "Running" {
		obj.Status.State = "Running"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A setter that leaves early when the state already holds what it would give, and
// sets it otherwise: past the call the state holds its argument on every path, as
// setPhase's does. A write past a switch case on another state moves it.
func (r *Reconciler) movePhase(obj *apiv1.Memcached, state string) { // want movePhase:"sets status"
	if obj.Status.State == state {
		return
	}
	obj.Status.State = state
	obj.Status.Message = "moved to " + state
}

// The early exit tests something else: the state is not set on every path.
func (r *Reconciler) movePhaseIf(obj *apiv1.Memcached, state string, skip bool) {
	if skip {
		return
	}
	obj.Status.State = state
}

func (r *Reconciler) moves(ctx context.Context, obj *apiv1.Memcached, skip bool) error {
	switch obj.Status.State {
	case "Sleeping":
		r.movePhase(obj, "Waking")
		return r.Status().Update(ctx, obj)
	case "Draining":
		r.movePhaseIf(obj, "Drained", skip)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	case "Waking":
		r.movePhase(obj, "Waking")
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status`
	}
	return nil
}
