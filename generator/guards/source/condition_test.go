package guards

import (
	"context"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// widgetCRD is a kind of another project's, as the owned condition needs it: a status
// subresource whose conditions are a list keyed by type (listType=map).
func widgetCRD() *apiextensionsv1.CustomResourceDefinition {
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	condition := apiextensionsv1.JSONSchemaProps{
		Type:     "object",
		Required: []string{"type", "status", "reason", "message", "lastTransitionTime"},
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"type": str, "status": str, "reason": str, "message": str,
			"lastTransitionTime": {Type: "string", Format: "date-time"},
			"observedGeneration": {Type: "integer", Format: "int64"},
		},
	}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "widgets.others.example.org"},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: "others.example.org",
			Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: "Widget", ListKind: "WidgetList", Plural: "widgets", Singular: "widget"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
					Type: "object",
					Properties: map[string]apiextensionsv1.JSONSchemaProps{
						"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"size": {Type: "integer"}}},
						"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
							"conditions": {
								Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &condition},
								XListType: ptr.To("map"), XListMapKeys: []string{"type"},
							},
						}},
					},
				}},
			}},
		},
	}
}

func widget(ns string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("others.example.org/v1")
	u.SetKind("Widget")
	u.SetNamespace(ns)
	u.SetName("w")
	return u
}

// conditionsOf reads the live conditions of the widget, with the managers that own
// each entry.
func conditionsOf(t *testing.T, c client.Client, ns string) (*unstructured.Unstructured, []metav1.Condition) {
	t.Helper()
	u := widget(ns)
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(u), u); err != nil {
		t.Fatal(err)
	}
	raw, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	var out []metav1.Condition
	for _, r := range raw {
		var cond metav1.Condition
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(r.(map[string]any), &cond); err != nil {
			t.Fatal(err)
		}
		out = append(out, cond)
	}
	return u, out
}

func find(conds []metav1.Condition, typ string) *metav1.Condition {
	for i := range conds {
		if conds[i].Type == typ {
			return &conds[i]
		}
	}
	return nil
}

// TestApplyConditionOwnsOneEntry, against a real API server: the owned condition is
// applied with one request and sits beside another manager's; applied again unchanged
// it costs none, changed (the message) exactly one, which keeps its transition time;
// a copy of the object from before the write (a cache behind) costs none; the other
// manager's entry survives every step, and a change of it costs the owner nothing.
func TestApplyConditionOwnsOneEntry(t *testing.T) {
	if _, err := envtest.InstallCRDs(cfg, envtest.CRDInstallOptions{CRDs: []*apiextensionsv1.CustomResourceDefinition{widgetCRD()}}); err != nil {
		t.Fatal(err)
	}
	c := newCounted(t)
	ctx := context.Background()
	ns := namespace(t, c)
	w := widget(ns)
	if err := unstructured.SetNestedField(w.Object, int64(1), "spec", "size"); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	// The kind's own controller reports its condition.
	issued := func(status string) {
		t.Helper()
		u := widget(ns)
		_ = unstructured.SetNestedSlice(u.Object, []any{map[string]any{
			"type": "Issued", "status": status, "reason": "ByIssuer", "message": "", "lastTransitionTime": "2026-01-01T00:00:00Z",
		}}, "status", "conditions")
		if err := c.Status().Apply(ctx, client.ApplyConfigurationFromUnstructured(u), client.FieldOwner("issuer"), client.ForceOwnership); err != nil {
			t.Fatal(err)
		}
		c.sent()
	}
	issued("True")

	const typ = "example.com/BundleReady"
	apply := func(obj *unstructured.Unstructured, live []metav1.Condition, message string) bool {
		t.Helper()
		sent, err := applyCondition(ctx, c, obj, live, metav1.Condition{
			Type: typ, Status: metav1.ConditionTrue, Reason: "Applied", Message: message, ObservedGeneration: obj.GetGeneration(),
		}, "Widget", manager)
		if err != nil {
			t.Fatal(err)
		}
		return sent
	}

	before, live := conditionsOf(t, c, ns)
	if !apply(before, live, "bundle w-bundle applied") || c.sent() != 1 {
		t.Fatal("the owned condition, absent, was not applied with one request")
	}
	obj, live := conditionsOf(t, c, ns)
	mine := find(live, typ)
	if mine == nil || mine.Message != "bundle w-bundle applied" || find(live, "Issued") == nil || len(live) != 2 {
		t.Fatalf("after the apply the conditions are %+v, want Issued and %s", live, typ)
	}
	// Stale: the copy the decision was made from, as an informer cache that has not
	// caught up would hand it to the next reconcile.
	if apply(before, nil, "bundle w-bundle applied") || c.sent() != 0 {
		t.Fatal("a copy from before the write was applied again")
	}
	for i := 0; i < 2; i++ {
		if apply(obj, live, "bundle w-bundle applied") || c.sent() != 0 {
			t.Fatal("an unchanged condition was applied again")
		}
	}
	// The other manager's entry changes: nothing of the owner's does.
	issued("False")
	obj, live = conditionsOf(t, c, ns)
	if apply(obj, live, "bundle w-bundle applied") || c.sent() != 0 {
		t.Fatal("another manager's condition was seen as a difference")
	}
	// A changed message: one apply, the status (True) and so the transition time kept.
	time.Sleep(1100 * time.Millisecond) // a new time would show at the API's second precision
	if !apply(obj, live, "bundle w-bundle-2 applied") || c.sent() != 1 {
		t.Fatal("a changed condition was not applied with one request")
	}
	_, after := conditionsOf(t, c, ns)
	got := find(after, typ)
	if got == nil || got.Message != "bundle w-bundle-2 applied" || !got.LastTransitionTime.Equal(&mine.LastTransitionTime) {
		t.Fatalf("the condition after the change is %+v, want the new message and the transition time %v", got, mine.LastTransitionTime)
	}
	if is := find(after, "Issued"); is == nil || is.Status != metav1.ConditionFalse || is.Reason != "ByIssuer" {
		t.Fatalf("the issuer's condition is %+v, want its own False", is)
	}
	// Ownership: the entry is the owner's, the issuer's entry the issuer's.
	for _, mf := range obj.GetManagedFields() {
		if mf.Subresource != "status" || mf.FieldsV1 == nil {
			continue
		}
		s := string(mf.FieldsV1.Raw)
		switch mf.Manager {
		case manager:
			if !strings.Contains(s, typ) || strings.Contains(s, `"Issued"`) {
				t.Errorf("%s owns %s", manager, s)
			}
		case "issuer":
			if strings.Contains(s, typ) {
				t.Errorf("the issuer owns the owned condition: %s", s)
			}
		}
	}
}
