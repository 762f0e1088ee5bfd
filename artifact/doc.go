// Package artifact is the vocabulary of what opgen puts on disk: a [File] with its
// [Ownership], the header that marks a file as generated, and how to tell, from a
// file's first bytes, which tool generated it ([GeneratedBy], [OwnedBy]).
//
// Generators return Files, the scaffolder returns Files, and package output turns them
// into a plan against the disk; all three speak this package and nothing else of each
// other. It imports nothing of opgen, so the CLI and the writer do not depend on the
// generators' machinery (controller-tools, templates) to name a file.
//
// Ownership decides everything a run may do to a path:
//
//   - a Generated file carries [Header] (or [YAMLHeader], [TemplateHeader] for a Helm
//     partial, [JSONHeader] for JSON) and no version or date, so an
//     opgen upgrade that changes nothing else changes no byte; it is rewritten on every
//     run, and deleted when its cause is gone;
//   - a Scaffold file is written once, when missing, and then belongs to the user;
//   - any other existing file belongs to the user and is never overwritten.
package artifact
