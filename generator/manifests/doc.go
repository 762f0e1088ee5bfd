// Package manifests holds what two generators of deploy manifests must build alike:
// config/ (packages apf, rbac and monitoring) and the Helm chart (package chart)
// describe the same objects, so the typed objects and the RBAC input come from here, once.
//
//   - [APF] is the API Priority and Fairness objects of an operator's ServiceAccount;
//   - [RBACRoots] is the run's packages plus one holding opgen's own rules (the status
//     writers' patch, the reconcilers' reads, the owned kinds' writes) as
//     +kubebuilder:rbac markers, which controller-tools' RBAC generator reads as it
//     reads the user's.
//   - [Monitor] and [Rules] are the Prometheus Operator's ServiceMonitor and
//     PrometheusRule of the operator's metrics, the rules from the table of [Alerts]:
//     config/prometheus (package monitoring) writes them, and the chart renders the
//     same objects behind its values switches.
//
// It is not a generator: it names no output and claims no place.
package manifests
