// Package event is a stub of sigs.k8s.io/controller-runtime/pkg/event for analysistest.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

type TypedCreateEvent[object any] struct{ Object object }
type TypedUpdateEvent[object any] struct{ ObjectOld, ObjectNew object }
type TypedDeleteEvent[object any] struct{ Object object }
type TypedGenericEvent[object any] struct{ Object object }

type UpdateEvent = TypedUpdateEvent[client.Object]
