package diag

// Closest returns the candidate nearest to name by edit distance, when it
// is at most maxDist edits away (a likely typo), else "". Of candidates at
// the same distance the first listed wins, so callers that pass a sorted
// list get a deterministic answer. name itself, if listed, is returned.
func Closest(name string, candidates []string, maxDist int) string {
	best, bestDist := "", maxDist+1
	for _, c := range candidates {
		if d := EditDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, counted in
// bytes: the names it compares (rule IDs, configuration fields) are ASCII.
func EditDistance(a, b string) int {
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
