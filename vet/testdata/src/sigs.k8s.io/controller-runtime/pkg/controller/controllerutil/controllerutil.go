// Package controllerutil is a stub of sigs.k8s.io/controller-runtime/pkg/controller/controllerutil for analysistest.
package controllerutil

import "sigs.k8s.io/controller-runtime/pkg/client"

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
func AddFinalizer(o client.Object, finalizer string) bool      { return false }
func RemoveFinalizer(o client.Object, finalizer string) bool   { return false }
