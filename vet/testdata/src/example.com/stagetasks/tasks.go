// Package stagetasks holds the steps of a Stage's reconciliation in a package of
// their own, as some operators split them: each writes the status of the Stage it is
// handed, and a controller elsewhere calls them.
package stagetasks

import (
	"context"

	"example.com/api/staged"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Network struct{ client.Client }

// Reconcile writes only past a test of the stored condition (rule 9 within the
// function): no Delegated fact, its callers are not judged in its place.
func (n *Network) Reconcile(ctx context.Context, s *staged.Stage) error {
	c := staged.Find(s.Status.Conditions, staged.Network)
	if c != nil && c.Reason == "Done" {
		return nil
	}
	staged.Set(&s.Status.Conditions, staged.Condition{Type: staged.Network, Status: staged.Completed, Reason: "Done"})
	return n.Status().Update(ctx, s)
}

type Touch struct{ client.Client }

// Reconcile writes whatever the status holds: its callers are judged in its place.
func (t *Touch) Reconcile(ctx context.Context, s *staged.Stage) error { // want Reconcile:`delegated\[1\] patch -1` Reconcile:`fills Conditions`
	s.Status.Conditions = append(s.Status.Conditions[:0], s.Status.Conditions...)
	return t.Status().Update(ctx, s)
}
