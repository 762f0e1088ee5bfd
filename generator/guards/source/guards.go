package guards

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// ReadyCondition is the condition type the generated Reconcile sets to False, with the
// error's reason, when the reconcile logic returns a terminal error.
const ReadyCondition = "Ready"

// Outcome is what a kind's reconcile logic asks of the generated Reconcile besides the
// status to record.
type Outcome struct {
	// RequeueAfter asks for another reconcile after this delay, for state that no watch
	// reports (an external system). Zero: the next event brings the next reconcile.
	// Delays below MinRequeueAfter are raised to it.
	RequeueAfter time.Duration
}

// MinRequeueAfter is the shortest delay an Outcome can ask for. A short fixed requeue
// reconciles every object every few seconds whether anything changed or not; watches
// already deliver every change. Set it before the manager starts to change the policy.
var MinRequeueAfter = 5 * time.Second

// requeueAfter bounds a requested delay below.
func requeueAfter(d time.Duration) time.Duration {
	if d > 0 && d < MinRequeueAfter {
		return MinRequeueAfter
	}
	return d
}

// Terminal marks err as an error no retry can fix (an invalid spec, a reference that
// will not appear): the generated Reconcile records reason and the message in the
// Ready condition, and returns reconcile.TerminalError, so controller-runtime does not
// requeue. The next change of the object brings the next attempt. reconcile.TerminalError
// from controller-runtime is recognised too, with reason "Error".
func Terminal(reason string, err error) error {
	if err == nil {
		return nil
	}
	return &terminal{reason: reason, err: err}
}

type terminal struct {
	reason string
	err    error
}

func (t *terminal) Error() string { return t.err.Error() }
func (t *terminal) Unwrap() error { return t.err }

// terminalReason reports whether err is terminal, and its reason.
func terminalReason(err error) (string, bool) {
	var t *terminal
	if errors.As(err, &t) {
		return t.reason, true
	}
	if err != nil && errors.Is(err, reconcile.TerminalError(nil)) {
		return "Error", true
	}
	return "", false
}

// reconcileResult maps the reconcile logic's outcome and error to what controller-runtime
// expects: a terminal error is not requeued, any other error is retried with per-item
// backoff (see rateLimiter), and a requested delay is bounded below.
func reconcileResult(outcome Outcome, err error) (reconcile.Result, error) {
	if err != nil {
		if _, ok := terminalReason(err); ok && !errors.Is(err, reconcile.TerminalError(nil)) {
			return reconcile.Result{}, reconcile.TerminalError(err)
		}
		return reconcile.Result{}, err
	}
	return reconcile.Result{RequeueAfter: requeueAfter(outcome.RequeueAfter)}, nil
}

// rateLimiter is the retry policy for transient errors: per object 1 s, 2 s, 4 s … up
// to 5 minutes. controller-runtime's default starts at 5 ms, which turns a failing
// dependency into a retry storm.
func rateLimiter() workqueue.TypedRateLimiter[reconcile.Request] {
	return workqueue.NewTypedItemExponentialFailureRateLimiter[reconcile.Request](time.Second, 5*time.Minute)
}

// primaryPredicate lets through what a reconcile of the primary object must see:
// creation, deletion, and updates that change the generation (the spec), set the
// deletion timestamp, change the finalizers, or change one of the watched labels or
// annotations. Status-only and other metadata-only updates, including the writer's own
// status writes, are dropped: they are what feeds an update-watch-update loop.
func primaryPredicate(labels, annotations []string) predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			o, n := e.ObjectOld, e.ObjectNew
			if o == nil || n == nil {
				return true
			}
			switch {
			case o.GetGeneration() != n.GetGeneration(),
				!o.GetDeletionTimestamp().Equal(n.GetDeletionTimestamp()),
				!slices.Equal(o.GetFinalizers(), n.GetFinalizers()):
				return true
			}
			for _, k := range labels {
				if o.GetLabels()[k] != n.GetLabels()[k] {
					return true
				}
			}
			for _, k := range annotations {
				if o.GetAnnotations()[k] != n.GetAnnotations()[k] {
					return true
				}
			}
			return false
		},
	}
}

// ownedPredicate is the filter on owned objects. It never looks at the generation:
// ConfigMaps and Secrets have none, and a Deployment's status, which the owner reports,
// does not change it. It only drops resyncs, which change nothing.
func ownedPredicate() predicate.Predicate {
	return predicate.ResourceVersionChangedPredicate{}
}

// statusMemory remembers, per object, the last status a writer applied, the
// resourceVersion its input had, and the one the server answered. Right after a write
// the informer cache often still holds the old object, and a reconcile in that window
// would apply the same status again. Entries live only while the cache is behind.
var statusMemory = struct {
	sync.Mutex
	m map[types.UID]appliedStatus
}{m: map[types.UID]appliedStatus{}}

