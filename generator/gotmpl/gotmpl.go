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
	// float is a float64 constant as Go source spells it untyped: 50.0, 12.5.
	"float": Float,
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

// Float spells a float64 as an untyped Go constant that stays a float: 50 is "50.0".
func Float(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}
