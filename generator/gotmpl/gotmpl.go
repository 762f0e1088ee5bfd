package gotmpl

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"strconv"
	"strings"
	"text/template"

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
	"kubeAlias":          naming.KubeAlias,
	"applyConfiguration": naming.ApplyConfiguration,
}

// MustParse parses the templates of fsys that match the patterns. It panics on an
// error: templates are embedded, and a broken one must fail at the first test.
func MustParse(fsys fs.FS, patterns ...string) *Set {
	t := template.New("").Option("missingkey=error").Funcs(funcs)
	return &Set{t: template.Must(t.ParseFS(fsys, patterns...))}
}

// File renders the template name (a file's base name, "suite_test.go.tmpl") with
// data, below header (the license and "Code generated" lines), as a gofmt-formatted
// Go file.
func (s *Set) File(header, name string, data any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(header + "\n\n")
	if err := s.t.ExecuteTemplate(&b, name, data); err != nil {
		return nil, err
	}
	src, err := format.Source(b.Bytes())
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

// Import is one import of a generated file: its alias and path.
type Import struct{ Alias, Path string }

// Imports are the imports of a file that vary with the model (the API packages, the
// owned kinds' packages), each path once, in the order first added, each under an
// alias no other import of the file has. A template writes them in its import block
// beside the ones it spells itself, and names each package by the alias Add returned:
//
//	{{ range .Imports }}{{ .Alias }} {{ quote .Path }}
//	{{ end }}
type Imports []Import

// Add adds path under alias, unless it is there already, and returns the alias the
// file knows it by: alias, or, when another path of the file has it, alias with the
// first number that makes it unique (appsv1, appsv11), so that a module's apps/v1
// API package and k8s.io/api/apps/v1 can meet in one file.
func (im *Imports) Add(alias, path string) string {
	taken := map[string]bool{}
	for _, i := range *im {
		if i.Path == path {
			return i.Alias
		}
		taken[i.Alias] = true
	}
	unique := alias
	for n := 1; taken[unique]; n++ {
		unique = alias + strconv.Itoa(n)
	}
	*im = append(*im, Import{Alias: unique, Path: path})
	return unique
}
