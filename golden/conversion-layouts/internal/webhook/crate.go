// Package webhook serves the Crate conversion through a converter of its own.
package webhook

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	v1 "opgen.test/golden/conversion-layouts/api/fleet/v1"
	v2 "opgen.test/golden/conversion-layouts/api/fleet/v2"
)

// SetupCrateWebhookWithManager registers the Crate conversion with the manager.
func SetupCrateWebhookWithManager(mgr ctrl.Manager) error {
	spoke := conversion.NewSpokeConverter(&v1.Crate{}, crateFromHub, crateToHub)
	return ctrl.NewWebhookManagedBy(mgr, &v2.Crate{}).
		WithConverter(conversion.NewHubSpokeConverter(&v2.Crate{}, spoke)).
		Complete()
}

func crateToHub(_ context.Context, src *v1.Crate, dst *v2.Crate) error {
	dst.ObjectMeta = src.ObjectMeta
	dst.Spec.Mass = src.Spec.Weight
	return nil
}

func crateFromHub(_ context.Context, src *v2.Crate, dst *v1.Crate) error {
	dst.ObjectMeta = src.ObjectMeta
	dst.Spec.Weight = src.Spec.Mass
	return nil
}
