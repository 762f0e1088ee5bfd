package templates

import (
	"bytes"
	"embed"
	"fmt"
	"go/format"
	"sort"
	"strings"
	"sync"
	"text/template"

	"github.com/Masterminds/sprig/v3"
)

//go:embed *.tmpl
var files embed.FS

// funcNames are the sprig functions templates may use; a short list keeps templates
// readable and portable.
var funcNames = []string{"lower", "upper", "title", "camelcase", "kebabcase", "snakecase", "quote", "trimSuffix", "trimPrefix", "replace", "join", "default", "has"}

// Funcs returns the functions available to templates.
func Funcs() template.FuncMap {
	all := sprig.TxtFuncMap()
	fm := template.FuncMap{}
	for _, n := range funcNames {
		fm[n] = all[n]
	}
	return fm
}

var parsed = sync.OnceValues(func() (*template.Template, error) {
	return template.New("").Option("missingkey=error").Funcs(Funcs()).ParseFS(files, "*.tmpl")
})

// Names lists the templates, sorted.
func Names() ([]string, error) {
	t, err := parsed()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, x := range t.Templates() {
		if x.Name() != "" {
			names = append(names, x.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// Render executes a template; Go output (names ending in ".go.tmpl") is gofmt'ed.
func Render(name string, data any) ([]byte, error) {
	t, err := parsed()
	if err != nil {
		return nil, fmt.Errorf("parsing templates: %w", err)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	if !strings.HasSuffix(name, ".go.tmpl") {
		return b.Bytes(), nil
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("template %s: output is not valid Go: %w\n%s", name, err, b.String())
	}
	return out, nil
}
