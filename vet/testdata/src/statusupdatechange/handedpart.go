package statusupdatechange

import (
	"context"

	"example.com/api/staged"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type partReconciler struct{ client.Client }

// A pointer to a part of the status handed down the steps of a pass: found empty in
// one step and filled in the next, or found in one state and moved in the next, the
// part changes, whichever element the calls hand.
func (r *partReconciler) run(ctx context.Context, s *staged.Stage, i int) error {
	if len(s.Status.Conditions) < 2 {
		return nil
	}
	first := &s.Status.Conditions[0]
	if first.Status != staged.InProgress {
		return nil
	}
	if err := r.step(ctx, s, first); err != nil {
		return err
	}
	return r.step(ctx, s, &s.Status.Conditions[i])
}

func (r *partReconciler) step(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	if c.Reason == "" {
		return r.start(ctx, s, c)
	}
	return r.finish(ctx, s, c)
}

// Reached only with the reason empty: it names one.
func (r *partReconciler) start(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	c.Reason = "Started-" + s.Name
	return r.Status().Update(ctx, s)
}

// Reached from the second call with any status: the element the run found
// InProgress is the first one only.
func (r *partReconciler) finish(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	c.Status = staged.Completed
	return r.Status().Update(ctx, s) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// Moved from the state the only caller found: a transition.
func (r *partReconciler) runOne(ctx context.Context, s *staged.Stage) error {
	if len(s.Status.Conditions) == 0 {
		return nil
	}
	c := &s.Status.Conditions[0]
	if c.Status != staged.InProgress {
		return nil
	}
	return r.complete(ctx, s, c)
}

func (r *partReconciler) complete(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	c.Status = staged.Completed
	return r.Status().Update(ctx, s)
}

// The test two calls up, each caller handing another element: the part the middle
// step hands on is, at each caller, the element that caller tested.
func (r *partReconciler) top(ctx context.Context, s *staged.Stage) error {
	if len(s.Status.Conditions) == 0 {
		return nil
	}
	c := &s.Status.Conditions[0]
	if c.Status != staged.InProgress {
		return nil
	}
	return r.mid(ctx, s, c)
}

func (r *partReconciler) last(ctx context.Context, s *staged.Stage) error {
	n := len(s.Status.Conditions)
	if n == 0 || s.Status.Conditions[n-1].Status != staged.InProgress {
		return nil
	}
	c := &s.Status.Conditions[n-1]
	return r.mid(ctx, s, c)
}

func (r *partReconciler) mid(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	return r.done(ctx, s, c)
}

func (r *partReconciler) done(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	c.Status = staged.Completed
	return r.Status().Update(ctx, s)
}

// The step tests the part it is handed and fills another one: the test says
// nothing of what the write changes.
func (r *partReconciler) other(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	if c.Reason == "" {
		return r.name(ctx, s, &s.Status.Conditions[1])
	}
	return nil
}

func (r *partReconciler) name(ctx context.Context, s *staged.Stage, d *staged.Condition) error {
	d.Reason = "Named-" + s.Name
	return r.Status().Update(ctx, s) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// A part of another object: the test is not of the written one's status.
func (r *partReconciler) foreign(ctx context.Context, s, prev *staged.Stage) error {
	if len(prev.Status.Conditions) == 0 {
		return nil
	}
	c := &prev.Status.Conditions[0]
	if c.Reason == "" {
		return r.stamp(ctx, s, c)
	}
	return nil
}

func (r *partReconciler) stamp(ctx context.Context, s *staged.Stage, c *staged.Condition) error {
	c.Reason = "Stamped-" + s.Name
	return r.Status().Update(ctx, s) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

func (r *partReconciler) calls(ctx context.Context, s, prev *staged.Stage) {
	_ = r.run(ctx, s, 1)
	_ = r.runOne(ctx, s)
	if len(s.Status.Conditions) > 0 {
		_ = r.other(ctx, s, &s.Status.Conditions[0])
	}
	_ = r.foreign(ctx, s, prev)
	_ = r.top(ctx, s)
	_ = r.last(ctx, s)
}
