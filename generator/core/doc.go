// Package core holds what every generator shares and nothing else: the [Generator]
// interface, the [Context] a run hands to each generator, and the [File] each returns.
//
// It exists apart from package generator so that generator packages can depend on
// these types while package generator depends on every generator package to list them
// in one ordered slice.
//
// Generators are pure: they read the Context and return files in memory. Only the CLI
// writes to disk, so `opgen generate --check` and the golden tests reuse the exact
// bytes a real run would write.
package core
