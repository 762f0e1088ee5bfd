// Package output turns a run's files into a plan against the disk, then applies it
// all-or-nothing or prints it as a diff.
//
// Ownership rules, checked before anything is written:
//
//   - a generated file may replace a file that carries opgen's header, or the header of
//     a tool the generator names in File.Replaces (controller-gen's deepcopy, CRD
//     manifests and role.yaml), so `go generate` in a kubebuilder project just works;
//   - any other existing file belongs to the user and is never overwritten: the plan
//     fails and names every such path;
//   - a scaffold file is written only when missing;
//   - in a place a generator claims (artifact.Claim), an opgen-generated file the run
//     no longer produces is deleted.
//
// Apply writes every new content to a temporary file beside its target first and
// renames them into place only when all writes succeeded, so a failed run leaves the
// tree as it was. Identical content is not rewritten, so a second run changes no byte
// and no modification time.
package output
