package upgrade

import (
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/merge"
)

// TestDecide: each case of the table, file by file.
func TestDecide(t *testing.T) {
	base := Scaffold{
		"same":            []byte("s\n"),
		"replace":         []byte("a\nb\nc\n"),
		"keep":            []byte("a\nb\nc\n"),
		"merge":           []byte("a\nb\nc\nd\ne\n"),
		"conflict":        []byte("a\nb\nc\n"),
		"dropped":         []byte("old\n"),
		"dropped-changed": []byte("old\n"),
		"deleted":         []byte("a\n"),
		"uptodate":        []byte("a\n"),
		"both-dropped":    []byte("x\n"),
	}
	theirs := Scaffold{
		"same":     []byte("s\n"),
		"replace":  []byte("a\nB\nc\n"),
		"keep":     []byte("a\nb\nc\n"),
		"merge":    []byte("a\nB\nc\nd\ne\n"),
		"conflict": []byte("a\nB theirs\nc\n"),
		"deleted":  []byte("A\n"),
		"uptodate": []byte("A\n"),
		"added":    []byte("new\n"),
		"add-both": []byte("new\n"),
	}
	ours := map[string]string{
		"same":            "s mine\n",
		"replace":         "a\nb\nc\n",
		"keep":            "a\nb mine\nc\n",
		"merge":           "a\nb\nc\nd\nE mine\n",
		"conflict":        "a\nB ours\nc\n",
		"dropped":         "old\n",
		"dropped-changed": "old, mine\n",
		"uptodate":        "A\n",
		"add-both":        "mine\n",
	}
	got, err := Decide(base, theirs, func(p string) ([]byte, bool) {
		s, ok := ours[p]
		return []byte(s), ok
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		action Action
		new    string
	}{
		"same":            {Same, ""},
		"replace":         {Replace, "a\nB\nc\n"},
		"keep":            {Same, ""},
		"merge":           {Merge, "a\nB\nc\nd\nE mine\n"},
		"conflict":        {Conflict, "a\n" + merge.MarkerOurs + "\nB ours\n" + merge.MarkerSep + "\nB theirs\n" + merge.MarkerTheirs + "\nc\n"},
		"dropped":         {Remove, ""},
		"dropped-changed": {KeepDropped, ""},
		"deleted":         {KeepDeleted, ""},
		"uptodate":        {UpToDate, ""},
		"added":           {Add, "new\n"},
		"add-both":        {Conflict, merge.MarkerOurs + "\nmine\n" + merge.MarkerSep + "\nnew\n" + merge.MarkerTheirs + "\n"},
		"both-dropped":    {Same, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("%d decisions, want %d", len(got), len(want))
	}
	for _, f := range got {
		w := want[f.Path]
		if f.Action != w.action || string(f.New) != w.new {
			t.Errorf("%s: %v %q, want %v %q", f.Path, f.Action, f.New, w.action, w.new)
		}
		if f.Action.Writes() != (f.Action == Replace || f.Action == Merge || f.Action == Conflict || f.Action == Add || f.Action == Remove) {
			t.Errorf("%s: Writes() wrong for %v", f.Path, f.Action)
		}
	}
}

// TestDecideKeepsWhatOnlyTheUserChanged: a scaffold change the user made already, with
// more of the user's around it, merges into the user's file: kept.
func TestDecideKeepsWhatOnlyTheUserChanged(t *testing.T) {
	got, err := Decide(Scaffold{"f": []byte("a\nb\nc\n")}, Scaffold{"f": []byte("a\nB\nc\n")}, func(string) ([]byte, bool) {
		return []byte("a\nB\nc\nmine\n"), true
	})
	if err != nil || got[0].Action != Keep {
		t.Fatalf("%+v, %v", got, err)
	}
}

// TestMergeGoMod: go.mod takes the requirements the new scaffold moves, keeps the
// user's newer ones and own ones, and leaves alone what the user dropped.
func TestMergeGoMod(t *testing.T) {
	base := "module example.com/op\n\ngo 1.26\n\nrequire (\n\tk8s.io/api v0.37.2\n\tsigs.k8s.io/controller-runtime v0.25.2\n\tsigs.k8s.io/kustomize/api v0.21.0\n)\n"
	theirs := "module example.com/op\n\ngo 1.27\n\nrequire (\n\tk8s.io/api v0.38.0\n\tsigs.k8s.io/controller-runtime v0.26.0\n\tsigs.k8s.io/kustomize/api v0.22.0\n\tgithub.com/new/dep v1.0.0\n)\n"
	ours := "module example.com/op\n\ngo 1.26.0\n\nrequire (\n\tk8s.io/api v0.37.2\n\tsigs.k8s.io/controller-runtime v0.27.0\n\tgithub.com/mine/dep v1.2.3\n)\n\nrequire golang.org/x/net v0.1.0 // indirect\n"
	got, err := Decide(Scaffold{"go.mod": []byte(base)}, Scaffold{"go.mod": []byte(theirs)}, func(string) ([]byte, bool) { return []byte(ours), true })
	if err != nil {
		t.Fatal(err)
	}
	f := got[0]
	if f.Action != Merge {
		t.Fatalf("%v", f.Action)
	}
	s := string(f.New)
	for _, want := range []string{"go 1.27\n", "k8s.io/api v0.38.0", "sigs.k8s.io/controller-runtime v0.27.0", "github.com/mine/dep v1.2.3", "github.com/new/dep v1.0.0", "golang.org/x/net v0.1.0 // indirect"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if strings.Contains(s, "kustomize/api") {
		t.Errorf("a requirement the user dropped came back:\n%s", s)
	}
	// Nothing to move: the user's go.mod as it is.
	got, _ = Decide(Scaffold{"go.mod": []byte(base)}, Scaffold{"go.mod": []byte(strings.Replace(base, "v0.37.2", "v0.37.1", 1))}, func(string) ([]byte, bool) { return []byte(ours), true })
	if got[0].Action != Keep {
		t.Errorf("an older version in the new scaffold: %v\n%s", got[0].Action, got[0].New)
	}
}
