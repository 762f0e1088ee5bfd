package merge

// Lines splits content after each newline; a last line without one stays as it is.
// Empty content has no lines.
func Lines(content []byte) []string {
	s := string(content)
	var lines []string
	for s != "" {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		if i == len(s) {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// Diff returns, for each line of a, the index of the line of b it is matched with, or
// -1: a longest common subsequence of a and b, found with Myers' algorithm in linear
// space. The matched indices increase.
func Diff(a, b []string) []int {
	// Lines become small integers: comparisons are then cheap, however long a line.
	ids := map[string]int{}
	intern := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	d := &differ{a: intern(a), b: intern(b), match: make([]int, len(a))}
	for i := range d.match {
		d.match[i] = -1
	}
	d.solve(0, 0, len(a), len(b))
	return d.match
}

type differ struct {
	a, b  []int
	match []int
}

// solve matches the lines of a[alo:ahi] and b[blo:bhi]: the common prefix and suffix
// as they are (most of a scaffolded file is one or the other), then what lies between
// is split at a point of a shortest edit path and each part solved the same way.
func (d *differ) solve(alo, blo, ahi, bhi int) {
	for alo < ahi && blo < bhi && d.a[alo] == d.b[blo] {
		d.match[alo] = blo
		alo, blo = alo+1, blo+1
	}
	for alo < ahi && blo < bhi && d.a[ahi-1] == d.b[bhi-1] {
		ahi, bhi = ahi-1, bhi-1
		d.match[ahi] = bhi
	}
	if alo == ahi || blo == bhi {
		return
	}
	x, y, ok := d.bisect(alo, blo, ahi, bhi)
	if !ok || x == alo && y == blo || x == ahi && y == bhi {
		return // nothing in common (a split at a corner cannot happen; see bisect)
	}
	d.solve(alo, blo, x, y)
	d.solve(x, y, ahi, bhi)
}

// bisect finds the middle snake of a[alo:ahi] against b[blo:bhi] (Myers 1986, section
// 4b): paths of D/2 edits from the start and from the end that overlap; the point
// where the forward one ends lies on a shortest edit path. The box's first lines
// differ and so do its last ones, so the point lies strictly inside it and both parts
// are smaller. ok is false when the two share no line.
func (d *differ) bisect(alo, blo, ahi, bhi int) (x, y int, ok bool) {
	a, b := d.a[alo:ahi], d.b[blo:bhi]
	n, m := len(a), len(b)
	maxD := (n + m + 1) / 2
	off, size := maxD, 2*maxD+2
	v1, v2 := make([]int, size), make([]int, size)
	for i := range v1 {
		v1[i], v2[i] = -1, -1
	}
	v1[off+1], v2[off+1] = 0, 0
	delta := n - m
	// With an odd delta the paths meet on a forward step, with an even one on a
	// backward step.
	front := delta%2 != 0
	// Diagonals that ran off the box are not searched again.
	k1start, k1end, k2start, k2end := 0, 0, 0, 0
	for D := 0; D < maxD; D++ {
		for k1 := -D + k1start; k1 <= D-k1end; k1 += 2 {
			i := off + k1
			var x1 int
			if k1 == -D || k1 != D && v1[i-1] < v1[i+1] {
				x1 = v1[i+1]
			} else {
				x1 = v1[i-1] + 1
			}
			y1 := x1 - k1
			for x1 < n && y1 < m && a[x1] == b[y1] {
				x1, y1 = x1+1, y1+1
			}
			v1[i] = x1
			switch {
			case x1 > n:
				k1end += 2
			case y1 > m:
				k1start += 2
			case front:
				j := off + delta - k1
				if j >= 0 && j < size && v2[j] != -1 && x1 >= n-v2[j] {
					return alo + x1, blo + y1, true
				}
			}
		}
		for k2 := -D + k2start; k2 <= D-k2end; k2 += 2 {
			i := off + k2
			var x2 int
			if k2 == -D || k2 != D && v2[i-1] < v2[i+1] {
				x2 = v2[i+1]
			} else {
				x2 = v2[i-1] + 1
			}
			y2 := x2 - k2
			for x2 < n && y2 < m && a[n-x2-1] == b[m-y2-1] {
				x2, y2 = x2+1, y2+1
			}
			v2[i] = x2
			switch {
			case x2 > n:
				k2end += 2
			case y2 > m:
				k2start += 2
			case !front:
				j := off + delta - k2
				if j >= 0 && j < size && v1[j] != -1 {
					x1 := v1[j]
					y1 := off + x1 - j
					if x1 >= n-x2 {
						return alo + x1, blo + y1, true
					}
				}
			}
		}
	}
	return 0, 0, false
}
