//go:build ignore

// This file is a sketch kept beside the package and built by no command (the tag
// ignore): its reference to Legacy runs nowhere, and Legacy stays idle.
package idle

import ctrl "sigs.k8s.io/controller-runtime"

func setupBoth(mgr ctrl.Manager) error {
	if err := NewLegacy(mgr.GetClient()).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&Reconciler{}).SetupWithManager(mgr)
}
