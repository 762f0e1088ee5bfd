// Package adopt reads how a repository runs controller-gen and turns it into
// opgen.yaml's controllerGen section (project.ControllerGen), so that `opgen generate`
// replaces those lines and nothing changes silently.
//
// What it reads:
//   - the Makefile at the repository root (GNUmakefile, makefile, Makefile, as make
//     looks for them) and the files it includes: variables assigned with = := ::= ?=
//     += (and export/override), expanded recursively with $(VAR) and ${VAR},
//     $(shell pwd), $(CURDIR), $(abspath ...); recipe lines with their continuation
//     lines joined as make joins them;
//   - //go:generate lines of the repository's Go files (not vendor, testdata, hidden or
//     underscore directories), run in their package's directory;
//   - in each recipe or go:generate line, every command that runs controller-gen: a
//     binary whose name starts with controller-gen (any path, a versioned name), or
//     `go run sigs.k8s.io/controller-tools/cmd/controller-gen[@version]`; a cd before it
//     sets its directory, a pipe or a redirection of its output is noticed. A command
//     that only asks for its version or help is no generate step;
//   - the controller-tools version the repository pins: a Makefile variable named like
//     CONTROLLER_TOOLS_VERSION or CONTROLLER_GEN_VERSION, a
//     controller-gen@version in a line, a go.mod (a tools module) requiring
//     sigs.k8s.io/controller-tools.
//
// Each controller-gen argument is parsed with controller-tools' own option markers, as
// controller-gen parses it: the generators (crd, rbac, object, webhook, and the two
// opgen does not take, applyconfiguration and schemapatch), their options, paths= (";"
// separated or repeated), and the output rules (per generator or the default;
// artifacts, dir, none, stdout), with controller-gen's default output config/<generator>.
// Paths, output directories and the header file are made relative to the root of the
// Go module the line runs in: one section per module.
//
// Every option is taken or refused by name, with the line it is on; none is dropped.
// Taken: crd's generateEmbeddedObjectMeta, allowDangerousTypes, ignoreUnexportedFields
// (written out as false when the line leaves controller-gen's default), maxDescLen,
// crdVersions=v1, omitToolVersion (opgen always omits the annotation); rbac's roleName
// and fileName; object's headerFile and year; output directories; output:<gen>:none
// (the generator is not run, announced). Refused: output to stdout, a piped or
// redirected line, crd/rbac/webhook headerFile and year (opgen writes its own YAML
// header), crdVersions other than v1, deprecatedV1beta1CompatibilityPreserveUnknownFields,
// object output into a directory or artifacts:code, applyconfiguration, schemapatch,
// controller-gen flags, an option controller-tools does not know, a generator run by
// two lines with different options or outputs, rbac run twice over different paths.
// A refusal writes nothing. [Result.Partial] (opgen adopt --partial) instead leaves each
// line with a refusal to controller-gen, whole, and adopts the others, unless a kept
// line runs a generator opgen would run in the same module, or nothing is left.
//
// Dry runs opgen's generators in memory with the written section and compares their
// output with the tree: every line that changes beyond the "Code generated" headers and
// the CRDs' controller-gen version annotation ([ChangedLines]) is shown to the user, as
// is every file added or removed.
package adopt
