// Package patch is a stub of github.com/fluxcd/pkg/runtime/patch for analysistest: a
// patcher that writes an object's metadata, spec and status subresource with what
// changed since its last patch.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type SerialPatcher struct{}

type Option interface{}

func NewSerialPatcher(obj client.Object, c client.Client) *SerialPatcher { return &SerialPatcher{} }

func (p *SerialPatcher) Patch(ctx context.Context, obj client.Object, opts ...Option) error {
	return nil
}
