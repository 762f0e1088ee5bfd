// Package ownedapply generates, for each reconciled kind that owns other kinds
// (+opguard:owns), the file zz_generated.<kind>_owned.go in the controller package with
// one gated apply per owned kind, beside the kind's status writer:
//
//	func Apply<Kind><Owned>(ctx context.Context, c client.Client, obj *<api>.<Kind>, desired *<ac>.<Owned>ApplyConfiguration) (written bool, err error)
//
// It is what a Reconcile<Kind> calls for every object it manages. It
//
//   - puts desired in obj's namespace when obj is namespaced and desired names no
//     namespace (nil or ""), and refuses another namespace (a namespaced owner owns
//     only objects of its own namespace);
//   - adds obj as desired's controller owner reference when desired names no controller;
//   - reads the live object from the client (the manager's cache: Owns() watches it),
//     extracts the fields <Kind>FieldManager owns there (client-go's Extract<Owned> for a
//     kind of k8s.io/api, the generated one of the apply configuration package for a kind
//     of the module) and compares them semantically with desired; equal means no request;
//   - skips an apply that repeats its own last one while the cache still shows the copy
//     that apply was decided from;
//   - otherwise sends one Server-Side Apply as <Kind>FieldManager, with force and without
//     a resourceVersion: a stale cache never gets a 409, fields other managers own are
//     left alone, and a field desired sets that another manager took is taken back.
//
// A kind of the run gets one only when it has apply configurations (in an opgen project
// every kind has; elsewhere +kubebuilder:ac:generate asks for them): its Extract<Kind>
// is generated beside them.
//
// The logic is the runtime's applyOwned (generator/guards/source/owned.go); the
// generated function binds it to the kinds, the field manager and the owner reference.
package ownedapply
