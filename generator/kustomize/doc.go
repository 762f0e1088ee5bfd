// Package kustomize generates, in an opgen project (one with opgen.yaml), the
// kustomization that lists the generated CRDs, config/crd/kustomization.yaml, so that
// config/default installs every kind, the kinds added by `opgen create api` included,
// without an edit.
package kustomize
