package directive

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParse(t *testing.T) {
	src := `package p

func f() {
	//opguard:ignore statusupdate written once, at creation
	_ = 1
	_ = 2 //opguard:ignore requeue,workers two names // and a comment
	//opguard:ignore
	//opguard:ignoreall not a directive
	// opguard:ignore prose, not a directive
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	want := []Directive{
		{Analyzers: []string{"statusupdate"}, Reason: "written once, at creation", Lines: []int{4, 5}},
		{Analyzers: []string{"requeue", "workers"}, Reason: "two names", Lines: []int{6}},
		{Lines: []int{7, 8}},
	}
	got := Parse(fset, f, []byte(src))
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Directive{}, "Pos")); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
	if !got[0].Silences("statusupdate") || got[0].Silences("requeue") || got[2].Silences("") {
		t.Error("Silences: want only a named analyzer silenced, and only with a reason")
	}
	// Without the source, a directive covers its own line and the next.
	if got := Parse(fset, f, nil); !cmp.Equal(got[1].Lines, []int{6, 7}) {
		t.Errorf("without source: lines %v, want [6 7]", got[1].Lines)
	}
}
