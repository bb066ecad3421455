package archive

import (
	"fmt"
	"reflect"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	"github.com/blevesearch/vellum/regexp"
)

// fieldNames are the fields a query string may name: the JSON names of gameDoc but for the
// unsearchable locationFields, so that a new field is known here the moment it is indexed,
// and player (playerClauses).
var fieldNames = func() []string {
	t := reflect.TypeFor[gameDoc]()
	names := []string{playerField}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" && !slices.Contains(locationFields, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}()

// unknownFields warns about the fields a query string names that the index does not have
// (varient:kete): bleve answers them with no hits and no complaint, which reads as "no such
// games". Each warning suggests the nearest field.
func unknownFields(text string) []string {
	qs := bleve.NewQueryStringQuery(text)
	parsed, err := qs.Parse()
	if err != nil {
		return nil // compile reports the syntax error
	}
	var unknown []string
	eachClause(parsed, func(c query.Query) {
		fq, ok := c.(query.FieldableQuery)
		if !ok {
			return
		}
		if f := fq.Field(); f != "" && !slices.Contains(unknown, f) && !slices.Contains(fieldNames, f) {
			unknown = append(unknown, f)
		}
	})
	// in the order the user wrote them, not bleve's (musts, shoulds, then must-nots)
	slices.SortStableFunc(unknown, func(a, b string) int {
		return strings.Index(text, a+":") - strings.Index(text, b+":")
	})
	var warnings []string
	for _, f := range unknown {
		w := fmt.Sprintf("the index has no field %q, so no game matches %s:…", f, f)
		if near := nearestField(f); near != "" {
			w += fmt.Sprintf("; did you mean %s?", near)
		}
		warnings = append(warnings, w)
	}
	return warnings
}

// eachClause calls f with every clause of a parsed query string that is not a combination of
// others.
func eachClause(q query.Query, f func(query.Query)) {
	switch q := q.(type) {
	case *query.BooleanQuery:
		for _, sub := range []query.Query{q.Must, q.Should, q.MustNot} {
			if sub != nil {
				eachClause(sub, f)
			}
		}
	case *query.ConjunctionQuery:
		for _, sub := range q.Conjuncts {
			eachClause(sub, f)
		}
	case *query.DisjunctionQuery:
		for _, sub := range q.Disjuncts {
			eachClause(sub, f)
		}
	default:
		f(q)
	}
}

// checkClauses finds the clauses of a parsed query string that bleve accepts but cannot run:
// a regular expression its automaton cannot hold (bad syntax, ^ or $ inside, too many
// states) and fuzziness beyond its maximum. bleve fails on them only when it searches, which
// read as a broken index (exit 1, HTTP 500) rather than a bad query. It also bounds what bleve
// turns into automata before any is built, for their cost is not bounded by the query's
// length: /.{0,1000}x.{0,1000}/ (21 bytes) took 21 s, a* written 1,020 times 27 s, a~2
// written 500 times 10 s, and no timeout stopped them.
func checkClauses(parsed query.Query) error {
	var err error
	costly := 0
	eachClause(parsed, func(c query.Query) {
		if err != nil {
			return
		}
		switch c := c.(type) {
		case *query.RegexpQuery:
			costly++
			// bleve drops a leading ^ itself: every regexp is anchored at both ends
			re := strings.TrimPrefix(c.Regexp, "^")
			if err = checkRegexp(re); err != nil {
				return
			}
			if _, rerr := regexp.New(re); rerr != nil {
				err = BadQuery(QueryRegexp, c.Regexp, rerr, "the regular expression /%s/ cannot be searched: %v", c.Regexp, rerr)
			}
		case *query.WildcardQuery:
			costly++
			if n := strings.Count(c.Wildcard, "*") + strings.Count(c.Wildcard, "?"); n > MaxWildcards {
				err = bound(BoundWildcards, n, MaxWildcards, c.Wildcard, "%.40s: a word has at most %d wildcards (* and ?), this one %d", c.Wildcard, MaxWildcards, n)
			}
		case *query.PrefixQuery:
			costly++
		case *query.FuzzyQuery:
			costly++
			err = checkFuzzy(c.Term, c.Fuzziness)
		case *query.MatchQuery:
			if c.Fuzziness != 0 {
				costly++
				err = checkFuzzy(c.Match, c.Fuzziness)
			}
		}
		if err == nil && costly > MaxCostlyClauses {
			err = bound(BoundCostly, costly, MaxCostlyClauses, "", "a query has at most %d words with wildcards, regular expressions or fuzziness (~)", MaxCostlyClauses)
		}
	})
	return err
}

// checkFuzzy bounds a fuzzy term: its fuzziness to bleve's maximum, its length to MaxFuzzyTerm.
func checkFuzzy(term string, fuzziness int) error {
	switch {
	case fuzziness > searcher.MaxFuzziness || fuzziness < 0:
		return bound(BoundFuzziness, fuzziness, searcher.MaxFuzziness, term, "%.40s~: a word can be 0 to %d edits away", term, searcher.MaxFuzziness)
	case len(term) > MaxFuzzyTerm:
		return bound(BoundFuzzy, len(term), MaxFuzzyTerm, term, "%.40s…~: a fuzzy word is at most %d bytes", term, MaxFuzzyTerm)
	}
	return nil
}

// checkRegexp bounds a regular expression's repetitions, which multiply its automaton's
// states: at most MaxRepetitions operators (* + ? {n,m}), each count at most MaxRepeat.
func checkRegexp(re string) error {
	tree, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return BadQuery(QueryRegexp, re, err, "the regular expression /%.60s/ cannot be searched: %v", re, err)
	}
	ops := 0
	var walk func(*syntax.Regexp) error
	walk = func(r *syntax.Regexp) error {
		switch r.Op {
		case syntax.OpRepeat:
			if max(r.Min, r.Max) > MaxRepeat {
				return bound(BoundRepeat, max(r.Min, r.Max), MaxRepeat, re, "the regular expression /%.60s/ repeats %d times; at most %d", re, max(r.Min, r.Max), MaxRepeat)
			}
			fallthrough
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
			if ops++; ops > MaxRepetitions {
				return bound(BoundRepetitions, ops, MaxRepetitions, re, "the regular expression /%.60s/ has more than %d repetitions (* + ? {n,m})", re, MaxRepetitions)
			}
		}
		for _, sub := range r.Sub {
			if err := walk(sub); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(tree)
}

// nearestField is the known field within two edits of f, if there is one; of fields as near,
// the one that starts as f does for longest (player: players, not played).
func nearestField(f string) string {
	f = strings.ToLower(f)
	best, bestD, bestP := "", 3, 0
	for _, name := range fieldNames {
		d, p := editDistance(f, name), commonPrefix(f, name)
		if d < bestD || d == bestD && p > bestP {
			best, bestD, bestP = name, d, p
		}
	}
	return best
}

func commonPrefix(a, b string) int {
	n := 0
	for n < min(len(a), len(b)) && a[n] == b[n] {
		n++
	}
	return n
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
