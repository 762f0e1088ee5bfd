// Package generationfilter defines an analyzer that reports a generation predicate
// where it silently drops the changes a controller needs.
//
// # Analyzer generationfilter
//
// generationfilter: report a generation predicate on kinds without a generation, or as a global event filter
//
// # Incident
//
// predicate.GenerationChangedPredicate passes an update only when
// metadata.generation changed. Kinds without a generation (ConfigMap, Secret,
// Service, …) never change it: on Owns(&corev1.ConfigMap{}) the predicate drops every
// edit of the owned ConfigMap, so drift is never repaired and nobody notices. As a
// global WithEventFilter it also applies to every Owns and Watches of the controller:
// besides those kinds, it drops the status changes of owned objects that have a
// generation (a Deployment becoming available does not bump its generation), and on
// the primary it drops finalizer, label and annotation changes.
//
// # Rule
//
// Reported, at the predicate:
//
//   - a generation predicate (a value of type predicate.GenerationChangedPredicate or
//     predicate.TypedGenerationChangedPredicate[T], or a predicate.And / predicate.Or
//     call with one among its arguments; predicate.Not inverts it and is not counted)
//     in builder.WithPredicates(…) given to Owns, Watches or WatchesMetadata of a kind
//     without a generation;
//   - a generation predicate given to WithEventFilter, always.
//
// The kinds without a generation are an explicit list of built-in kinds whose API
// server strategy never sets metadata.generation: core/v1 ConfigMap, Secret, Service,
// ServiceAccount, Endpoints, Namespace, Node, Event, LimitRange; events/v1 Event;
// rbac/v1 Role, RoleBinding, ClusterRole, ClusterRoleBinding; coordination/v1 Lease.
// Custom resources always have one, and so does discovery/v1 EndpointSlice: its
// strategy sets it to 1 on create and increments it when the endpoints, ports or
// labels change (k8s.io/kubernetes pkg/registry/discovery/endpointslice), so a
// generation predicate on it drops only the updates that change nothing a consumer
// reads.
//
// # Fix
//
// Put the generation predicate on For() with builder.WithPredicates, combined with one
// that passes deletion and finalizer changes; on Owns() of these kinds use no
// predicate, or one that compares what the controller reads (data, labels).
package generationfilter
