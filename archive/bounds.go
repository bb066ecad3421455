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

// BoundError is a query larger than one of the bounds allows; the errors returned wrap it in
// ErrBadQuery. Bound names which bound (BoundBytes, …), Max is the bound, Got what the query
// had (0 where not counted) and Part the word or expression concerned, if any: enough for a
// page to say it in its own language.
type BoundError struct {
	Bound    string
	Got, Max int
	Part     string
	msg      string // in English, as the command line says it
}

func (e *BoundError) Error() string { return e.msg }

// The bounds a BoundError names.
const (
	BoundBytes       = "bytes"       // MaxQueryBytes
	BoundLimit       = "limit"       // MaxLimit
	BoundOffset      = "offset"      // MaxOffset
	BoundCostly      = "costly"      // MaxCostlyClauses
	BoundWildcards   = "wildcards"   // MaxWildcards
	BoundFuzzy       = "fuzzy"       // MaxFuzzyTerm
	BoundFuzziness   = "fuzziness"   // bleve's largest fuzziness
	BoundRepeat      = "repeat"      // MaxRepeat
	BoundRepetitions = "repetitions" // MaxRepetitions
)

// bound is a BoundError with its English message.
func bound(kind string, got, max int, part, format string, args ...any) *BoundError {
	return &BoundError{Bound: kind, Got: got, Max: max, Part: part, msg: fmt.Sprintf(format, args...)}
}

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
		return fmt.Errorf("%w: %w", ErrBadQuery, bound(BoundLimit, q.Limit, MaxLimit, "", "limit %d is out of range (0 to %d)", q.Limit, MaxLimit))
	case q.Offset < 0 || q.Offset > MaxOffset:
		return fmt.Errorf("%w: %w", ErrBadQuery, bound(BoundOffset, q.Offset, MaxOffset, "", "offset %d is out of range (0 to %d)", q.Offset, MaxOffset))
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
		return fmt.Errorf("%w: %w", ErrBadQuery, bound(BoundBytes, n, MaxQueryBytes, "", "the query is %d bytes long, more than %d", n, MaxQueryBytes))
	}
	return nil
}

// QueryError is a query refused as asked (it wraps ErrBadQuery, and the engine's error where
// one refused the position or the moves). Part names what in the query cannot be run, one of
// the Query… constants, and Value what it held: enough for a page to say it in its own
// language.
type QueryError struct {
	Part, Value string
	msg         string // in English, as the command line says it
	cause       error
}

func (e *QueryError) Error() string { return ErrBadQuery.Error() + ": " + e.msg }

func (e *QueryError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrBadQuery}
	}
	return []error{ErrBadQuery, e.cause}
}

// The parts of a query a QueryError names.
const (
	QueryComplex  = "complex"  // too many states for the index's automata
	QueryText     = "text"     // the words cannot be read
	QueryRegexp   = "regexp"   // a regular expression the index cannot search
	QueryVariant  = "variant"  // no such variant
	QueryNeedsOne = "needsone" // a position, a pattern or moves without their variant
	QueryPattern  = "pattern"
	QueryPlayer   = "player" // a name without letters or digits
	QueryYear     = "year"
	QueryDate     = "date" // neither a year nor a day
	QueryResult   = "result"
	QueryPosition = "position"
	QueryMoves    = "moves"
	QueryOffset   = "offset" // the offset of a page of results is not a number
)

// BadQuery is the QueryError of part, which held value; cause is the error that refused it,
// if any, and the message follows format.
func BadQuery(part, value string, cause error, format string, args ...any) *QueryError {
	return &QueryError{Part: part, Value: value, cause: cause, msg: fmt.Sprintf(format, args...)}
}
