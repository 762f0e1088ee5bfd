// Package statusfill holds helpers that give a new object its first status, in a
// package of their own: what they fill reaches the controllers as a fact.
package statusfill

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// InitConditions gives the object its first conditions, then writes them.
func InitConditions(ctx context.Context, c client.Client, obj *apiv1.Memcached) error {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionUnknown})
	return c.Status().Update(ctx, obj)
}

// WriteThenInit writes first: what it fills comes after its write.
func WriteThenInit(ctx context.Context, c client.Client, obj *apiv1.Memcached) error {
	if err := c.Status().Update(ctx, obj); err != nil {
		return err
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionUnknown})
	return nil
}

// StampImage fills the image from the spec.
func StampImage(obj *apiv1.Memcached) {
	obj.Status.Image = obj.Spec.Image
}
