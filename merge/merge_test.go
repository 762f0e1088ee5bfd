package merge

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// lcsLength is the textbook dynamic program, to hold Diff to a longest subsequence.
func lcsLength(a, b []string) int {
	prev := make([]int, len(b)+1)
	for i := range a {
		cur := make([]int, len(b)+1)
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}

// randomLines draws n lines from an alphabet of k, so that lines repeat as braces and
// blank lines do in code.
func randomLines(r *rand.Rand, n, k int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%c\n", 'a'+r.Intn(k))
	}
	return out
}

// TestDiffIsALongestCommonSubsequence: matched lines are equal, in increasing order on
// both sides, and as many as the longest common subsequence has, on random sequences
// with many repeated lines (where a heuristic matcher falls short).
func TestDiffIsALongestCommonSubsequence(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		a := randomLines(r, r.Intn(30), 1+r.Intn(5))
		b := randomLines(r, r.Intn(30), 1+r.Intn(5))
		m := Diff(a, b)
		n, last := 0, -1
		for i, j := range m {
			if j < 0 {
				continue
			}
			if j <= last || a[i] != b[j] {
				t.Fatalf("a=%q b=%q: match %d->%d is not an increasing match of equal lines (%v)", a, b, i, j, m)
			}
			last = j
			n++
		}
		if want := lcsLength(a, b); n != want {
			t.Fatalf("a=%q b=%q: %d matches, the longest common subsequence has %d", a, b, n, want)
		}
	}
}

// TestDiffLargeFile: a long file with a few changes is matched whole, quickly (linear
// space: no quadratic table).
func TestDiffLargeFile(t *testing.T) {
	var a []string
	for i := 0; i < 20000; i++ {
		a = append(a, fmt.Sprintf("line %d\n", i))
	}
	b := append([]string(nil), a...)
	b[500], b[15000] = "changed\n", "changed too\n"
	b = append(b[:9000], append([]string{"inserted\n"}, b[9000:]...)...)
	m := Diff(a, b)
	n := 0
	for _, j := range m {
		if j >= 0 {
			n++
		}
	}
	if n != 19998 {
		t.Fatalf("%d lines matched, want 19998", n)
	}
}

func join(lines []string) []byte { return []byte(strings.Join(lines, "")) }

// TestMergeTrivialCases: the properties every three-way merge has, on random texts
// with repeated lines: merging X with itself is X; a change on one side only is that
// side; the same change on both sides is taken once.
func TestMergeTrivialCases(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for iter := 0; iter < 2000; iter++ {
		base := join(randomLines(r, r.Intn(25), 1+r.Intn(4)))
		x := join(randomLines(r, r.Intn(25), 1+r.Intn(4)))
		for _, c := range []struct {
			name               string
			base, ours, theirs []byte
			want               []byte
		}{
			{"X with itself", x, x, x, x},
			{"only ours changed", base, x, base, x},
			{"only theirs changed", base, base, x, x},
			{"both made the same change", base, x, x, x},
		} {
			res := Merge(c.base, c.ours, c.theirs)
			if len(res.Conflicts) > 0 || string(res.Content) != string(c.want) {
				t.Fatalf("%s: base %q ours %q theirs %q: got %q (%d conflicts), want %q", c.name, c.base, c.ours, c.theirs, res.Content, len(res.Conflicts), c.want)
			}
		}
	}
}

// edit is what one side does to a block of base lines.
type edit int

const (
	keep edit = iota
	oursEdit
	theirsEdit
	bothSame
)

// TestMergeDisjointEdits: edits of ours and theirs to parts of the base with an
// untouched line between them merge without a conflict into the base with both
// applied, whatever the edits are (replace, delete, insert before, insert after), and
// the merge does not depend on which side is which. Lines are unique here, so that
// the edits are the only explanation of the differences.
func TestMergeDisjointEdits(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	fresh := 0
	newLines := func(n int) []string {
		var out []string
		for i := 0; i < n; i++ {
			fresh++
			out = append(out, fmt.Sprintf("new %d\n", fresh))
		}
		return out
	}
	for iter := 0; iter < 2000; iter++ {
		var base, ours, theirs, want []string
		prev := keep
		line := 0
		for blocks := 1 + r.Intn(8); blocks > 0; blocks-- {
			var block []string
			for n := 1 + r.Intn(4); n > 0; n-- {
				line++
				block = append(block, fmt.Sprintf("base %d\n", line))
			}
			e := edit(r.Intn(4))
			// An edit of the other side right after this one needs a kept block between.
			if prev == oursEdit && e == theirsEdit || prev == theirsEdit && e == oursEdit || prev == bothSame && e != keep && e != bothSame || e == bothSame && prev != keep && prev != bothSame {
				e = keep
			}
			prev = e
			var changed []string
			switch r.Intn(4) {
			case 0: // replace
				changed = newLines(r.Intn(4))
			case 1: // delete part
				changed = append([]string(nil), block[:r.Intn(len(block))]...)
			case 2: // insert before, keeping the block
				changed = append(newLines(1+r.Intn(2)), block...)
			case 3: // insert after
				changed = append(append([]string(nil), block...), newLines(1+r.Intn(2))...)
			}
			base = append(base, block...)
			switch e {
			case keep:
				ours, theirs, want = append(ours, block...), append(theirs, block...), append(want, block...)
			case oursEdit:
				ours, theirs, want = append(ours, changed...), append(theirs, block...), append(want, changed...)
			case theirsEdit:
				ours, theirs, want = append(ours, block...), append(theirs, changed...), append(want, changed...)
			case bothSame:
				ours, theirs, want = append(ours, changed...), append(theirs, changed...), append(want, changed...)
			}
		}
		res := Merge(join(base), join(ours), join(theirs))
		if len(res.Conflicts) > 0 || string(res.Content) != string(join(want)) {
			t.Fatalf("base %q\nours %q\ntheirs %q\ngot %q (%d conflicts)\nwant %q", base, ours, theirs, res.Content, len(res.Conflicts), join(want))
		}
		if swapped := Merge(join(base), join(theirs), join(ours)); string(swapped.Content) != string(res.Content) {
			t.Fatalf("the merge depends on which side is ours: %q, swapped %q", res.Content, swapped.Content)
		}
	}
}

