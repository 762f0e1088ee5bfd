// Package markers is the +opguard: marker language: its definitions, its scanner and
// the rules that attach a marker to the declaration it describes.
//
// # Grammar
//
// A marker is a line comment whose text, after "//" and one space, starts with
// "+opguard:":
//
//	marker = "+opguard:" name [ ":" args | "=" value ] .
//	name   = lower { lower | digit | "-" } .
//	args   = arg { "," arg } .
//	arg    = key "=" text .
//	value  = text | quoted .
//
// A value runs to the end of the line and is trimmed; a value in double quotes is
// unquoted with Go's rules. Which form a name takes (a flag, a value or named
// arguments), where it may be written and what its value must look like is said by
// exactly one entry of [Defs]; validation and the `opgen markers` reference both read
// that table, so they cannot disagree.
//
// # Attachment
//
// A marker describes the declaration it is attached to, with the rule controller-tools
// and kubebuilder v4 use:
//
//   - a type's markers are those in its doc comment, and in the comment group directly
//     above the doc comment, separated from it by exactly one blank line;
//   - a field's markers are those in its doc comment and in the group one blank line
//     above it, inside the struct;
//   - package markers are those in comments before the package clause.
//
// A +opguard: marker anywhere else attaches to nothing. It is reported as a warning with
// its position rather than silently dropped (controller-tools#313, #551, #574). So is
// "//+opguard:" without the space after "//" (kube-api-linter#157): it is still read,
// but other tools and editors treat it differently.
//
// # Diagnostics
//
// Every problem is a [diag.Diagnostic] in the Go compiler's form,
// "path/file.go:LINE:COL: message", with the path relative to the working directory.
// Errors are collected, never returned one at a time: a run reports all of them, sorted
// by position.
package markers
