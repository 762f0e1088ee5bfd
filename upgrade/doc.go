// Package upgrade moves a project opgen scaffolded to a new scaffold without losing a
// line its team wrote: the three-way merge behind opgen upgrade.
//
// The record in opgen.yaml (project.Record) says what opgen scaffolded: the template
// set's version, the overlay's identity, the module, and each create command's inputs
// in order. [Render] replays those commands through one template set in a scratch
// module outside the project, as the commands do it (init's files; each create api's
// files where none is yet; each create webhook's files, again with every flag so far
// when it adds a defaulter or validator; each create controller's reconciler and
// sample, with the group and scope it resolved; then one run of opgen's generators for
// what they scaffold where missing: cmd/main.go, the reconcilers, the chart's
// Chart.yaml and values.yaml, and the conversion functions each spoke needs). Rendered with the set
// and overlay the project was scaffolded with, that is the base; with the current set
// and the new overlay, theirs. TestRenderIsWhatTheCommandsWrote holds the replay to
// the commands: each golden opgen init project renders byte for byte.
//
// [Decide] compares base, theirs and the user's file (ours), path by path:
//
//	base = theirs                  the scaffold did not change: left as it is
//	ours = base                    the user never changed it: replaced (or removed, when
//	                               the new scaffold drops it)
//	ours = theirs                  up to date already
//	both changed                   merged line by line (package merge); conflicts get
//	                               markers and are listed
//	only in theirs                 added (a file of the same path the user added is
//	                               merged against an empty base)
//	dropped, but ours changed      kept
//	ours deleted, theirs changed   left deleted, and said so
//
// go.mod is merged by requirement: a tidied go.mod differs from the scaffolded one on
// nearly every line, so the requirements the new scaffold moves are moved (never to an
// older version than the user's) and its new ones added.
//
// [OldOverlay] finds the overlay the project was scaffolded with: the overlay's
// directory when its templates still have the recorded digest, else the commit of that
// directory's git history that has them, or a directory or git revision the user names.
// [Reconstruct] makes a record for a project scaffolded before opgen kept one.
//
// The command (cmd/opgen, upgrade.go) holds the module's lock throughout and writes the
// decisions and a regeneration in one plan, all or nothing.
package upgrade
