package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	failedKey  = "failedChild"
	pendingKey = "pendingChild"
)

// IndexRequeue lists Memcached through field indexes: failedChild holds only those
// whose State is Failed, pendingChild any with a namespace.
type IndexRequeue struct {
	*Reconciler
	indexer client.FieldIndexer
}

func (r *IndexRequeue) setup(ctx context.Context) error {
	failed := func(o client.Object) []string {
		m, ok := o.(*apiv1.Memcached)
		if !ok {
			return nil
		}
		state := m.Status.State
		if m.Namespace == "" {
			return nil
		}
		if state != apiv1.StateFailed {
			return nil
		}
		return []string{m.Namespace}
	}
	if err := r.indexer.IndexField(ctx, &apiv1.Memcached{}, failedKey, failed); err != nil {
		return err
	}
	return r.indexer.IndexField(ctx, &apiv1.Memcached{}, pendingKey, anyNamespace)
}

func anyNamespace(o client.Object) []string {
	if o.GetNamespace() == "" {
		return nil
	}
	return []string{o.GetNamespace()}
}

// Not reported: every Memcached the failed index holds is Failed, and each is moved
// to Processing.
func (r *IndexRequeue) requeueFailed(ctx context.Context, ns string) error {
	fields := client.MatchingFields{failedKey: ns}
	list := &apiv1.MemcachedList{}
	if err := r.List(ctx, list, client.InNamespace(ns), fields); err != nil {
		return err
	}
	for _, m := range list.Items {
		m.Status.State = "Processing"
		m.Status.Message = ""
		if err := r.Status().Update(ctx, &m); err != nil {
			return err
		}
	}
	return nil
}

// Reported: the pending index holds Memcached in any state.
func (r *IndexRequeue) requeuePending(ctx context.Context, ns string) error {
	list := &apiv1.MemcachedList{}
	if err := r.List(ctx, list, client.MatchingFields{pendingKey: ns}); err != nil {
		return err
	}
	for _, m := range list.Items {
		m.Status.State = "Processing"
		if err := r.Status().Update(ctx, &m); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	return nil
}

// Reported: the failed index, but the write gives the state Failed again.
func (r *IndexRequeue) refail(ctx context.Context, ns string) error {
	list := &apiv1.MemcachedList{}
	if err := r.List(ctx, list, client.MatchingFields{failedKey: ns}); err != nil {
		return err
	}
	for _, m := range list.Items {
		m.Status.State = apiv1.StateFailed
		m.Status.Message = "again"
		if err := r.Status().Update(ctx, &m); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	return nil
}
