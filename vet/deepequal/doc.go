// Package deepequal defines an analyzer that reports reflect.DeepEqual on Kubernetes
// API objects and their parts, with a fix to equality.Semantic.DeepEqual.
//
// # Analyzer deepequal
//
// deepequal: report reflect.DeepEqual on Kubernetes API objects or their parts (fix suggested)
//
// # Incident
//
// reflect.DeepEqual compares representations, not meanings: resource.Quantity
// "1000m" and "1" differ, a nil slice or map differs from an empty one, a
// metav1.Time read back from the server (second precision, no monotonic clock) differs
// from the one just built. A diff before a write that uses it finds a difference on
// every reconcile, so the guard guards nothing: every pass writes, and the write is a
// watch event (the update–watch–update loop).
//
// # Rule
//
// Reported: a call of reflect.DeepEqual either argument of which has an API type:
//
//   - a named type declared in a package under k8s.io/api/ or k8s.io/apimachinery/
//     whose underlying type is not a plain scalar (metav1.Time, metav1.Condition,
//     resource.Quantity, corev1.PodSpec, corev1.ResourceList; not types.UID or
//     metav1.ConditionStatus);
//   - a struct with json tags (an API type of your own: a Status, a Spec) that has a
//     field of an API type;
//   - a pointer, slice, array or map of one of those.
//
// Plain Go values ([]string, map[string]string, a struct of ints) are not reported:
// for them the two functions differ only on nil against empty, which is seldom what
// a diff turns on.
//
// # Fix
//
// The suggested fix replaces the callee with equality.Semantic.DeepEqual from
// k8s.io/apimachinery/pkg/api/equality, adds the import when the file lacks it (using
// the file's name for it when it has one) and removes the reflect import when no
// other use of it is left. It changes the comparison's answer exactly where
// reflect.DeepEqual is wrong about API values (an empty list against none, 1000m
// against 1, one instant in two time zones), which is the point; and so, since it can
// change what the code decides, opgen vet applies it only when asked by name
// (-fix=deepequal, or -fix=all), not with a bare -fix.
//
// It is not offered where equality.Semantic could panic where reflect.DeepEqual does
// not: equality.Semantic panics on an unexported struct field (outside the types it
// has a function for: Quantity, Time, MicroTime, FieldsV1, label and field selectors),
// so a compared type that reaches one (a struct of your own with a lock or a counter,
// a time.Time), an interface (whatever it holds), a func or a chan gets the finding
// and the reason, and no fix.
package deepequal
