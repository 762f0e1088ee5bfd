package statusupdate

import (
	"context"

	"example.com/pipelines"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Pipelines checks in code what the CRD's schema already makes the API server refuse:
// a write in such a branch never runs. A field the schema lets be empty, or one below
// a spec that may be absent, is a branch like any other.
type Pipelines struct{ *Reconciler }

func (r *Pipelines) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&pipelines.Pipeline{}).Complete(r)
}

// Not reported: steps are required with MinItems=1, under a required spec.
func (r *Pipelines) noSteps(ctx context.Context, p *pipelines.Pipeline) (reconcile.Result, error) {
	if len(p.Spec.Steps) == 0 {
		p.Status.Phase = "Invalid"
		p.Status.Message = "no steps"
		if err := r.Status().Update(ctx, p); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, nil
}

// Not reported: the image is required (no omitempty) with MinLength=1, the labels'
// type has MinItems=1, and the test is one of the && conjuncts, spelled either way.
func (r *Pipelines) noImage(ctx context.Context, p *pipelines.Pipeline, strict bool) error {
	if strict && p.Spec.Image == "" {
		p.Status.Phase = "Invalid"
		return r.Status().Update(ctx, p)
	}
	if 1 > len(p.Spec.Labels) {
		p.Status.Phase = "Invalid"
		return r.Status().Update(ctx, p)
	}
	return nil
}

// Reported: hooks are optional, the source may be absent, and the owner may be "".
func (r *Pipelines) optional(ctx context.Context, p *pipelines.Pipeline) error {
	if len(p.Spec.Hooks) == 0 {
		p.Status.Message = "no hooks"
		return r.Status().Update(ctx, p) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if p.Spec.Source != nil && len(p.Spec.Source.Paths) == 0 {
		p.Status.Message = "no paths"
		return r.Status().Update(ctx, p) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if p.Spec.Owner == "" {
		p.Status.Message = "no owner"
		return r.Status().Update(ctx, p) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: a Loose's spec may be absent, and then its steps are empty; and the else
// branch of a test the schema rules out runs on every object.
func (r *Pipelines) loose(ctx context.Context, l *pipelines.Loose, p *pipelines.Pipeline) error {
	if len(l.Spec.Steps) == 0 {
		l.Status.Phase = "Invalid"
		return r.Status().Update(ctx, l) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	if len(p.Spec.Steps) == 0 {
		return nil
	} else {
		p.Status.Phase = "Valid"
		return r.Status().Update(ctx, p) // want `r.Status\(\).Update writes status with no semantic diff`
	}
}
