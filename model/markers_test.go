package model

import (
	"testing"

	"github.com/opgen-dev/opgen/markers"
)

// TestHandlers holds the model's handler tables and the marker table equal: every Def
// has exactly one handler, in the table of its target, and every handler is a Def's.
// A marker added to markers.Defs without its meaning here fails this test, not a user.
func TestHandlers(t *testing.T) {
	count := func(n markers.Name) (kind, field, pkg int) {
		if _, ok := kindHandlers[n]; ok {
			kind++
		}
		if _, ok := fieldHandlers[n]; ok {
			field++
		}
		if _, ok := packageHandlers[n]; ok {
			pkg++
		}
		return
	}
	for _, d := range markers.Defs {
		kind, field, pkg := count(d.Name)
		want := map[markers.Target][3]int{
			markers.TargetKind:        {1, 0, 0},
			markers.TargetStatusField: {0, 1, 0},
			markers.TargetPackage:     {0, 0, 1},
		}[d.Target]
		if got := [3]int{kind, field, pkg}; got != want {
			t.Errorf("%s (a %s marker) has handlers %v (kind, field, package), want %v", d.Name, d.Target, got, want)
		}
	}
	for n, h := range kindHandlers {
		if d := n.Def(); d == nil || d.Target != markers.TargetKind {
			t.Errorf("kind handler %q has no kind marker in markers.Defs", n)
		}
		if h.apply == nil {
			t.Errorf("kind handler %s applies nothing", n)
		}
	}
	for n := range fieldHandlers {
		if d := n.Def(); d == nil || d.Target != markers.TargetStatusField {
			t.Errorf("field handler %q has no field marker in markers.Defs", n)
		}
	}
	for n := range packageHandlers {
		if d := n.Def(); d == nil || d.Target != markers.TargetPackage {
			t.Errorf("package handler %q has no package marker in markers.Defs", n)
		}
	}
}
