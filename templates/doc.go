// Package templates holds the scaffold files opgen writes once for the user to own
// (a reconciler with the one method to fill in, cmd/main.go) as real files in an
// embed.FS, named after the file they produce plus ".tmpl".
//
// They are parsed once, on first use, with missingkey=error and a small, named set of
// sprig functions (see Funcs); a template that does not parse fails every run and every
// test. Go output is gofmt'ed in-process. Code that opgen owns and regenerates is not
// written with templates but with jennifer, in the generator packages.
package templates
