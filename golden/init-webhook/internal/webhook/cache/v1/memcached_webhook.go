// Package v1 holds the webhooks of the cache.example.com/v1 kinds. opgen create
// webhook scaffolded this file once; it is yours. The generated SetupReconcilers
// registers every Setup<Kind>WebhookWithManager, and opgen generate writes the webhook
// configurations of the +kubebuilder:webhook markers to config/webhook/manifests.yaml.
package v1

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	ctrl "sigs.k8s.io/controller-runtime"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	cachev1 "example.com/webhook-operator/api/cache/v1"
)

// SetupMemcachedWebhookWithManager registers the webhooks of Memcached with mgr.
func SetupMemcachedWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &cachev1.Memcached{}).
		WithValidator(&MemcachedValidator{}).
		WithDefaulter(&MemcachedDefaulter{}).
		Complete()
}

// memcachedNameLabel is the label the examples below default and hold: the app a Memcached is.
// Replace them with your own rules, and the tests in memcached_webhook_test.go with them.
const memcachedNameLabel = "app.kubernetes.io/name"

// +kubebuilder:webhook:path=/mutate-cache-example-com-v1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1,name=mmemcached-v1.kb.io,admissionReviewVersions=v1

// MemcachedDefaulter sets the defaults of a Memcached on create and update, before
// validation and before the object is stored.
type MemcachedDefaulter struct{}

// Default implements admission.Defaulter. The example labels the object with the app it
// is when it has no such label.
func (d *MemcachedDefaulter) Default(ctx context.Context, obj *cachev1.Memcached) error {
	logf.FromContext(ctx).V(1).Info("defaulting", "name", obj.GetName())
	if obj.Labels[memcachedNameLabel] == "" {
		if obj.Labels == nil {
			obj.Labels = map[string]string{}
		}
		obj.Labels[memcachedNameLabel] = "memcached"
	}
	return nil
}

// +kubebuilder:webhook:path=/validate-cache-example-com-v1-memcached,mutating=false,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1,name=vmemcached-v1.kb.io,admissionReviewVersions=v1

// MemcachedValidator refuses an invalid Memcached on create and update (add delete to the
// marker's verbs to be asked on deletion too).
type MemcachedValidator struct{}

// ValidateCreate implements admission.Validator.
func (v *MemcachedValidator) ValidateCreate(ctx context.Context, obj *cachev1.Memcached) (admission.Warnings, error) {
	return nil, validateMemcached(obj)
}

// ValidateUpdate implements admission.Validator.
func (v *MemcachedValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *cachev1.Memcached) (admission.Warnings, error) {
	return nil, validateMemcached(newObj)
}

// ValidateDelete implements admission.Validator.
func (v *MemcachedValidator) ValidateDelete(ctx context.Context, obj *cachev1.Memcached) (admission.Warnings, error) {
	return nil, nil
}

// validateMemcached is the example rule: the app label, when set, names this app.
// Errors as a field.ErrorList reach the client as one Invalid answer naming each field.
func validateMemcached(obj *cachev1.Memcached) error {
	var errs field.ErrorList
	if v, ok := obj.Labels[memcachedNameLabel]; ok && v != "memcached" {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "labels").Key(memcachedNameLabel), v, fmt.Sprintf("a %s is the app %q", "Memcached", "memcached")))
	}
	if len(errs) == 0 {
		return nil
	}
	return apierrors.NewInvalid(cachev1.GroupVersion.WithKind("Memcached").GroupKind(), obj.GetName(), errs)
}
