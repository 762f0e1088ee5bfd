package guards

import (
	"reflect"
	"slices"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// contentPredicate is the primary filter of a kind the project does not define
// (+opguard:for). Its generation is no guide: a Deployment's moves with every annotation
// change, a ConfigMap has none. So it passes an update when what the object holds
// changed (every field but its metadata and status: a Deployment's spec, a ConfigMap's
// data), when the deletion timestamp or the finalizers changed, or one of the watched
// labels or annotations; never status, managedFields or other metadata alone.
func contentPredicate(labels, annotations []string) predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			o, n := e.ObjectOld, e.ObjectNew
			if o == nil || n == nil {
				return true
			}
			switch {
			case !o.GetDeletionTimestamp().Equal(n.GetDeletionTimestamp()),
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
			return contentChanged(o, n)
		},
	}
}

// contentChanged reports whether two objects of one Go type differ in a field other
// than TypeMeta, ObjectMeta and Status. An object that is not a pointer to a struct
// (unstructured) counts as changed when its generation moved.
func contentChanged(o, n interface {
	GetGeneration() int64
}) bool {
	ov, nv := reflect.ValueOf(o), reflect.ValueOf(n)
	if ov.Kind() != reflect.Pointer || nv.Kind() != reflect.Pointer || ov.Type() != nv.Type() || ov.Elem().Kind() != reflect.Struct {
		return o.GetGeneration() != n.GetGeneration()
	}
	ov, nv = ov.Elem(), nv.Elem()
	for i := 0; i < ov.NumField(); i++ {
		f := ov.Type().Field(i)
		if f.Name == "TypeMeta" || f.Name == "ObjectMeta" || f.Name == "Status" || !f.IsExported() {
			continue
		}
		if !equality.Semantic.DeepEqual(ov.Field(i).Interface(), nv.Field(i).Interface()) {
			return true
		}
	}
	return false
}