type appliedStatus struct {
	base, result string
	status       any
	at           time.Time
}

// repeatsLastApply reports whether applying status to an object seen at resourceVersion
// rv would repeat the writer's last apply while the cache has not caught up with it.
func repeatsLastApply(uid types.UID, rv string, same func(last any) bool) bool {
	statusMemory.Lock()
	defer statusMemory.Unlock()
	last, ok := statusMemory.m[uid]
	if !ok {
		return false
	}
	if rv != last.base {
		// The cache has moved on (to our write or past it): the diff sees the truth.
		delete(statusMemory.m, uid)
		return false
	}
	return same(last.status)
}

// rememberApply records a successful apply.
func rememberApply(uid types.UID, base, result string, status any) {
	statusMemory.Lock()
	defer statusMemory.Unlock()
	now := time.Now()
	statusMemory.m[uid] = appliedStatus{base: base, result: result, status: status, at: now}
	// Objects deleted right after a write never come back to clear their entry.
	if len(statusMemory.m) > 1024 {
		for k, v := range statusMemory.m {
			if now.Sub(v.at) > 10*time.Minute {
				delete(statusMemory.m, k)
			}
		}
	}
}

// ownedStatus returns the part of obj's status that manager owns through Server-Side
// Apply on the status subresource, decoded through JSON into out, which must be zero.
// It reports false when obj carries no managed fields (a cache that strips them), in
// which case the caller must compare with the whole status.
//
// Comparing desired status with only what the writer owns is what keeps fields written
// by other managers from looking like a difference forever: the writer would re-apply
// on every reconcile and never converge.
func ownedStatus(obj client.Object, manager string, status any, out any) (bool, error) {
	mf := obj.GetManagedFields()
	if len(mf) == 0 {
		return false, nil
	}
	var fields map[string]any
	for _, e := range mf {
		if e.Manager == manager && e.Operation == metav1.ManagedFieldsOperationApply && e.Subresource == "status" && e.FieldsV1 != nil {
			if err := json.Unmarshal(e.FieldsV1.Raw, &fields); err != nil {
				return false, fmt.Errorf("decoding managed fields of %s: %w", manager, err)
			}
		}
	}
	owned, _ := fields["f:status"].(map[string]any)
	if owned == nil {
		// The manager owns nothing in status yet.
		return true, json.Unmarshal([]byte("{}"), out)
	}
	raw, err := json.Marshal(status)
	if err != nil {
		return false, err
	}
	var live any
	if err := json.Unmarshal(raw, &live); err != nil {
		return false, err
	}
	projected := project(live, owned)
	if projected == nil {
		projected = map[string]any{}
	}
	raw, err = json.Marshal(projected)
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(raw, out)
}

// project keeps the parts of a decoded JSON value that a managed-fields set names:
// "f:<name>" for a map key, "k:<json>" for a list element with those key fields,
// "v:<json>" for a set element, "i:<n>" for an index; an empty set keeps the whole value.
func project(value any, fields map[string]any) any {
	if len(fields) == 0 || onlyDot(fields) {
		return value
	}
	switch v := value.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, sub := range fields {
			if len(k) > 2 && k[:2] == "f:" {
				if x, ok := v[k[2:]]; ok {
					subFields, _ := sub.(map[string]any)
					out[k[2:]] = project(x, subFields)
				}
			}
		}
		return out
	case []any:
		var out []any
		for _, elem := range v {
			for k, sub := range fields {
				if len(k) < 2 {
					continue
				}
				subFields, _ := sub.(map[string]any)
				if matches(k, elem, v) {
					out = append(out, project(elem, subFields))
					break
				}
			}
		}
		return out
	}
	return value
}

func onlyDot(fields map[string]any) bool {
	_, dot := fields["."]
	return dot && len(fields) == 1
}

