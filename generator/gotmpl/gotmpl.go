package gotmpl

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"text/template"

	"golang.org/x/tools/imports"

	"github.com/opgen-dev/opgen/naming"
)

// Set is a parsed set of Go templates.
type Set struct{ t *template.Template }

// funcs are the functions templates may call.
var funcs = template.FuncMap{
	// quote is a Go string literal.
	"quote": strconv.Quote,
	"lower": strings.ToLower,
	// join joins strings: {{ join .Names ", " }}.
	"join": func(elems []string, sep string) string { return strings.Join(elems, sep) },
	// stringsLit is a []string literal, or nil for none: []string{"a", "b"}.
	"stringsLit": stringsLit,
	// float is a float64 constant as Go source spells it untyped: 50.0, 12.5.
	"float": Float,
	// names is a kind's names in the naming table: {{ (names .Kind).Extract }}.
	"names": naming.For,
	// The naming table's aliases and type names that take an argument.
	"acAlias":            naming.ApplyConfigAlias,
	"applyConfiguration": naming.ApplyConfiguration,
}

// builtin are the named templates every set has:
//
//   - imports writes a file's Imports (or nothing when there is none), for the files
//     whose every import varies with the model: {{ template "imports" .Imports }}.
const builtin = `
{{- define "imports" -}}
{{- if eq (len .) 1 -}}
{{- with index . 0 }}
import {{ with .Alias }}{{ . }} {{ end }}{{ quote .Path }}
{{ end -}}
{{- else if . }}
import (
{{- range . }}
	{{ with .Alias }}{{ . }} {{ end }}{{ quote .Path }}
{{- end }}
)
{{ end -}}
{{- end -}}
`

// MustParse parses the templates of fsys that match the patterns. It panics on an
// error: templates are embedded, and a broken one must fail at the first test.
func MustParse(fsys fs.FS, patterns ...string) *Set {
	t := template.Must(template.New("").Option("missingkey=error").Funcs(funcs).Parse(builtin))
	return &Set{t: template.Must(t.ParseFS(fsys, patterns...))}
}

// File renders the template name (a file's base name, "suite_test.go.tmpl") with
// data, below header (the license and "Code generated" lines), as a Go file formatted
// as goimports formats it without adding or removing an import: gofmt's layout, and
// the imports in groups, the standard library's first, each group sorted.
func (s *Set) File(header, name string, data any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(header + "\n\n")
	if err := s.t.ExecuteTemplate(&b, name, data); err != nil {
		return nil, err
	}
	src, err := imports.Process(strings.TrimSuffix(name, ".tmpl"), stdlibFirst(b.Bytes()), &imports.Options{
		Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: true,
	})
	if err != nil {
		return nil, fmt.Errorf("%s renders Go that does not parse: %w", name, err)
	}
	return src, nil
}

func stringsLit(ss []string) string {
	if len(ss) == 0 {
		return "nil"
	}
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}

// Float spells a float64 as an untyped Go constant that stays a float: 50 is "50.0".
func Float(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}

// Import is one import of a generated file: its alias and path. An empty alias imports
// a package of the standard library by its own name.
type Import struct{ Alias, Path string }

// name is what the file calls the package.
func (i Import) name() string {
	if i.Alias == "" {
		return path.Base(i.Path)
	}
	return i.Alias
}

// Imports are the imports of a file that vary with the model (the API packages, the
// owned kinds' packages), each path once, in the order first added, each under an
// alias no other import of the file has. A template writes them in its import block
// beside the ones it spells itself, and names each package by the alias Add returned:
//
//	{{ range .Imports }}{{ .Alias }} {{ quote .Path }}
//	{{ end }}
type Imports []Import

// Add adds p under alias ("" for a package of the standard library under its own
// name), unless it is there already, and returns the name the file knows it by: alias,
// or, when another path of the file has that name, alias with the first number that
// makes it unique (appsv1, appsv11), so that a module's apps/v1 API package and
// k8s.io/api/apps/v1 can meet in one file.
func (im *Imports) Add(alias, p string) string {
	taken := map[string]bool{}
	for _, i := range *im {
		if i.Path == p {
			return i.name()
		}
		taken[i.name()] = true
	}
	imp := Import{Alias: alias, Path: p}
	if taken[imp.name()] {
		base := imp.name()
		for n := 1; taken[imp.name()]; n++ {
			imp.Alias = base + strconv.Itoa(n)
		}
	}
	*im = append(*im, imp)
	return imp.name()
}
