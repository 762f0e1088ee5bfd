// Package mutator writes an object through a mutate function that may say no write
// is needed, with one retry helper behind an interface for the object and for its
// status, as some operators share one helper for both.
package mutator

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Func mutates the object it closes over; a *NoUpdate error says there is nothing
// to write.
type Func func() error

// NoUpdate is what a Func returns when the object already is as it should be.
type NoUpdate struct{}

func (*NoUpdate) Error() string { return "no update required" }

// writer sends the object one way or the other.
type writer interface {
	write(ctx context.Context, obj client.Object) error
}

type objectWriter struct{ c client.Client }

func (w *objectWriter) write(ctx context.Context, obj client.Object) error {
	return w.c.Update(ctx, obj)
}

type statusWriter struct{ c client.Client }

func (w *statusWriter) write(ctx context.Context, obj client.Object) error {
	return w.c.Status().Update(ctx, obj)
}

// withRetry writes only when fn says yes (a nil error): a Func that says no when
// nothing changed makes every write a change. Whether it writes the status depends
// on the writer it is handed.
func withRetry(ctx context.Context, w writer, obj client.Object, fn Func) error {
	if err := fn(); err != nil {
		var no *NoUpdate
		if errors.As(err, &no) {
			return nil
		}
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return w.write(ctx, obj)
	})
}

// Spec hands withRetry the writer of the whole object: it writes no status.
func Spec(ctx context.Context, c client.Client, obj client.Object, fn Func) error {
	return withRetry(ctx, &objectWriter{c: c}, obj, fn)
}

// Status writes the status when fn says yes.
func Status(ctx context.Context, c client.Client, obj client.Object, fn Func) error { // want Status:`delegated\[2\] patch -1 requires 3\(\)$`
	w := &statusWriter{c: c}
	return withRetry(ctx, w, obj, fn)
}

// SameGeneration wraps fn in a literal that says no on its own too, and otherwise
// says what fn says: the write still needs fn's yes.
func SameGeneration(ctx context.Context, c client.Client, obj client.Object, fn Func) error { // want SameGeneration:`delegated\[2\] patch -1 requires 3\(\)$`
	gen := obj.GetGeneration()
	fn2 := func() error {
		if obj.GetGeneration() != gen {
			return fmt.Errorf("generation changed: %d", obj.GetGeneration())
		}
		return fn()
	}
	return withRetry(ctx, &statusWriter{c: c}, obj, fn2)
}

// Force hands withRetry a literal that always says yes: every call writes.
func Force(ctx context.Context, c client.Client, obj client.Object) error { // want Force:`delegated\[2\] patch -1$`
	return withRetry(ctx, &statusWriter{c: c}, obj, func() error { return nil })
}

// Bump says yes after a write of its own to the object: the literal is no diff.
func Bump(ctx context.Context, c client.Client, obj client.Object) error { // want Bump:`delegated\[2\] patch -1$`
	return withRetry(ctx, &statusWriter{c: c}, obj, func() error {
		obj.SetResourceVersion("")
		return nil
	})
}

// With hands on a writer it was handed: the write needs the writer to be the status
// one, and fn to say yes.
func With(ctx context.Context, w writer, obj client.Object, fn Func) error { // want With:`delegated\[2\] patch -1 requires 3\(\) requires 1.\(example.com/mutator.statusWriter\)$`
	return withRetry(ctx, w, obj, fn)
}
