package gotmpl

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"strconv"
	"strings"
	"text/template"
)

// Set is a parsed set of Go templates.
type Set struct{ t *template.Template }

// funcs are the functions templates may call.
var funcs = template.FuncMap{
	// quote is a Go string literal.
	"quote": strconv.Quote,
	"lower": strings.ToLower,
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
