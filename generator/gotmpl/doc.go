// Package gotmpl is how opgen writes the Go files it generates: each file is a
// text/template that reads like the file it produces, filled from a typed value and
// formatted as goimports formats it, without adding or removing an import (gofmt's
// layout; the standard library's imports first, then the rest, each group sorted). A
// template names every emitted identifier through the value it is given (naming's
// names, the model's kinds, the runtime's names in symbols.Called), never by gluing
// text, and its imports are written in it, as in the output, under the naming table's
// aliases (TestNoNameOutsideTheTable holds them to it).
//
// A generator keeps its templates beside its code as <name>.go.tmpl files, embedded
// and parsed once ([MustParse]) with missingkey=error, so a template that asks for a
// field its value lacks fails every test of its generator, not a user's run. Named
// templates ({{ define }}) are shared by the files of one set; every set has
// "imports", which writes an [Imports] list, for files whose every import varies with
// the model.
//
// The imports that vary with the model (the API packages, the owned kinds' packages)
// go through [Imports], which gives each path one name in the file and numbers a
// clashing alias, so that a module's apps/v1 and k8s.io/api/apps/v1 can meet in a file.
// Where the shape of the code itself follows a recursive walk of types (a conversion's
// statements for a map of pointers to structs), the generator builds those statements
// as small snippets of Go; the file around them is still its template.
//
// Go's own "{{" (a composite literal of composite literals) is written "{ {" in a
// template; go/format gives it back as "{{".
//
// The runtime (generator/guards/source) is the other way opgen writes Go: compiled,
// tested source emitted verbatim. gotmpl is for what varies with the model.
package gotmpl
