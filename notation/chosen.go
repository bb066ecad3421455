package notation

// Chosen is the repair that bao repair --apply writes of those Repairs found, best first: the
// first, if it ranks strictly above the next (by cost, then by corrections). bao never chooses
// between equals: ok is false when the first two rank alike, or there is none.
func Chosen(reps []Repair) (best Repair, ok bool) {
	rank := func(r Repair) [2]int { return [2]int{r.Cost, r.Corrections()} }
	if len(reps) == 0 || len(reps) > 1 && rank(reps[0]) == rank(reps[1]) {
		return Repair{}, false
	}
	return reps[0], true
}
