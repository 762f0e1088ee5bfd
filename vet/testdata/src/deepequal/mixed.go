package deepequal

import (
	"reflect"

	apiv1 "example.com/api/v1"
	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type plain struct {
	A int
	B []string
}

// tracked has an API field and an unexported one, on which equality.Semantic panics.
type tracked struct {
	Conditions []metav1.Condition `json:"conditions"`
	seen       int
}

// holder has an interface field: what it holds is not known.
type holder struct {
	Spec  corev1.PodSpec `json:"spec"`
	Extra any            `json:"extra"`
}

type settings struct {
	Replicas int32  `json:"replicas"`
	Image    string `json:"image"`
}

func compare(obj *apiv1.Memcached, pod *corev1.Pod, q resource.Quantity, limits corev1.ResourceList, c []metav1.Condition, ts metav1.Time) bool {
	// Plain Go values: fine.
	_ = reflect.DeepEqual(obj.Labels, map[string]string{})
	_ = reflect.DeepEqual(obj.Status.Nodes, []string{"a"})
	_ = reflect.DeepEqual(plain{}, plain{})
	_ = reflect.DeepEqual(obj.Spec, apiv1.MemcachedSpec{})
	_ = reflect.DeepEqual(settings{}, settings{})
	_ = reflect.DeepEqual(obj.UID, pod.UID)
	_ = apiequality.Semantic.DeepEqual(pod.Spec, corev1.PodSpec{})
	// API values.
	_ = reflect.DeepEqual(q, resource.MustParse("1")) // want `reflect.DeepEqual on resource.Quantity`
	_ = reflect.DeepEqual(limits, nil)                // want `reflect.DeepEqual on v1.ResourceList`
	_ = reflect.DeepEqual(c, obj.Status.Conditions)   // want `reflect.DeepEqual on \[\]v1.Condition`
	_ = reflect.DeepEqual(pod, pod)                   // want `reflect.DeepEqual on \*v1.Pod`
	// No fix where equality.Semantic could panic.
	_ = reflect.DeepEqual(tracked{}, tracked{}) // want `reflect.DeepEqual on deepequal.tracked: .*\(no fix offered: a compared struct has the unexported field seen`
	_ = reflect.DeepEqual(holder{}, holder{})   // want `reflect.DeepEqual on deepequal.holder: .*\(no fix offered: an interface value is compared`
	//opguard:ignore deepequal comparing exact wire values on purpose
	_ = reflect.DeepEqual(ts, metav1.Now())
	return reflect.TypeOf(obj) == nil
}
