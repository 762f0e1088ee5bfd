package diag

import (
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDiagnosticsSorted(t *testing.T) {
	ds := Diagnostics{
		{Pos: token.Position{Filename: "/w/b.go", Line: 1, Column: 1}, Msg: "b"},
		{Pos: token.Position{Filename: "/w/a.go", Line: 9, Column: 2}, Msg: "a9"},
		{Pos: token.Position{Filename: "/w/a.go", Line: 2, Column: 7}, Msg: "a2", Severity: Warning},
		{Pos: token.Position{Filename: "/w/a.go", Line: 9, Column: 2}, Msg: "a9"},
	}
	var got []string
	for _, d := range ds.Sorted("/w") {
		got = append(got, d.String())
	}
	want := []string{"a.go:2:7: warning: a2", "a.go:9:2: a9", "b.go:1:1: b"}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if !ds.HasErrors() || (Diagnostics{ds[2]}).HasErrors() {
		t.Fatal("HasErrors is wrong")
	}
	if err := ds.Err(); err == nil || !strings.Contains(err.Error(), "a9") || strings.Contains(err.Error(), "a2") {
		t.Fatalf("Err() = %v, want the errors only", err)
	}
}

func TestParsePos(t *testing.T) {
	for in, want := range map[string]token.Position{
		"":                {},
		"-":               {},
		"/w/a.go":         {Filename: "/w/a.go"},
		"/w/a.go:12":      {Filename: "/w/a.go", Line: 12},
		"/w/a.go:12:4":    {Filename: "/w/a.go", Line: 12, Column: 4},
		`C:\w\a.go:3:9`:   {Filename: `C:\w\a.go`, Line: 3, Column: 9},
		"go.mod:1:1:junk": {Filename: "go.mod:1:1:junk"},
	} {
		if got := ParsePos(in); got != want {
			t.Errorf("ParsePos(%q) = %+v, want %+v", in, got, want)
		}
	}
}
