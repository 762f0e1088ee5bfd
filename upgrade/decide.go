package upgrade

import (
	"bytes"
	"fmt"
	"go/version"
	"sort"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/opgen-dev/opgen/merge"
)

// Action is what opgen upgrade does to one of the user's files.
type Action int

const (
	// Same: the new scaffold is the old one there; the file is left as it is.
	Same Action = iota
	// UpToDate: the file already holds the new scaffold's content.
	UpToDate
	// Replace: the user never changed the file; the new scaffold's content replaces it.
	Replace
	// Keep: the scaffold changed the file, and merging that change into the user's
	// file gives the user's file: only the user's changes differ from the new scaffold.
	Keep
	// Merge: both changed it, in different places; both changes are in the result.
	Merge
	// Conflict: both changed the same lines differently; the result holds markers.
	Conflict
	// Add: a file the new scaffold adds, which the project lacks.
	Add
	// Remove: a file the new scaffold no longer has, which the user never changed.
	Remove
	// KeepDropped: a file the new scaffold no longer has, which the user changed: kept.
	KeepDropped
	// KeepDeleted: a file the user deleted, which the new scaffold changes: left deleted.
	KeepDeleted
)

var actionNames = map[Action]string{
	Same: "same", UpToDate: "up to date", Replace: "replaced", Keep: "kept", Merge: "merged",
	Conflict: "CONFLICT", Add: "added", Remove: "removed", KeepDropped: "kept", KeepDeleted: "not restored",
}

func (a Action) String() string { return actionNames[a] }

// Writes reports whether the action changes the disk.
func (a Action) Writes() bool {
	return a == Replace || a == Merge || a == Conflict || a == Add || a == Remove
}

// File is the decision for one path.
type File struct {
	Path   string
	Action Action
	// Old is the file on disk (nil when there is none); New what the upgrade writes
	// (Replace, Merge, Conflict, Add).
	Old, New []byte
	// Conflicts are the conflicting hunks of a Conflict.
	Conflicts []merge.Conflict
	// Why says in a few words why, for the report.
	Why string
}

// Decide compares, file by file, the old scaffold (base), the new one (theirs) and the
// user's files (ours reads one; ok is false when it does not exist), and says what an
// upgrade does to each: see Action. go.mod is merged by requirement (mergeGoMod), not
// by line: a tidied go.mod differs from the scaffolded one on nearly every line.
func Decide(base, theirs Scaffold, ours func(path string) (content []byte, ok bool)) ([]File, error) {
	paths := map[string]bool{}
	for p := range base {
		paths[p] = true
	}
	for p := range theirs {
		paths[p] = true
	}
	var out []File
	for _, p := range sorted(paths) {
		b, inBase := base[p]
		t, inTheirs := theirs[p]
		o, exists := ours(p)
		f := File{Path: p}
		if exists {
			f.Old = o
		}
		switch {
		case inBase && inTheirs && bytes.Equal(b, t):
			f.Action = Same
		case !exists && inBase && !inTheirs:
			f.Action = Same // dropped by both
		case !exists && !inBase:
			f.Action, f.New, f.Why = Add, t, "new in the scaffold"
		case !exists:
			f.Action, f.Why = KeepDeleted, "you removed it; the new scaffold changes it"
		case !inTheirs && bytes.Equal(o, b):
			f.Action, f.Why = Remove, "dropped by the new scaffold; you never changed it"
		case !inTheirs:
			f.Action, f.Why = KeepDropped, "dropped by the new scaffold; you changed it"
		case bytes.Equal(o, t):
			f.Action = UpToDate
		case inBase && bytes.Equal(o, b):
			f.Action, f.New, f.Why = Replace, t, "you never changed it"
		case p == "go.mod" && inBase:
			merged, err := mergeGoMod(b, t, o)
			if err != nil {
				return nil, fmt.Errorf("go.mod: %v", err)
			}
			if bytes.Equal(merged, o) {
				f.Action, f.Why = Keep, "its requirements are as new or newer"
			} else {
				f.Action, f.New, f.Why = Merge, merged, "the new scaffold's requirements, yours kept"
			}
		default:
			res := merge.Merge(b, o, t) // b is nil for a file both added
			switch {
			case len(res.Conflicts) > 0:
				f.Action, f.New, f.Conflicts = Conflict, res.Content, res.Conflicts
				f.Why = conflictLines(res.Conflicts)
			case bytes.Equal(res.Content, o):
				f.Action, f.Why = Keep, "only you changed it"
			default:
				f.Action, f.New, f.Why = Merge, res.Content, "your changes and the new scaffold's"
			}
		}
		out = append(out, f)
	}
	return out, nil
}

func conflictLines(cs []merge.Conflict) string {
	s := "conflicting changes at line"
	if len(cs) > 1 {
		s += "s"
	}
	for i, c := range cs {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %d", c.Line)
	}
	return s
}

func sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// mergeGoMod applies to the user's go.mod what the scaffold changed in its own: each
// requirement whose version the new scaffold moves is moved, unless the user requires
// that module at the new version or a later one already, or dropped it; a requirement
// the new scaffold adds is added; the go directive likewise. Requirements the new
// scaffold drops are left to go mod tidy.
func mergeGoMod(base, theirs, ours []byte) ([]byte, error) {
	b, err := modfile.Parse("base go.mod", base, nil)
	if err != nil {
		return nil, err
	}
	t, err := modfile.Parse("new go.mod", theirs, nil)
	if err != nil {
		return nil, err
	}
	o, err := modfile.Parse("go.mod", ours, nil)
	if err != nil {
		return nil, err
	}
	versions := func(f *modfile.File) map[string]string {
		m := map[string]string{}
		for _, r := range f.Require {
			m[r.Mod.Path] = r.Mod.Version
		}
		return m
	}
	bv, ov := versions(b), versions(o)
	changed := false
	for _, r := range t.Require {
		p, v := r.Mod.Path, r.Mod.Version
		old, inBase := bv[p]
		if inBase && old == v {
			continue
		}
		have, inOurs := ov[p]
		switch {
		case inBase && !inOurs:
			continue // the user dropped it
		case inOurs && semver.Compare(have, v) >= 0:
			continue
		}
		if err := o.AddRequire(p, v); err != nil {
			return nil, err
		}
		changed = true
	}
	if t.Go != nil && (b.Go == nil || b.Go.Version != t.Go.Version) && (o.Go == nil || version.Compare("go"+o.Go.Version, "go"+t.Go.Version) < 0) {
		if err := o.AddGoStmt(t.Go.Version); err != nil {
			return nil, err
		}
		changed = true
	}
	if !changed {
		return ours, nil
	}
	o.Cleanup()
	return o.Format()
}
