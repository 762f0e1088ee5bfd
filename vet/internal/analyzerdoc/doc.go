// Package analyzerdoc keeps each analyzer's documentation in one place, its package's
// doc.go, as golang.org/x/tools does for its own analyzers: the analyzer embeds the
// file and its Doc is extracted from the package comment, and docs/vet.md is rendered
// from the same text (a test holds it in sync).
//
// The package comment holds a section headed "# Analyzer <name>", whose first
// paragraph is "<name>: <summary>" and whose rest (its own "# Incident", "# Rule",
// "# Fix" headings included) runs to the end of the comment.
package analyzerdoc
