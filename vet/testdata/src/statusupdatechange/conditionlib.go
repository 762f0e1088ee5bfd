package statusupdatechange

import (
	"context"

	"example.com/api/staged"
	apiv1 "example.com/api/v1"
	"example.com/orphans"
	"example.com/stagetasks"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Stages reconciles a kind whose API package copies meta's conditions helpers for
// a Condition type of its own (rule 7 reads staged.Find, Set and Remove as meta's).
type Stages struct{ *Reconciler }

// Not reported: returns unless Network is Unknown (or absent, defaulted to
// Unknown), then sets it InProgress: the next pass returns.
func (r *Stages) network(ctx context.Context, s *staged.Stage) error {
	c := staged.Find(s.Status.Conditions, staged.Network)
	if c == nil {
		c = &staged.Condition{Type: staged.Network, Status: staged.Unknown}
	}
	if c.Status != staged.Unknown {
		return nil
	}
	staged.Set(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.InProgress})
	return r.Status().Update(ctx, s)
}

// Not reported: Network set InProgress and stored (the write's failure leaves), then
// set Failed: the second write moves what the first stored.
func (r *Stages) networkFails(ctx context.Context, s *staged.Stage, create func() error) error { // want networkFails:`fills Conditions`
	staged.Set(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.InProgress})
	if err := r.Status().Update(ctx, s); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if err := create(); err != nil {
		staged.Set(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.Failed})
		return r.Status().Update(ctx, s)
	}
	return nil
}

// Add is no set (it does not look for the type first): the second write may send
// the status the first stored.
func (r *Stages) networkAdds(ctx context.Context, s *staged.Stage, create func() error) error { // want networkAdds:`fills Conditions`
	staged.Add(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.InProgress})
	if err := r.Status().Update(ctx, s); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if err := create(); err != nil {
		staged.Add(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.Failed})
		return r.Status().Update(ctx, s) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// findReady forwards to meta's find: a find itself.
func findReady(list []metav1.Condition, t string) *metav1.Condition { // want findReady:`finds condition`
	return meta.FindStatusCondition(list, t)
}

// setCond forwards to meta's set.
func setCond(list *[]metav1.Condition, c metav1.Condition) { // want setCond:`sets condition`
	meta.SetStatusCondition(list, c)
}

// Not reported: the forwarding helpers read as meta's own.
func (r *Reconciler) readyThroughForwarders(ctx context.Context, obj *apiv1.Memcached) error {
	c := findReady(obj.Status.Conditions, "Ready")
	if c == nil || c.Status != metav1.ConditionFalse {
		return nil
	}
	setCond(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue})
	return r.Status().Update(ctx, obj)
}

// Steps of another package: one guarded where it writes, one not.
func (r *Stages) steps(ctx context.Context, s *staged.Stage) error {
	if err := (&stagetasks.Network{Client: r.Client}).Reconcile(ctx, s); err != nil {
		return err
	}
	return (&stagetasks.Touch{Client: r.Client}).Reconcile(ctx, s) // want `Reconcile writes the status of s with no semantic diff guarding it`
}

// A helper of another package switched off by an enum constant: with FinalizeAnyway
// it writes nothing (rule 8), with ReleaseOnly it writes unguarded.
func (r *Reconciler) releaseOrphan(ctx context.Context, obj *apiv1.Memcached) error {
	if err := orphans.Release(ctx, r.Client, orphans.FinalizeAnyway, obj); err != nil {
		return err
	}
	return orphans.Release(ctx, r.Client, orphans.ReleaseOnly, obj) // want `orphans.Release writes the status of obj with no semantic diff guarding it`
}