// TestMergeConflictIsExactlyTheHunk: two different changes to the same line are one
// conflict around exactly those lines, and changes elsewhere merge around it.
func TestMergeConflictIsExactlyTheHunk(t *testing.T) {
	base := "a\nb\nc\nd\ne\nf\ng\n"
	ours := "a\nB ours\nc\nD ours\ne\nf\ng\n"
	theirs := "a\nb\nc\nD theirs\ne\nf\nG theirs\n"
	res := Merge([]byte(base), []byte(ours), []byte(theirs))
	want := "a\nB ours\nc\n" + MarkerOurs + "\nD ours\n" + MarkerSep + "\nD theirs\n" + MarkerTheirs + "\ne\nf\nG theirs\n"
	if string(res.Content) != want {
		t.Fatalf("got\n%s\nwant\n%s", res.Content, want)
	}
	if len(res.Conflicts) != 1 {
		t.Fatalf("%d conflicts, want 1", len(res.Conflicts))
	}
	c := res.Conflicts[0]
	if c.Line != 4 || c.BaseLine != 4 || strings.Join(c.Base, "") != "d\n" || strings.Join(c.Ours, "") != "D ours\n" || strings.Join(c.Theirs, "") != "D theirs\n" {
		t.Fatalf("conflict %+v", c)
	}
	if !HasMarkers(res.Content) || HasMarkers([]byte("Title\n=======\n")) {
		t.Fatal("HasMarkers")
	}
}

// TestMergeConflictTrimsCommonLines: lines both sides add around their different ones
// stay outside the markers.
func TestMergeConflictTrimsCommonLines(t *testing.T) {
	base := "a\nb\nc\n"
	ours := "a\nsame first\nmine\nsame last\nc\n"
	theirs := "a\nsame first\nyours\nsame last\nc\n"
	res := Merge([]byte(base), []byte(ours), []byte(theirs))
	want := "a\nsame first\n" + MarkerOurs + "\nmine\n" + MarkerSep + "\nyours\n" + MarkerTheirs + "\nsame last\nc\n"
	if string(res.Content) != want || len(res.Conflicts) != 1 {
		t.Fatalf("got\n%s", res.Content)
	}
}

// TestMergeLastLineWithoutNewline: a conflict on a last line without a newline still
// puts each marker on a line of its own; a clean merge keeps the missing newline.
func TestMergeLastLineWithoutNewline(t *testing.T) {
	res := Merge([]byte("a\nb"), []byte("a\nours"), []byte("a\ntheirs"))
	want := "a\n" + MarkerOurs + "\nours\n" + MarkerSep + "\ntheirs\n" + MarkerTheirs + "\n"
	if string(res.Content) != want {
		t.Fatalf("got %q, want %q", res.Content, want)
	}
	res = Merge([]byte("a\nb\nc"), []byte("A\nb\nc"), []byte("a\nb\nC"))
	if string(res.Content) != "A\nb\nC" || len(res.Conflicts) != 0 {
		t.Fatalf("got %q", res.Content)
	}
}

// TestMergeAdjacentChangesConflict: changes with no unchanged line between them are one
// chunk, as in git: a conflict unless they are the same.
func TestMergeAdjacentChangesConflict(t *testing.T) {
	res := Merge([]byte("a\nb\nc\nd\n"), []byte("a\nB\nc\nd\n"), []byte("a\nb\nC\nd\n"))
	if len(res.Conflicts) != 1 {
		t.Fatalf("got %q", res.Content)
	}
}

// TestMergeAddAdd: with no base (a file both sides added), equal files merge and
// different ones conflict over the lines that differ.
func TestMergeAddAdd(t *testing.T) {
	if res := Merge(nil, []byte("x\ny\n"), []byte("x\ny\n")); string(res.Content) != "x\ny\n" || len(res.Conflicts) != 0 {
		t.Fatalf("equal: %q", res.Content)
	}
	res := Merge(nil, []byte("x\nmine\ny\n"), []byte("x\ntheirs\ny\n"))
	if len(res.Conflicts) != 1 || !strings.HasPrefix(string(res.Content), "x\n"+MarkerOurs) {
		t.Fatalf("different: %q", res.Content)
	}
}
