// Package crd generates the CustomResourceDefinition manifests of every kind through
// controller-tools' CRD generator, into Options.CRDDir (default config/crd/bases),
// one file per group and plural as controller-gen names them. Unexported fields, which
// never reach the API server, are skipped rather than rejected. The files start with
// opgen's YAML header and carry no tool version annotation; a manifest controller-gen
// wrote before is replaced. Its settings are controllertools.CRDGenerator, which
// controllertools.CRDs shares, so a schema another generator derives from a kind's CRD
// is the one in the manifest.
package crd
