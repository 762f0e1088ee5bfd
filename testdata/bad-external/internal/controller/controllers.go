package controller

import "sigs.k8s.io/controller-runtime/pkg/client"

// A version no server of the project's release serves.
//
// +opguard:for=apps/v1beta1/Deployment
type DeploymentReconciler struct{ client.Client }

// The project's own kind: its markers go on its type.
//
// +opguard:for=widgets.example.com/v1/Widget
type WidgetReconciler struct{ client.Client }

// Another module's package that does not resolve.
//
// +opguard:for=certs.example.org/v1/Certificate
// +opguard:for-package=example.invalid/certs/api/v1
type CertificateReconciler struct{ client.Client }

// A reconciler type named after another kind.
//
// +opguard:for=apps/v1/StatefulSet
type SetReconciler struct{ client.Client }

// A status of a kind that is not the project's, and a selector that does not parse.
//
// +opguard:for=core/v1/Namespace
// +opguard:status-owner=op
// +opguard:select-labels=a in (
type NamespaceReconciler struct{ client.Client }

// A selector without the kind it selects.
//
// +opguard:select-annotation=example.com/x
type Helper struct{}

// A condition of a kind of k8s.io/api: opgen reads conditions lists from another
// module's Go types only.
//
// +opguard:for=batch/v1/Job
// +opguard:own-condition=example.com/Ready
type JobReconciler struct{ client.Client }

// A condition of another module's kind whose conditions are not keyed by type.
//
// +opguard:for=gadgets.example.org/v1/Gadget
// +opguard:for-package=example.com/gadgets/api/v1
// +opguard:own-condition=example.com/Ready
type GadgetReconciler struct{ client.Client }

// A condition of another module's kind without the status subresource.
//
// +opguard:for=gadgets.example.org/v1/Gizmo
// +opguard:for-package=example.com/gadgets/api/v1
// +opguard:own-condition=example.com/Ready
type GizmoReconciler struct{ client.Client }

// A condition type that is not one.
//
// +opguard:for=core/v1/ConfigMap
// +opguard:own-condition=Not A Type
type ConfigMapReconciler struct{ client.Client }
