package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type replacedReconciler struct{ client.Client }

// A condition setter of the project's own that compares the stored element with the
// new one, replaces it, and returns what the comparison found: true only when the
// element it replaced differed.
func putCondition(list *[]metav1.Condition, c metav1.Condition) bool { // want putCondition:"reports change" putCondition:"sets condition"
	for i, old := range *list {
		if old.Type == c.Type {
			changed := old.Status != c.Status || old.Reason != c.Reason || old.Message != c.Message
			(*list)[i] = c
			return changed
		}
	}
	*list = append(*list, c)
	return true
}

// The comparison's answer returned before anything is replaced: no report.
func peekCondition(list *[]metav1.Condition, c metav1.Condition) bool { // want peekCondition:"sets condition"
	for i, old := range *list {
		if old.Type == c.Type {
			changed := old.Status != c.Status
			if changed {
				return changed
			}
			(*list)[i] = c
			return false
		}
	}
	*list = append(*list, c)
	return true
}

// A flag assigned again after the comparison: no report.
func resetCondition(list *[]metav1.Condition, c metav1.Condition, force bool) bool {
	for i, old := range *list {
		if old.Type == c.Type {
			changed := old.Status != c.Status
			if force {
				changed = true
			}
			(*list)[i] = c
			return changed
		}
	}
	*list = append(*list, c)
	return true
}

func (r *replacedReconciler) configured(ctx context.Context, obj *apiv1.Memcached) error {
	if putCondition(&obj.Status.Conditions, metav1.Condition{Type: "Configured", Status: metav1.ConditionTrue, Reason: "Done"}) {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *replacedReconciler) peeked(ctx context.Context, obj *apiv1.Memcached) error {
	if peekCondition(&obj.Status.Conditions, metav1.Condition{Type: "Configured", Status: metav1.ConditionTrue, Reason: "Done"}) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}

func (r *replacedReconciler) reset(ctx context.Context, obj *apiv1.Memcached) error {
	if resetCondition(&obj.Status.Conditions, metav1.Condition{Type: "Configured", Status: metav1.ConditionTrue, Reason: "Done"}, false) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}
