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
//   - ForKind in the applyconfiguration package's utils.go.
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
// kubebuilder projects do not declare. Extract<Kind> functions, which need an embedded
// structured-merge-diff schema, are not generated.
package applyconfig
