// Package project reads and writes opgen.yaml, the file `opgen init` puts at the root
// of a project it scaffolds. Its presence turns on what only an opgen project gets
// from `opgen generate` (the envtest suite of every kind, kustomizations listing the
// generated CRDs and samples, the manager wiring before any kind exists), and it
// records the settings later commands reuse: the project name, the domain of its API
// groups, and a directory of templates laid over opgen's built-in ones. Its scaffold
// section (Record) says what opgen scaffolded: the template set's version, the
// overlay's identity, and each create command's inputs, from which opgen upgrade
// renders that scaffold again.
//
// A project without opgen.yaml (a kubebuilder project, a types-only module) is
// generated for with flags and defaults alone.
package project