// matches reports whether a list element is the one a managed-fields key names.
func matches(key string, elem any, list []any) bool {
	var want any
	switch key[:2] {
	case "k:":
		if err := json.Unmarshal([]byte(key[2:]), &want); err != nil {
			return false
		}
		m, ok := elem.(map[string]any)
		wantMap, ok2 := want.(map[string]any)
		if !ok || !ok2 {
			return false
		}
		for f, v := range wantMap {
			if !jsonEqual(m[f], v) {
				return false
			}
		}
		return true
	case "v:":
		if err := json.Unmarshal([]byte(key[2:]), &want); err != nil {
			return false
		}
		return jsonEqual(elem, want)
	case "i:":
		var i int
		if _, err := fmt.Sscanf(key[2:], "%d", &i); err != nil || i < 0 || i >= len(list) {
			return false
		}
		return jsonEqual(list[i], elem)
	}
	return false
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// prepareConditions readies the conditions a writer applies: each keeps the
// lastTransitionTime of the live condition of its type unless its status changed (a
// Server-Side Apply must re-assert every field it owns, so the time is carried over
// rather than left out), gets now when it changed or is new, and with generation > 0
// records it as its observedGeneration.
func prepareConditions(desired, live []metav1.Condition, generation int64, now metav1.Time) {
	for i := range desired {
		d := &desired[i]
		if generation > 0 {
			d.ObservedGeneration = generation
		}
		var old *metav1.Condition
		for j := range live {
			if live[j].Type == d.Type {
				old = &live[j]
				break
			}
		}
		switch {
		case old != nil && old.Status == d.Status:
			d.LastTransitionTime = old.LastTransitionTime
		case d.LastTransitionTime.IsZero():
			d.LastTransitionTime = now
		}
	}
}

// sortConditions orders conditions by type, so that a diff does not see a change where
// only the order differs; they are a map keyed by type.
func sortConditions(conds []metav1.Condition) {
	sort.SliceStable(conds, func(i, j int) bool { return conds[i].Type < conds[j].Type })
}

// now is the time written into conditions, at the second precision the API stores.
func now() metav1.Time { return metav1.NewTime(time.Now().Truncate(time.Second)) }

// convert copies between API types and apply configurations through their shared JSON form.
func convert(from, to any) error {
	raw, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, to)
}

// ClientLimits is the operator's client-side rate limit: --kube-api-qps and
// --kube-api-burst. controller-runtime leaves client-side throttling off and counts on
// the API server's priority and fairness alone; a bounded client turns a runaway loop
// into a slow one before it reaches the server. A guarded operator at rest sends
// nothing, so the limit only binds in bursts (a mass resync, a rollout).
type ClientLimits struct {
	QPS   float64
	Burst int
}

// BindFlags registers --kube-api-qps and --kube-api-burst on fs with the given defaults.
func (l *ClientLimits) BindFlags(fs *flag.FlagSet, qps float64, burst int) {
	fs.Float64Var(&l.QPS, "kube-api-qps", qps, "client-side limit of requests per second to the API server; negative turns throttling off")
	fs.IntVar(&l.Burst, "kube-api-burst", burst, "requests the client may send at once above --kube-api-qps")
}

// Apply sets the limit on cfg; call it before a manager or client is built from cfg.
func (l ClientLimits) Apply(cfg *rest.Config) {
	cfg.QPS = float32(l.QPS)
	cfg.Burst = l.Burst
	if l.QPS < 0 {
		cfg.QPS, cfg.Burst = -1, 0
	}
}

// ensureFinalizer adds finalizer to obj with a Server-Side Apply that owns only that
// list element: no resourceVersion, so no conflict with writers of other fields or
// other finalizers.
func ensureFinalizer(ctx context.Context, c client.Client, obj client.Object, gvk schema.GroupVersionKind, finalizer, manager string) error {
	if slices.Contains(obj.GetFinalizers(), finalizer) {
		return nil
	}
	if err := c.Apply(ctx, finalizerApply(obj, gvk, finalizer), client.FieldOwner(manager), client.ForceOwnership); err != nil {
		return fmt.Errorf("adding finalizer %s: %w", finalizer, err)
	}
	obj.SetFinalizers(append(obj.GetFinalizers(), finalizer))
	return nil
}

// removeFinalizer releases finalizer: an apply without it drops it if this manager
// alone owns it. One added by someone else (an older operator's Update) is removed with
// a JSON patch that tests the element first, which also needs no resourceVersion.
func removeFinalizer(ctx context.Context, c client.Client, obj client.Object, gvk schema.GroupVersionKind, finalizer, manager string) error {
	i := slices.Index(obj.GetFinalizers(), finalizer)
	if i < 0 {
		return nil
	}
	u := finalizerApply(obj, gvk, "")
	if err := c.Apply(ctx, u, client.FieldOwner(manager), client.ForceOwnership); err != nil {
		return client.IgnoreNotFound(fmt.Errorf("removing finalizer %s: %w", finalizer, err))
	}
	var live unstructured.Unstructured
	live.SetGroupVersionKind(gvk)
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), &live); err != nil {
		return client.IgnoreNotFound(err)
	}
	i = slices.Index(live.GetFinalizers(), finalizer)
	if i < 0 {
		return nil
	}
	patch := fmt.Sprintf(`[{"op":"test","path":"/metadata/finalizers/%d","value":%q},{"op":"remove","path":"/metadata/finalizers/%d"}]`, i, finalizer, i)
	err := c.Patch(ctx, &live, client.RawPatch(types.JSONPatchType, []byte(patch)), client.FieldOwner(manager))
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

func finalizerApply(obj client.Object, gvk schema.GroupVersionKind, finalizer string) runtime.ApplyConfiguration {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(gvk)
	u.SetName(obj.GetName())
	u.SetNamespace(obj.GetNamespace())
	if finalizer != "" {
		u.SetFinalizers([]string{finalizer})
	}
	return client.ApplyConfigurationFromUnstructured(u)
}
