// Package controllerutil is a stub of sigs.k8s.io/controller-runtime/pkg/controller/controllerutil for analysistest.
package controllerutil

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
func AddFinalizer(o client.Object, finalizer string) bool      { return false }
func RemoveFinalizer(o client.Object, finalizer string) bool   { return false }

type OperationResult string

const (
	OperationResultNone              OperationResult = "unchanged"
	OperationResultCreated           OperationResult = "created"
	OperationResultUpdated           OperationResult = "updated"
	OperationResultUpdatedStatus     OperationResult = "updatedStatus"
	OperationResultUpdatedStatusOnly OperationResult = "updatedStatusOnly"
)

type MutateFn func() error

func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return "", nil
}

func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return "", nil
}
