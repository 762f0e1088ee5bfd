// Package output turns a run's files into a plan against the disk, then applies it
// all-or-nothing or prints it as a patch.
//
// Ownership rules, checked before anything is written:
//
//   - a generated file may replace a file that carries opgen's header, or the header of
//     a tool the file names in Replaces (controller-gen's deepcopy, CRD manifests and
//     role.yaml), so `go generate` in a kubebuilder project just works;
//   - any other existing file belongs to the user and is never overwritten: the plan
//     fails and names every such path;
//   - a scaffold file is written only when missing;
//   - in a place a generator claims (artifact.Claim), an opgen-generated file the run
//     no longer produces is deleted, and so is a temporary file an interrupted run left;
//   - every path is resolved through symbolic links: one outside the plan's root (the
//     module root, or the repository's for a run that writes outside its module) or
//     inside .git is refused, and so is a target that is itself a link.
//
// go.mod and go.sum, which the user owns, change only through [Require]: `go get` on
// copies of them (the module's, Plan.Module), its result added to the plan.
//
// [Plan.Apply] is journaled (see its documentation): a cancelled context stops it
// before the commit with the old tree intact, and [Recover], which every run calls
// first, finishes what a killed one left. A test hook, OPGEN_FAULT=kill@N (or int@N,
// term@N), sends the process that signal at the N-th step of Apply, so that tests kill
// real runs at every point. Identical content is not rewritten, so a second run changes
// no byte and no modification time.
//
// [Plan.Diff] prints the plan in git's patch format, which `git apply` accepts.
package output
