package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A server-side apply is a diff by construction: the API server persists nothing
// when the fields the manager applies hold what is stored (rule 5).

// Not reported: Status().Apply of an apply configuration.
func (r *Reconciler) applyStatus(ctx context.Context, cfg applyConfig) error {
	return r.Status().Apply(ctx, cfg)
}

// Not reported: a status patch of client.Apply, or of a raw apply patch.
func (r *Reconciler) applyPatch(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Patch(ctx, obj, client.Apply)
}

func (r *Reconciler) applyRaw(ctx context.Context, obj *apiv1.Memcached, raw []byte) error {
	return r.Status().Patch(ctx, obj, client.RawPatch(types.ApplyPatchType, raw))
}

// A JSON merge patch of the whole object sends what it holds, changed or not.
func (r *Reconciler) mergePatch(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Patch(ctx, obj, client.Merge) // want `r.Status\(\).Patch writes status with no semantic diff`
}

func (r *Reconciler) mergeRaw(ctx context.Context, obj *apiv1.Memcached, raw []byte) error {
	return r.Status().Patch(ctx, obj, client.RawPatch(types.MergePatchType, raw)) // want `r.Status\(\).Patch writes status with no semantic diff`
}

type applyConfig struct{}

func (applyConfig) IsApplyConfiguration() {}
