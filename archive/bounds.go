package archive

import "fmt"

// Bounds of a query, checked before anything runs. bleve's query-string lexer takes time
// quadratic in the text (100 KB took 2 s, 500 KB 44 s), and an offset near the largest int
// overflowed inside bleve and panicked.
const (
	MaxQueryBytes = 2048      // the text of all of a query's parts together
	MaxLimit      = 100_000   // hits in one page
	MaxOffset     = 1_000_000 // hits skipped
	// The clauses of a query string that bleve compiles into automata, whose size grows with
	// what they say rather than with their length, are bounded one by one and in number.
	MaxCostlyClauses = 8  // words with wildcards, regular expressions or fuzziness, per query
	MaxWildcards     = 8  // * and ? in one word
	MaxRepetitions   = 8  // * + ? and {n,m} in one regular expression
	MaxRepeat        = 20 // the largest count of a {n,m}
	MaxFuzzyTerm     = 40 // bytes of a fuzzy word
)

// checkBounds fails with ErrBadQuery if q is larger than the bounds allow.
func (q Query) checkBounds() error {
	n := len(q.Text) + len(q.Variant) + len(q.Player) + len(q.Opening) + len(q.Event) + len(q.Since) +
		len(q.Until) + len(q.Result) + len(q.Pattern)
	for _, m := range q.Played {
		n += len(m) + 1
	}
	if err := checkPlace(n, q.Position, q.After); err != nil {
		return err
	}
	switch {
	case q.Limit < 0 || q.Limit > MaxLimit:
		return fmt.Errorf("%w: limit %d is out of range (0 to %d)", ErrBadQuery, q.Limit, MaxLimit)
	case q.Offset < 0 || q.Offset > MaxOffset:
		return fmt.Errorf("%w: offset %d is out of range (0 to %d)", ErrBadQuery, q.Offset, MaxOffset)
	}
	return nil
}

// checkBounds fails with ErrBadQuery if q is larger than the bounds allow.
func (q ExploreQuery) checkBounds() error {
	return checkPlace(len(q.Variant)+len(q.Since)+len(q.Until)+len(q.Player), q.Position, q.After)
}

// checkPlace adds the size of a position and its moves to n bytes and checks the total.
func checkPlace(n int, bpn string, after []string) error {
	n += len(bpn)
	for _, m := range after {
		n += len(m) + 1
	}
	if n > MaxQueryBytes {
		return fmt.Errorf("%w: the query is %d bytes long, more than %d", ErrBadQuery, n, MaxQueryBytes)
	}
	return nil
}
