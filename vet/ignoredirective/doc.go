// Package ignoredirective defines the analyzer that checks //opguard:ignore
// directives themselves, so that a typo never silences a check by accident or fails
// to silence it without a word.
//
// # Analyzer ignoredirective
//
// ignoredirective: check //opguard:ignore directives
//
// # Rule
//
// Reported, at the directive:
//
//   - a directive without an analyzer name, or without a reason (it silences
//     nothing: see package directive);
//   - a name that is not one of the analyzers (with the closest name when one is
//     close);
//   - a comment that reads like a directive but is not one: "// opguard:ignore" with
//     a space, which Go would treat as prose and opgen vet does too.
//
// The analyzer is built by New with the names it accepts, which package vet passes
// from its list, so the list of analyzers is written down once.
package ignoredirective
