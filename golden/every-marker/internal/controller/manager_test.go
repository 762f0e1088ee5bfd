package controller

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/golden/every-marker/api/v1alpha1"
	cachev1alpha1ac "opgen.test/golden/every-marker/api/v1alpha1/applyconfiguration/api/v1alpha1"
)

// eventually polls cond every 100 ms until it holds or timeout passes.
func eventually(t *testing.T, timeout time.Duration, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v (last error: %v)", what, timeout, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func converged(obj *cachev1alpha1.Memcached) bool {
	c := meta.FindStatusCondition(obj.Status.Conditions, ReadyCondition)
	return obj.Status.ObservedGeneration == obj.Generation && c != nil && c.ObservedGeneration == obj.Generation
}

// statusWrites keeps the writes on memcacheds/status.
func statusWrites(writes []string) int {
	n := 0
	for _, w := range writes {
		if strings.HasSuffix(w, "memcacheds/status") {
			n++
		}
	}
	return n
}

// quiet waits until the manager has sent no write for a second.
func quiet(t *testing.T) {
	t.Helper()
	eventually(t, 30*time.Second, "the manager settling", func() (bool, error) {
		m := managerR.mark()
		time.Sleep(time.Second)
		return len(managerR.writesSince(m)) == 0, nil
	})
}

// TestQuiescence: 50 objects converge; then, over a 10-second window in which an
// outside writer changes unwatched labels and annotations and a status condition it
// owns, the manager sends zero writes and runs zero reconciles. Spec changes then cost
// one status write each, every one of which changes the stored object.
func TestQuiescence(t *testing.T) {
	ctx := context.Background()
	const n = 50
	for i := 0; i < n; i++ {
		obj := &cachev1alpha1.Memcached{}
		obj.Name, obj.Namespace = fmt.Sprintf("q%02d", i), quietNS
		obj.Spec.Size, obj.Spec.Image = 1, "memcached:1.6"
		if err := direct.Create(ctx, obj); err != nil {
			t.Fatal(err)
		}
	}
	list := func() []cachev1alpha1.Memcached {
		var l cachev1alpha1.MemcachedList
		if err := direct.List(ctx, &l, client.InNamespace(quietNS)); err != nil {
			t.Fatal(err)
		}
		return l.Items
	}
	eventually(t, 60*time.Second, "50 objects converging", func() (bool, error) {
		items := list()
		for i := range items {
			if !converged(&items[i]) {
				return false, fmt.Errorf("%s not converged: %+v", items[i].Name, items[i].Status)
			}
		}
		return len(items) == n, nil
	})
	quiet(t)

	// The quiet window.
	mark, reconciles := managerR.mark(), Calls.Reconciles.Load()
	var noise atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			name := fmt.Sprintf("q%02d", i%n)
			var err error
			if i%2 == 0 {
				patch := fmt.Sprintf(`{"metadata":{"labels":{"noise":"%d"},"annotations":{"noise":"%d"}}}`, i, i)
				err = direct.Patch(ctx, &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: quietNS}}, client.RawPatch(types.MergePatchType, []byte(patch)))
			} else {
				ac := cachev1alpha1ac.Memcached(name, quietNS).WithStatus(cachev1alpha1ac.MemcachedStatus().WithConditions(
					metav1ac.Condition().WithType("Outsider").WithStatus(metav1.ConditionTrue).WithReason("Poke").
						WithMessage(fmt.Sprint(i)).WithLastTransitionTime(metav1.Now())))
				err = direct.Status().Apply(ctx, ac, client.FieldOwner("outsider"), client.ForceOwnership)
			}
			if err != nil {
				t.Errorf("outside writer: %v", err)
				return
			}
			noise.Add(1)
		}
	}()
	time.Sleep(10 * time.Second)
	close(stop)
	wg.Wait()
	if noise.Load() < 100 {
		t.Fatalf("the outside writer made only %d changes", noise.Load())
	}
	if w := managerR.writesSince(mark); len(w) != 0 {
		t.Errorf("the manager wrote %d times in the quiet window: %v", len(w), w)
	}
	if r := Calls.Reconciles.Load() - reconciles; r != 0 {
		t.Errorf("%d reconciles in the quiet window, want 0", r)
	}
	t.Logf("quiet window: %d outside changes, 0 writes, 0 reconciles", noise.Load())

	// Spec changes, with a separate watch counting the status changes the server stored.
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	wc, err := client.NewWithWatch(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	w, err := wc.Watch(wctx, &cachev1alpha1.MemcachedList{}, client.InNamespace(quietNS))
	if err != nil {
		t.Fatal(err)
	}
	var effective atomic.Int64
	go func() {
		last := map[string]string{}
		for _, obj := range list() {
			s, _ := json.Marshal(obj.Status)
			last[obj.Name] = string(s)
		}
		for ev := range w.ResultChan() {
			obj, ok := ev.Object.(*cachev1alpha1.Memcached)
			if !ok || ev.Type != watch.Modified {
				continue
			}
			s, _ := json.Marshal(obj.Status)
			if last[obj.Name] != string(s) {
				effective.Add(1)
			}
			last[obj.Name] = string(s)
		}
	}()
	mark = managerR.mark()
	const changes = 20
	for i := 0; i < changes; i++ {
		patch := fmt.Sprintf(`{"spec":{"size":%d}}`, 2+i%3)
		if err := direct.Patch(ctx, &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("q%02d", i), Namespace: quietNS}}, client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, 30*time.Second, "spec changes converging", func() (bool, error) {
		items := list()
		for i := range items {
			if !converged(&items[i]) {
				return false, nil
			}
		}
		return true, nil
	})
	quiet(t)
	writes := statusWrites(managerR.writesSince(mark))
	eff := effective.Load()
	t.Logf("%d spec changes: %d status writes, %d effective status changes", changes, writes, eff)
	if writes > changes {
		t.Errorf("%d status writes for %d spec changes, want at most one each", writes, changes)
	}
	if writes < changes {
		t.Errorf("%d status writes for %d spec changes: some change was not written", writes, changes)
	}
	if float64(writes) > 1.05*float64(eff) {
		t.Errorf("%d status writes but only %d changed the stored object (more than 5%% wasted)", writes, eff)
	}
}

