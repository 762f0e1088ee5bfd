// Package crdctl reconciles each kind of crdapi/v1 the same way: read from the
// cache, a phase set, the whole object sent with Status().Update, and For without a
// predicate. A kind whose manifests give it no status subresource (Plan, and Tally,
// whose manifest overrides its marker) gets no finding: the write fails with 404 Not
// Found and wakes nothing. The comment at the end of a line names the analyzers
// opgen vet reports there, and a line without one gets none.
package crdctl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	crdv1 "opgen.test/precision/crdapi/v1"
)

// PlanReconciler marks every Plan ready.
type PlanReconciler struct{ client.Client }

// Reconcile writes the phase without comparing it.
func (r *PlanReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Plan
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &o)
}

// SetupWithManager watches Plan without a predicate.
func (r *PlanReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&crdv1.Plan{}).Complete(r)
}

// ReportReconciler marks every Report ready.
type ReportReconciler struct{ client.Client }

// Reconcile writes the phase without comparing it.
func (r *ReportReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Report
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &o) // cachedupdate statusupdate
}

// SetupWithManager watches Report without a predicate.
func (r *ReportReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&crdv1.Report{}).Complete(r) // unfilteredfor
}

// AuditReconciler marks every Audit ready.
type AuditReconciler struct{ client.Client }

// Reconcile writes the phase without comparing it.
func (r *AuditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Audit
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &o) // cachedupdate statusupdate
}

// SetupWithManager watches Audit without a predicate.
func (r *AuditReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&crdv1.Audit{}).Complete(r) // unfilteredfor
}

// LedgerReconciler marks every Ledger ready.
type LedgerReconciler struct{ client.Client }

// Reconcile writes the phase without comparing it.
func (r *LedgerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Ledger
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &o) // cachedupdate statusupdate
}

// SetupWithManager watches Ledger without a predicate.
func (r *LedgerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&crdv1.Ledger{}).Complete(r) // unfilteredfor
}

// TallyReconciler marks every Tally ready.
type TallyReconciler struct{ client.Client }

// Reconcile writes the phase without comparing it.
func (r *TallyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Tally
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &o)
}

// SetupWithManager watches Tally without a predicate.
func (r *TallyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&crdv1.Tally{}).Complete(r)
}

// PlanSaver writes Plans through helpers: one sends the status, which fails with
// 404 as Plan has no status subresource, the other the whole object, which lands.
type PlanSaver struct{ client.Client }

// Reconcile saves the status, then the labels.
func (r *PlanSaver) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var o crdv1.Plan
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	o.Status.Phase = "Saved"
	if err := r.saveStatus(ctx, &o); err != nil {
		return ctrl.Result{}, err
	}
	var p crdv1.Plan
	if err := r.Get(ctx, req.NamespacedName, &p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p.Labels = map[string]string{"saved": "true"}
	return ctrl.Result{}, r.save(ctx, &p) // cachedupdate
}

func (r *PlanSaver) saveStatus(ctx context.Context, o *crdv1.Plan) error {
	return r.Status().Update(ctx, o)
}

func (r *PlanSaver) save(ctx context.Context, o *crdv1.Plan) error {
	return r.Update(ctx, o)
}
