// Package patch is a stub of sigs.k8s.io/cluster-api/util/patch for analysistest: a
// helper that patches an object's metadata, spec and status subresource with what
// changed since NewHelper took its copy.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Helper struct{}

type Option interface{}

func NewHelper(obj client.Object, crClient client.Client) (*Helper, error) { return &Helper{}, nil }

func (h *Helper) Patch(ctx context.Context, obj client.Object, opts ...Option) error { return nil }
