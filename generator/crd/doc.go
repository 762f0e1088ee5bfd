// Package crd generates the CustomResourceDefinition manifests of every kind through
// controller-tools' CRD generator, into Options.CRDDir (default config/crd/bases),
// one file per group and plural as controller-gen names them. Unexported fields, which
// never reach the API server, are skipped rather than rejected. The files start with
// opgen's YAML header and carry no tool version annotation; a manifest controller-gen
// wrote before is replaced. Its settings are controllertools.CRDGenerator, which
// controllertools.CRDs shares, so a schema another generator derives from a kind's CRD
// is the one in the manifest.
//
// In a project (opgen.yaml), the CRD of each kind of another module the project
// reconciles (+opguard:for-package) goes into naming.TestCRDDir (test/crd), for the
// project's tests only: derived by the same generator from the module's Go types, the
// ones the operator is compiled against, so the schema the suites' API server serves is
// what the operator's client sends and reads. No manifest of config/ or the chart holds
// it: installing another project's CRD is that project's business.
package crd
