// Package event is a stub of sigs.k8s.io/controller-runtime/pkg/event for analysistest,
// as controller-runtime before 0.18 had it: structs of their own names, no type
// parameters.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

type CreateEvent struct{ Object client.Object }
type UpdateEvent struct{ ObjectOld, ObjectNew client.Object }
type DeleteEvent struct{ Object client.Object }
type GenericEvent struct{ Object client.Object }