func createLifecycle(t *testing.T, name, image string, finalizers ...string) *cachev1alpha1.Memcached {
	t.Helper()
	obj := &cachev1alpha1.Memcached{}
	obj.Name, obj.Namespace, obj.Spec.Size, obj.Spec.Image = name, lifecycleNS, 1, image
	obj.Finalizers = finalizers
	if err := direct.Create(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

func getLifecycle(name string) (*cachev1alpha1.Memcached, error) {
	var obj cachev1alpha1.Memcached
	err := direct.Get(context.Background(), client.ObjectKey{Namespace: lifecycleNS, Name: name}, &obj)
	return &obj, err
}

// TestDeletionWithFinalizer: an object the operator put its finalizer on is cleaned up
// and deleted, not left Terminating.
func TestDeletionWithFinalizer(t *testing.T) {
	obj := createLifecycle(t, "doomed", "memcached:1.6")
	eventually(t, 20*time.Second, "the finalizer and a converged status", func() (bool, error) {
		o, err := getLifecycle("doomed")
		return err == nil && converged(o) && len(o.Finalizers) == 1, err
	})
	cleanups := Calls.Cleanups.Load()
	if err := direct.Delete(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "deletion completing", func() (bool, error) {
		_, err := getLifecycle("doomed")
		return apierrors.IsNotFound(err), err
	})
	if Calls.Cleanups.Load() <= cleanups {
		t.Fatal("CleanupMemcached was not called")
	}
}

// TestTerminalError: a terminal error is recorded in the Ready condition and not
// retried; the object still deletes (its finalizer was set by its creator, not applied
// by the operator, so this also covers the fallback removal).
func TestTerminalError(t *testing.T) {
	obj := createLifecycle(t, "broken", "terminal", memcachedFinalizer)
	eventually(t, 20*time.Second, "Ready=False with the terminal reason", func() (bool, error) {
		o, err := getLifecycle("broken")
		if err != nil {
			return false, err
		}
		c := meta.FindStatusCondition(o.Status.Conditions, ReadyCondition)
		return c != nil && c.Status == metav1.ConditionFalse && c.Reason == "InvalidImage", nil
	})
	attempts := len(Attempts(obj.UID))
	time.Sleep(5 * time.Second)
	if got := len(Attempts(obj.UID)); got != attempts || attempts != 1 {
		t.Fatalf("terminal error: %d attempts, then %d after 5 s; want 1 and no retry", attempts, got)
	}
	if err := direct.Delete(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "deletion completing", func() (bool, error) {
		_, err := getLifecycle("broken")
		return apierrors.IsNotFound(err), err
	})
}

// TestTransientError: a transient error is retried with growing backoff (1 s, then
// 2 s), and the object converges when the error clears.
func TestTransientError(t *testing.T) {
	obj := createLifecycle(t, "flaky", "transient", memcachedFinalizer)
	eventually(t, 30*time.Second, "convergence after two failures", func() (bool, error) {
		o, err := getLifecycle("flaky")
		return err == nil && converged(o), err
	})
	at := Attempts(obj.UID)
	if len(at) != 3 {
		t.Fatalf("%d attempts, want 2 failures and 1 success", len(at))
	}
	first, second := at[1].Sub(at[0]), at[2].Sub(at[1])
	t.Logf("retries after %v and %v", first, second)
	if first < 900*time.Millisecond || second < 1800*time.Millisecond {
		t.Fatalf("retries after %v and %v, want backoff of about 1 s then 2 s", first, second)
	}
}

// managersOf lists the field managers of managedFields entries, in order, once each.
func managersOf(entries []metav1.ManagedFieldsEntry) []string {
	var out []string
	for _, e := range entries {
		if !slices.Contains(out, e.Manager) {
			out = append(out, e.Manager)
		}
	}
	return out
}

// TestCacheKeepsOnlyOwnManagedFields: the manager's cache (CacheOptions) holds only
// the entries of MemcachedFieldManager and the status entries of other managers,
// though an outside manager owns a status condition and another a label of the object; and the writer, comparing with what it owns
// there, does not fight the outsider: its changes cost no write and no reconcile.
func TestCacheKeepsOnlyOwnManagedFields(t *testing.T) {
	ctx := context.Background()
	obj := createLifecycle(t, "trimmed", "memcached:1.6")
	eventually(t, 20*time.Second, "a converged status", func() (bool, error) {
		o, err := getLifecycle("trimmed")
		return err == nil && converged(o), err
	})
	quiet(t)
	mark, reconciles := managerR.mark(), Calls.Reconciles.Load()
	for i := 0; i < 5; i++ {
		ac := cachev1alpha1ac.Memcached(obj.Name, lifecycleNS).
			WithLabels(map[string]string{"outsider": fmt.Sprint(i)}).
			WithStatus(cachev1alpha1ac.MemcachedStatus().WithConditions(
				metav1ac.Condition().WithType("Outsider").WithStatus(metav1.ConditionTrue).WithReason("Poke").
					WithMessage(fmt.Sprint(i)).WithLastTransitionTime(metav1.Now())))
		if err := direct.Status().Apply(ctx, ac, client.FieldOwner("outsider"), client.ForceOwnership); err != nil {
			t.Fatal(err)
		}
		patch := fmt.Sprintf(`{"metadata":{"labels":{"outsider":"%d"}}}`, i)
		if err := direct.Patch(ctx, &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: obj.Name, Namespace: lifecycleNS}},
			client.RawPatch(types.MergePatchType, []byte(patch)), client.FieldOwner("labeller")); err != nil {
			t.Fatal(err)
		}
	}
	server, err := getLifecycle("trimmed")
	if err != nil {
		t.Fatal(err)
	}
	if m := managersOf(server.ManagedFields); !slices.Contains(m, "outsider") || !slices.Contains(m, "labeller") {
		t.Fatalf("the server names %v as managers: the outsiders' entries are missing, nothing for the cache to drop", m)
	}
	var inCache cachev1alpha1.Memcached
	eventually(t, 20*time.Second, "the cache catching up", func() (bool, error) {
		err := managerCache.Get(ctx, client.ObjectKeyFromObject(obj), &inCache)
		return err == nil && inCache.ResourceVersion == server.ResourceVersion, err
	})
	// Its own entries, and every manager's status entries (small, and how the writer
	// names another manager that holds its fields); the labeller's entry is gone.
	m := managersOf(inCache.ManagedFields)
	slices.Sort(m)
	if want := []string{MemcachedFieldManager, "outsider"}; !slices.Equal(m, want) {
		t.Fatalf("the manager's cache holds the entries of %v, want %v", m, want)
	}
	if meta.FindStatusCondition(inCache.Status.Conditions, "Outsider") == nil {
		t.Fatal("the cached status lost the outsider's condition: only managedFields are trimmed")
	}
	time.Sleep(2 * time.Second)
	if w := managerR.writesSince(mark); len(w) != 0 {
		t.Errorf("the manager wrote %v after the outsider's changes", w)
	}
	if r := Calls.Reconciles.Load() - reconciles; r != 0 {
		t.Errorf("%d reconciles after the outsider's changes, want 0", r)
	}
}
