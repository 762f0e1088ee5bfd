package statusupdate

import (
	"context"
	"encoding/json"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// applyPatch is a project's own server-side apply patch: its Type is the apply
// content type, so a Patch with it is an apply.
type applyPatch struct{ cfg any }

func (p applyPatch) Type() string                       { return types.ApplyPatchType }
func (p applyPatch) Data(client.Object) ([]byte, error) { return json.Marshal(p.cfg) }

func applyOf(cfg any) client.Patch { // want applyOf:"applies patch"
	return applyPatch{cfg: cfg}
}

func applyOfAddr(cfg any) client.Patch { // want applyOfAddr:"applies patch"
	if cfg == nil {
		return applyOf(map[string]any{})
	}
	return &applyPatch{cfg: cfg}
}

// mergeAll sends the whole object as a merge patch: no diff.
type mergeAll struct{ obj any }

func (p mergeAll) Type() string                       { return types.MergePatchType }
func (p mergeAll) Data(client.Object) ([]byte, error) { return json.Marshal(p.obj) }

func mergeAllOf(obj any) client.Patch { return mergeAll{obj: obj} }

func (r *Reconciler) applyOwnStatus(ctx context.Context, obj *apiv1.Memcached, cfg map[string]any) error {
	if err := r.Status().Patch(ctx, obj, applyOf(cfg), client.FieldOwner("op"), client.ForceOwnership); err != nil {
		return err
	}
	return r.Status().Patch(ctx, obj, applyOfAddr(cfg), client.FieldOwner("op"))
}

func (r *Reconciler) mergeAllStatus(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Patch(ctx, obj, mergeAllOf(obj)) // want `r.Status\(\).Patch writes status with no semantic diff`
}
