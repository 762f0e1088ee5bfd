package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// scan parses src and returns, for each marker, "<name>@<what it describes>", plus
// the diagnostics.
func scan(t *testing.T, src string) ([]string, []string) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "types.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	fm, diags := ScanFile(fset, f)
	// An invalid marker shows as "!" and the name it stands for.
	name := func(m Marker) string {
		if m.Invalid {
			return "!" + string(m.Def.Name)
		}
		return m.Name
	}
	var got []string
	for _, m := range fm.Package {
		got = append(got, name(m)+"@package")
	}
	for ts, ms := range fm.Types {
		for _, m := range ms {
			got = append(got, name(m)+"@type "+ts.Name.Name)
		}
	}
	for fld, ms := range fm.Fields {
		for _, m := range ms {
			got = append(got, name(m)+"@field "+fieldName(fld))
		}
	}
	sort.Strings(got)
	var ds []string
	for _, d := range diags.Sorted("") {
		ds = append(ds, d.String())
	}
	return got, ds
}

func fieldName(f *ast.Field) string {
	if len(f.Names) > 0 {
		return f.Names[0].Name
	}
	return "embedded"
}

func TestScanFileAttachment(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		want      []string
		wantDiags []string
	}{{
		name: "kubebuilder layout: group one blank line above the doc comment",
		src: `package v1

// +kubebuilder:object:root=true
// +opguard:status-owner=m

// Foo is a kind.
// +opguard:observed-generation
type Foo struct{}
`,
		want: []string{"observed-generation@type Foo", "status-owner@type Foo"},
	}, {
		name: "no doc comment: group one blank line above the type",
		src: `package v1

// +opguard:status-owner=m

type Foo struct{}
`,
		want: []string{"status-owner@type Foo"},
	}, {
		name: "two blank lines: attaches to nothing",
		src: `package v1

// +opguard:status-owner=m


// Foo is a kind.
type Foo struct{}
`,
		wantDiags: []string{"types.go:3:4: warning: +opguard:status-owner is not attached to a declaration and is ignored: put it in the doc comment of the root kind it describes, or in the comment group one blank line above that doc comment"},
	}, {
		name: "field doc and field group",
		src: `package v1

type FooStatus struct {
	// +opguard:volatile
	LastSeen string ` + "`json:\"lastSeen\"`" + `

	// +opguard:volatile

	// Count is a counter.
	Count int ` + "`json:\"count\"`" + `
	Other int // +opguard:volatile
}
`,
		want:      []string{"volatile@field Count", "volatile@field LastSeen"},
		wantDiags: []string{"types.go:11:15: warning: +opguard:volatile is not attached to a declaration and is ignored: put it in the doc comment of the status field it describes, or in the comment group one blank line above that doc comment"},
	}, {
		name: "package markers and grouped type declarations",
		src: `// Package v1 is an API.
// +opguard:client:qps=5,burst=10
package v1

type (
	// +opguard:status-owner=m
	A struct{}
	B struct{}
)

func f() {
	// +opguard:volatile
	_ = 1
}
`,
		want:      []string{"client@package", "status-owner@type A"},
		wantDiags: []string{"types.go:12:5: warning: +opguard:volatile is not attached to a declaration and is ignored: put it in the doc comment of the status field it describes, or in the comment group one blank line above that doc comment"},
	}, {
		name: "missing space, block comment, malformed and unknown markers",
		src: `package v1

//+opguard:status-owner=m
/* +opguard:volatile */
// +opguard:reconciler:maxConcurrentReconciles=x
// +opguard:status_owner=m
// +opguardian:ok
type Foo struct{}
`,
		want: []string{"!reconciler@type Foo", "!status-owner@type Foo", "status-owner@type Foo"},
		wantDiags: []string{
			`types.go:3:3: warning: write "// +opguard:status-owner" with a space after //: tools and editors treat //+ differently`,
			"types.go:4:1: warning: +opguard markers are read from // line comments only; this /* */ comment is ignored",
			`types.go:5:48: +opguard:reconciler: maxConcurrentReconciles: want a positive integer, got "x"`,
			"types.go:6:4: unknown marker +opguard:status_owner; did you mean +opguard:status-owner?",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags := scan(t, tt.src)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("markers (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.wantDiags, diags); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s", d)
			}
		})
	}
}
