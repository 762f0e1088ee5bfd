// Package naive is the storm benchmark's operators as the incidents describe them: Get
// from the cache, set the phase, LastReconcileTime = metav1.Now(), the generation and a
// Ready condition, write status unconditionally, return errors for requeue, and watch
// the kind through For() without predicates; the Deployment and ConfigMap each Cache
// owns are kept with controllerutil.CreateOrUpdate and watched with Owns(), as
// kubebuilder's examples do. With Patch it writes with
// Status().Patch(MergeFrom) instead of Status().Update(): the partial fix many teams
// stop at.
package naive
