// Package webhook generates what a project's admission and conversion webhooks need
// besides the user's code:
//
//   - config/webhook/manifests.yaml, the MutatingWebhookConfiguration and
//     ValidatingWebhookConfiguration of every +kubebuilder:webhook marker of the module,
//     through controller-tools' webhook generator in the run's one load (as
//     controller-gen writes it, whose file it replaces);
//   - in an opgen project, two kustomize Components that config/default enables:
//     config/webhook (those manifests, the webhook Service, the manager's serving port
//     and certificate volume, cert-manager's CA injection into the webhook
//     configurations and into the CRD of every kind with a conversion hub, whose
//     conversion Service it names with config/default's prefix, which kustomize's
//     namePrefix does not reach) and
//     config/certmanager (a self-signed Issuer and the serving Certificate). Both are
//     written always, empty while the project has no webhook, so that adding one needs
//     no edit of config/default.
//
// Names inside the components are written as config/default makes them (the project's
// namespace and name prefix), since kustomize applies a parent's prefix after its
// components' patches and knows nothing of cert-manager's references.
//
// A kind's CRD gets its spec.conversion from package crd (controllertools.WebhookConversion).
//
// Every YAML file of the components is typed objects through artifact.YAML (objects.go).
package webhook
