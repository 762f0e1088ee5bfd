package suggest

import "strings"

// Closest returns the candidate closest to name, or "" when none is close enough to
// be what the author meant. Case, "-" and "_" are ignored first, so statusOwner and
// status_owner both find status-owner.
func Closest(name string, candidates []string) string {
	norm := func(s string) string {
		return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(s))
	}
	best, bestD := "", 1<<30
	n := norm(name)
	for _, c := range candidates {
		nc := norm(c)
		d := levenshtein(n, nc)
		// A long name may be a misspelled start of a longer one: maxConcurent.
		if len(n) >= 6 && len(nc) > len(n) {
			d = min(d, levenshtein(n, nc[:len(n)])+1)
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	limit := len(name)/3 + 1
	if limit > 3 {
		limit = 3
	}
	if bestD <= limit {
		return best
	}
	return ""
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
