package merge

import "strings"

// The conflict markers, as git writes them.
const (
	MarkerOurs   = "<<<<<<< ours"
	MarkerSep    = "======="
	MarkerTheirs = ">>>>>>> theirs"
)

// Conflict is a region of the merged text where ours and theirs changed the same base
// lines differently.
type Conflict struct {
	// Line is the 1-based line of the merged text that holds the <<<<<<< marker.
	Line int
	// Base, Ours and Theirs are that region's lines on each side: Base from BaseLine
	// (1-based) of the base.
	Base, Ours, Theirs []string
	BaseLine           int
}

// Result is a merge's outcome.
type Result struct {
	// Content is the merged text, with markers around each conflict.
	Content []byte
	// Conflicts are the conflicting regions, in order.
	Conflicts []Conflict
}

// Merge merges the changes ours and theirs made to base (see the package
// documentation).
func Merge(base, ours, theirs []byte) Result {
	o, a, b := Lines(base), Lines(ours), Lines(theirs)
	ma, mb := Diff(o, a), Diff(o, b)
	var out []string
	var conflicts []Conflict
	// emit adds the merge of one unstable chunk: base o[olo:ohi], ours a[alo:ahi],
	// theirs b[blo:bhi].
	emit := func(olo, ohi, alo, ahi, blo, bhi int) {
		oc, ac, bc := o[olo:ohi], a[alo:ahi], b[blo:bhi]
		switch {
		case equal(ac, oc):
			out = append(out, bc...)
		case equal(bc, oc), equal(ac, bc):
			out = append(out, ac...)
		default:
			// Lines both sides begin or end with are theirs and ours alike: they stay
			// outside the markers.
			p := 0
			for p < len(ac) && p < len(bc) && ac[p] == bc[p] && strings.HasSuffix(ac[p], "\n") {
				p++
			}
			s := 0
			for s < len(ac)-p && s < len(bc)-p && ac[len(ac)-1-s] == bc[len(bc)-1-s] {
				s++
			}
			out = append(out, ac[:p]...)
			conflicts = append(conflicts, Conflict{
				Line: len(out) + 1,
				Base: oc, BaseLine: olo + 1,
				Ours: ac[p : len(ac)-s], Theirs: bc[p : len(bc)-s],
			})
			out = append(out, MarkerOurs+"\n")
			out = appendTerminated(out, ac[p:len(ac)-s])
			out = append(out, MarkerSep+"\n")
			out = appendTerminated(out, bc[p:len(bc)-s])
			out = append(out, MarkerTheirs+"\n")
			out = append(out, ac[len(ac)-s:]...)
		}
	}
	// Walk the base: a stable chunk is a run of base lines that both sides keep, each
	// right after the previous one on both sides; anything else lies in the unstable
	// chunk before the next line both keep.
	oi, ai, bi := 0, 0, 0
	for {
		// The next base line both keep, at or after oi.
		next := oi
		for next < len(o) && (ma[next] < 0 || mb[next] < 0) {
			next++
		}
		if next == len(o) {
			emit(oi, len(o), ai, len(a), bi, len(b))
			break
		}
		if next > oi || ma[next] > ai || mb[next] > bi {
			emit(oi, next, ai, ma[next], bi, mb[next])
		}
		// The stable run from next.
		oi, ai, bi = next, ma[next], mb[next]
		for oi < len(o) && ma[oi] == ai && mb[oi] == bi {
			out = append(out, o[oi])
			oi, ai, bi = oi+1, ai+1, bi+1
		}
	}
	return Result{Content: []byte(strings.Join(out, "")), Conflicts: conflicts}
}

// appendTerminated appends lines, giving a last line without a newline one, since a
// marker line follows it.
func appendTerminated(out, lines []string) []string {
	for i, l := range lines {
		if i == len(lines)-1 && !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		out = append(out, l)
	}
	return out
}

func equal(x, y []string) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// HasMarkers reports whether content holds a line that opens or closes a conflict as
// Merge writes it: a file left with a conflict to resolve. (A line of only "=======" is
// Markdown too, and proves nothing alone.)
func HasMarkers(content []byte) bool {
	for _, l := range Lines(content) {
		l = strings.TrimRight(l, "\n")
		if l == MarkerOurs || l == MarkerTheirs {
			return true
		}
	}
	return false
}
