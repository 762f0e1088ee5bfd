// Package applyconfig generates Server-Side Apply configurations for every root kind
// and every struct reachable from one, with the builder API of upstream
// applyconfiguration-gen (and controller-gen's applyconfiguration generator), so code
// written against one compiles against the other:
//
//   - <Kind>(name, namespace string) for namespaced kinds, <Kind>(name string) for
//     cluster-scoped ones, and <Type>() for every other struct;
//   - With<Field> for every json field, promoted through embedded structs: a value for
//     scalars and structs, variadic values for slices (pointers to apply
//     configurations for slices of structs), entries for maps;
//   - IsApplyConfiguration, GetKind, GetAPIVersion, GetName and GetNamespace on kinds,
//     which client.Client.Apply needs;
//   - ForKind in the applyconfiguration package's utils.go;
//   - for a kind another kind of the run owns (+opguard:owns=<group>/<version>/<Kind>
//     names it), Extract<Kind>From(obj, fieldManager, subresource), Extract<Kind>(obj,
//     fieldManager) and, with a status subresource, Extract<Kind>Status(obj,
//     fieldManager), with client-go's signatures: the fields a manager applied and
//     still owns, read from the object's managedFields, with its name, namespace
//     (namespaced kinds), kind and apiVersion. An owner's reconciler reads back what it
//     applied to the objects it owns; other kinds get none, which keeps their files
//     as they were. A kind without apply configurations (see model.API.AppliesConfigurations) gets none either.
//
// Extract needs the structured-merge-diff schema the API server tracks the kind's fields
// with: applyconfiguration/internal/internal.go holds it, as YAML behind a Parser built
// once on first use, for the package's extracted kinds. Package smd derives it from the
// CustomResourceDefinition the crd generator writes (controller-tools run again with the
// same settings), as the API server does when it serves Server-Side Apply for a CRD, so
// list types, map types, int-or-string, preserved unknown fields and embedded resources
// give the field sets the server records. A kind's type in it has the name the server
// gives the kind's model, the group reversed: com.example.apps.v1.Widget.
//
// Output goes where controller-gen puts it, <api dir>/applyconfiguration/<group>/<version>,
// so switching generators keeps import paths.
//
// Types of other packages use client-go's apply configurations where those exist:
// meta/v1 (ObjectMeta, Condition, LabelSelector, OwnerReference…) and every struct of
// k8s.io/api (Affinity, ResourceRequirements, Toleration, ObjectReference…). A raw
// struct there would serialize its zero fields and claim ownership of them in an apply.
// Types without json fields (resource.Quantity, intstr.IntOrString, metav1.Time,
// metav1.Duration) and named scalars (enums) are used as they are.
//
// Deliberate differences from upstream: embedded inline structs keep json:",inline"
// (upstream writes json:""); a []*T of a struct T becomes []TApplyConfiguration with
// values ...*TApplyConfiguration (upstream leaves []*T with values ...**T); ForKind
// spells group/version literally instead of referring to SchemeGroupVersion, which
// kubebuilder projects do not declare; Extract<Kind> only for owned kinds, from a schema
// of the CRD (controller-gen's comes from the Go types, one named type per struct, and
// is generated for every root kind); no NewTypeConverter.
package applyconfig
