// Package gotmpl is how opgen writes the Go files it generates: each file is a
// text/template that reads like the file it produces, filled from a typed value and
// formatted with go/format. A template names every emitted identifier through the
// value it is given (naming's names, the model's kinds), never by gluing text, and
// its imports are written in it, as in the output.
//
// A generator keeps its templates beside its code as <name>.go.tmpl files, embedded
// and parsed once ([MustParse]) with missingkey=error, so a template that asks for a
// field its value lacks fails every test of its generator, not a user's run. Named
// templates ({{ define }}) are shared by the files of one set.
//
// Go's own "{{" (a composite literal of composite literals) is written "{ {" in a
// template; go/format gives it back as "{{".
//
// The runtime (generator/guards/source) is the other way opgen writes Go: compiled,
// tested source emitted verbatim. gotmpl is for what varies with the model.
package gotmpl
