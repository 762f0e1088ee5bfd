// Package envtestassets finds the etcd and kube-apiserver binaries that opgen's own
// tests and benchmarks start: $KUBEBUILDER_ASSETS when set, else the folder that
// hack/envtest.sh prints as its last line (from its cache, or after building them).
// It is internal: generated projects carry their own copy of the lookup in their suite.
package envtestassets
