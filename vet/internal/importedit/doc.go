// Package importedit computes the import edits that go with a SuggestedFix: the name
// a file already uses for a package, or the edit that adds the import, and the edit
// that removes an import a fix leaves unused.
//
// The edits of every fix in one file are computed from the same original file, so
// two fixes that add the same import produce identical edits, which drivers (opgen
// vet -fix, analysistest, gopls) apply once.
package importedit
