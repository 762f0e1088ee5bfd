package guards

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

// TestContentPredicate is the truth table of the primary filter of a kind the project
// does not define, on the two shapes that defeat a generation filter: a Deployment,
// whose generation moves with any annotation, and a ConfigMap, which has none.
func TestContentPredicate(t *testing.T) {
	deployment := func() *appsv1.Deployment {
		replicas := int32(1)
		return &appsv1.Deployment{
			ObjectMeta: metav1.ObjectMeta{Name: "a", Generation: 1, ResourceVersion: "1",
				Annotations: map[string]string{"example.com/config": "x"}, Labels: map[string]string{"tier": "a"}},
			Spec: appsv1.DeploymentSpec{Replicas: &replicas},
		}
	}
	configMap := func() *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: "1"}, Data: map[string]string{"k": "v"}}
	}
	now := metav1.Now()
	tests := []struct {
		name   string
		old    client.Object
		change func(client.Object)
		want   bool
	}{
		{"resync", deployment(), func(client.Object) {}, false},
		{"an unwatched annotation, which moves a Deployment's generation", deployment(), func(o client.Object) {
			o.SetAnnotations(map[string]string{"example.com/config": "x", "noise": "1"})
			o.SetGeneration(2)
		}, false},
		{"an unwatched label", deployment(), func(o client.Object) { o.SetLabels(map[string]string{"tier": "b"}) }, false},
		{"status", deployment(), func(o client.Object) { o.(*appsv1.Deployment).Status.ObservedGeneration = 1 }, false},
		{"the spec", deployment(), func(o client.Object) {
			r := int32(2)
			o.(*appsv1.Deployment).Spec.Replicas = &r
			o.SetGeneration(2)
		}, true},
		{"a watched annotation", deployment(), func(o client.Object) { o.SetAnnotations(map[string]string{"example.com/config": "y"}) }, true},
		{"a watched label", deployment(), func(o client.Object) { o.SetLabels(map[string]string{"tier": "b", "watched": "1"}) }, true},
		{"a finalizer", deployment(), func(o client.Object) { o.SetFinalizers([]string{"example.com/f"}) }, true},
		{"deletion", deployment(), func(o client.Object) { o.SetDeletionTimestamp(&now) }, true},
		{"a ConfigMap's data, without a generation", configMap(), func(o client.Object) { o.(*corev1.ConfigMap).Data["k"] = "w" }, true},
		{"a ConfigMap's annotation", configMap(), func(o client.Object) { o.SetAnnotations(map[string]string{"noise": "1"}) }, false},
	}
	p := contentPredicate([]string{"watched"}, []string{"example.com/config"})
	for _, tt := range tests {
		n := tt.old.DeepCopyObject().(client.Object)
		tt.change(n)
		n.SetResourceVersion("2")
		if got := p.Update(event.UpdateEvent{ObjectOld: tt.old, ObjectNew: n}); got != tt.want {
			t.Errorf("%s: passed %t, want %t", tt.name, got, tt.want)
		}
	}
}
