// Package controllertools runs controller-tools' generators (deepcopy, CRD, RBAC) as a
// library on the one load a run made, and captures what they would have written as
// artifact.Files: nothing reaches the disk, and headers become opgen's.
//
// controller-tools writes through an OutputRule and reads its header file through an
// InputRule; [Run] gives it a capturing OutputRule (a package's artifact goes into the
// package's directory, a config artifact under the directory the caller names) and an
// InputRule that answers [HeaderFileName] with opgen's YAML header.
//
// Errors controller-tools records on the API packages while it generates (a field type
// a CRD cannot express) come back as positioned diagnostics; type errors do not, as
// controller-gen ignores them too: the load reports those it must.
//
// [CRDGenerator] is the CRD generator with opgen's settings, once: the crd generator runs
// it, and [CRDs] builds controller-tools' CRD parser with the same settings to hand
// another generator (applyconfig, for the schema of Extract) the CustomResourceDefinitions
// those manifests hold, in memory, without generators importing each other.
package controllertools
