package apiserverproof_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/opgen-dev/opgen/internal/envtestassets"
)

var c client.WithWatch

var gvk = schema.GroupVersionKind{Group: "proof.opgen.dev", Version: "v1", Kind: "Widget"}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	assets, err := envtestassets.Dir("../../..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	env := &envtest.Environment{BinaryAssetsDirectory: assets, CRDs: []*apiextensionsv1.CustomResourceDefinition{widgetCRD()}}
	// Hosts without a default route need both, or the apiserver cannot pick an address.
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none")
	cfg, stop, err := envtestassets.Start(env)
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting envtest:", err)
		return 1
	}
	defer stop()
	if c, err = client.NewWithWatch(cfg, client.Options{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

// widgetCRD is a namespaced kind with a status subresource and free-form spec and status.
func widgetCRD() *apiextensionsv1.CustomResourceDefinition {
	preserve := true
	obj := apiextensionsv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &preserve}
	crd := &apiextensionsv1.CustomResourceDefinition{
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: gvk.Group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: gvk.Kind, ListKind: gvk.Kind + "List", Plural: "widgets", Singular: "widget"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: gvk.Version, Served: true, Storage: true,
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
					Type:       "object",
					Properties: map[string]apiextensionsv1.JSONSchemaProps{"spec": obj, "status": obj},
				}},
				Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
			}},
		},
	}
	crd.Name = "widgets." + gvk.Group
	return crd
}

func newWidget(t *testing.T, name string) *unstructured.Unstructured {
	t.Helper()
	w := &unstructured.Unstructured{}
	w.SetGroupVersionKind(gvk)
	w.SetNamespace("default")
	w.SetName(name)
	if err := unstructured.SetNestedField(w.Object, "a", "spec", "size"); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(context.Background(), w); err != nil {
		t.Fatal(err)
	}
	if err := unstructured.SetNestedField(w.Object, "Ready", "status", "phase"); err != nil {
		t.Fatal(err)
	}
	if err := c.Status().Update(context.Background(), w); err != nil {
		t.Fatal(err)
	}
	return w
}

// watchEvents watches the one object from its current resourceVersion and returns a
// function that reports the events seen within a grace period.
func watchEvents(t *testing.T, w *unstructured.Unstructured) func() []watch.Event {
	t.Helper()
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	wi, err := c.Watch(context.Background(), list, client.InNamespace(w.GetNamespace()),
		client.MatchingFields{"metadata.name": w.GetName()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(wi.Stop)
	// The watch starts now: drop the ADDED event of the existing object.
	select {
	case ev := <-wi.ResultChan():
		if ev.Type != watch.Added {
			t.Fatalf("first event %s, want ADDED", ev.Type)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no initial event")
	}
	return func() []watch.Event {
		var seen []watch.Event
		deadline := time.After(2 * time.Second)
		for {
			select {
			case ev := <-wi.ResultChan():
				seen = append(seen, ev)
			case <-deadline:
				return seen
			}
		}
	}
}

func get(t *testing.T, w *unstructured.Unstructured) *unstructured.Unstructured {
	t.Helper()
	live := &unstructured.Unstructured{}
	live.SetGroupVersionKind(gvk)
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(w), live); err != nil {
		t.Fatal(err)
	}
	return live
}

func TestUnchangedMergeFromPatchIsNotPersisted(t *testing.T) {
	for _, tc := range []struct {
		name, object string
		patch        func(base client.Object) client.Patch
	}{
		{"MergeFrom", "unchanged-plain", client.MergeFrom},
		{"MergeFromWithOptimisticLock", "unchanged-locked", func(base client.Object) client.Patch {
			return client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWidget(t, tc.object)
			events := watchEvents(t, w)
			rv := w.GetResourceVersion()

			// The reconcile computes the status it already has.
			patch := tc.patch(w.DeepCopy())
			if err := unstructured.SetNestedField(w.Object, "Ready", "status", "phase"); err != nil {
				t.Fatal(err)
			}
			data, err := patch.Data(w)
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "MergeFrom" && string(data) != "{}" {
				t.Fatalf("patch %s, want {}", data)
			}
			for range 3 {
				if err := c.Status().Patch(context.Background(), w, patch); err != nil {
					t.Fatal(err)
				}
			}
			if got := get(t, w).GetResourceVersion(); got != rv {
				t.Errorf("resourceVersion %s after unchanged patches, want %s kept", got, rv)
			}
			if seen := events(); len(seen) != 0 {
				t.Errorf("%d watch events after unchanged patches, want none: %v", len(seen), seen[0].Type)
			}
		})
	}
}

func TestChangedMergeFromPatchIsWatched(t *testing.T) {
	w := newWidget(t, "changed")
	events := watchEvents(t, w)
	gen := w.GetGeneration()
	rv := w.GetResourceVersion()

	patch := client.MergeFrom(w.DeepCopy())
	if err := unstructured.SetNestedField(w.Object, "Degraded", "status", "phase"); err != nil {
		t.Fatal(err)
	}
	if err := c.Status().Patch(context.Background(), w, patch); err != nil {
		t.Fatal(err)
	}
	live := get(t, w)
	if live.GetResourceVersion() == rv {
		t.Errorf("resourceVersion %s kept after a changing patch", rv)
	}
	// A status write is an update event that a generation predicate drops.
	if live.GetGeneration() != gen {
		t.Errorf("generation %d after a status patch, want %d kept", live.GetGeneration(), gen)
	}
	seen := events()
	if len(seen) != 1 || seen[0].Type != watch.Modified {
		t.Errorf("watch events %v after a changing patch, want one MODIFIED", seen)
	}
}

// applyStatus applies phase as the status of w, server-side, as field manager
// "opgen-proof".
func applyStatus(t *testing.T, w *unstructured.Unstructured, phase string) {
	t.Helper()
	cfg := &unstructured.Unstructured{}
	cfg.SetGroupVersionKind(gvk)
	cfg.SetNamespace(w.GetNamespace())
	cfg.SetName(w.GetName())
	if err := unstructured.SetNestedField(cfg.Object, phase, "status", "phase"); err != nil {
		t.Fatal(err)
	}
	if err := c.Status().Patch(context.Background(), cfg, client.Apply, client.FieldOwner("opgen-proof"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
}

// A server-side apply of the status that the manager already applied changes
// nothing: the API server does not persist it, so a controller that applies its
// status on every pass makes no watch event when nothing changed.
func TestRepeatedStatusApplyIsNotPersisted(t *testing.T) {
	w := newWidget(t, "applied")
	applyStatus(t, w, "Ready") // the manager's first apply takes ownership: a write
	rv := get(t, w).GetResourceVersion()
	events := watchEvents(t, get(t, w))
	for range 3 {
		applyStatus(t, w, "Ready")
	}
	if got := get(t, w).GetResourceVersion(); got != rv {
		t.Errorf("resourceVersion %s after repeated applies, want %s kept", got, rv)
	}
	if seen := events(); len(seen) != 0 {
		t.Errorf("%d watch events after repeated applies, want none: %v", len(seen), seen[0].Type)
	}
	applyStatus(t, w, "Degraded")
	if get(t, w).GetResourceVersion() == rv {
		t.Errorf("resourceVersion %s kept after an apply that changes the status", rv)
	}
}
