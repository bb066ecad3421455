package archive

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
)

// ExploreQuery names a position: by BPN, by the moves that lead to it from the variant's start
// or from that BPN, or (with neither) the start itself.
type ExploreQuery struct {
	Variant  string
	Position string
	After    []string // played from Position, or from the start
	// Only the games played in these years or days (as Query.Since and Query.Until), and of
	// this player (as Query.Player, with Aliases), count.
	Since, Until string
	Player       string
	Aliases      event.Aliases
	// Openings, if set, names the position and the positions after each move (Tree.Openings,
	// MoveStats.Openings).
	Openings *Openings
}

// Tree is the opening tree of one position: the moves the archive's games played from it.
type Tree struct {
	Variant  string          `json:"variant"`
	Position engine.Position `json:"position"`
	Games    int             `json:"games"` // games that reached the position
	Ended    int             `json:"ended"` // games whose main line ends there
	Moves    []MoveStats     `json:"moves"`
	Openings []string        `json:"openings,omitempty"` // the names of the lines that reach it
	// Line is how the query reached Position: from ExploreQuery.Position (or the start), the
	// moves of ExploreQuery.After and the positions after each.
	Line *engine.Game `json:"-"`
}

// UnmarshalJSON reads a tree as its JSON is written. A BPN does not name its game, so the
// positions are read as positions of the tree's variant.
func (t *Tree) UnmarshalJSON(b []byte) error {
	var head struct {
		Variant string `json:"variant"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	v, err := engine.LookupVariant(head.Variant)
	if err != nil {
		return err
	}
	type plain Tree // Tree's fields, without this method
	in := struct {
		plain
		Moves []json.RawMessage `json:"moves"`
	}{plain: plain{Position: v.Start()}}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	in.plain.Moves = make([]MoveStats, len(in.Moves))
	for i, raw := range in.Moves {
		in.plain.Moves[i].Position = v.Start()
		if err := json.Unmarshal(raw, &in.plain.Moves[i]); err != nil {
			return err
		}
	}
	*t = Tree(in.plain)
	return nil
}

// MoveStats counts the games that played one move from the position, by result.
type MoveStats struct {
	Move      string          `json:"move"`
	Position  engine.Position `json:"position"` // the position after the move; zero if the move is not legal there
	Games     int             `json:"games"`
	SouthWins int             `json:"south_wins"`
	NorthWins int             `json:"north_wins"`
	Draws     int             `json:"draws"`
	Unknown   int             `json:"unknown"`
	Openings  []string        `json:"openings,omitempty"` // the names of the lines that reach Position
}

// Percent is n of total as a whole percentage, the way the explorer shows shares: at least 1
// for any n above 0, at most 99 for any n below total.
func Percent(n, total int) int {
	if total <= 0 || n <= 0 {
		return 0
	}
	p := (200*n + total) / (2 * total) // rounded
	return min(max(p, 1), 100-min(1, total-n))
}

// Explore lists the moves played from a position across the archive, most played first. It
// reads only the index: the moves are the "KEY|MOVE" terms of the position in the term
// dictionary, and each is counted (by result) with one term query, so deleted documents that
// linger in the dictionary count for nothing.
func (ix *Index) Explore(ctx context.Context, q ExploreQuery) (_ *Tree, err error) {
	defer ix.recoverDamaged(&err)
	if err := q.checkBounds(); err != nil {
		return nil, err
	}
	line, err := resolveLine(q.Variant, q.Position, q.After)
	if err != nil {
		return nil, err
	}
	p := line.Position()
	filter, _, err := Query{Since: q.Since, Until: q.Until, Player: q.Player, Aliases: q.Aliases}.compile()
	if err != nil {
		return nil, err
	}
	if _, all := filter.(*query.MatchAllQuery); all {
		filter = nil
	}
	prefix := positionKey(p) + "|"
	terms := map[string]bool{}
	for _, idx := range ix.set.shards { // an alias of several indexes has no term dictionary
		d, err := idx.FieldDictPrefix("pos", []byte(prefix))
		if err != nil {
			return nil, err
		}
		for e, err := d.Next(); e != nil || err != nil; e, err = d.Next() {
			if err != nil {
				d.Close()
				return nil, err
			}
			terms[e.Term] = true
		}
		if err := d.Close(); err != nil {
			return nil, err
		}
	}
	t := &Tree{Variant: p.Variant().ID(), Position: p, Moves: []MoveStats{}, Openings: q.Openings.Names(p), Line: line}
	pq := bleve.NewPrefixQuery(prefix)
	pq.SetField("pos")
	res, err := ix.alias.SearchInContext(ctx, bleve.NewSearchRequestOptions(filtered(pq, filter), 0, 0, false))
	if err != nil {
		return nil, err
	}
	t.Games = int(res.Total)
	for term := range terms {
		m, err := ix.countMove(ctx, term, filter)
		if err != nil {
			return nil, err
		}
		m.Move = strings.TrimPrefix(term, prefix)
		switch {
		case m.Games == 0:
		case m.Move == "":
			t.Ended = m.Games
		default:
			if c, err := p.ParseChild(m.Move, nil); err == nil {
				m.Position = c.Position
				m.Openings = q.Openings.Names(c.Position)
			}
			t.Moves = append(t.Moves, m)
		}
	}
	sort.Slice(t.Moves, func(i, j int) bool {
		a, b := t.Moves[i], t.Moves[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Move < b.Move
	})
	return t, nil
}

// filtered is q, and filter too if there is one.
func filtered(q, filter query.Query) query.Query {
	if filter == nil {
		return q
	}
	return bleve.NewConjunctionQuery(q, filter)
}

// countMove counts the games holding one position term, by result.
func (ix *Index) countMove(ctx context.Context, term string, filter query.Query) (MoveStats, error) {
	tq := bleve.NewTermQuery(term)
	tq.SetField("pos")
	req := bleve.NewSearchRequestOptions(filtered(tq, filter), 0, 0, false)
	req.AddFacet("result", bleve.NewFacetRequest("result", 4))
	res, err := ix.alias.SearchInContext(ctx, req)
	if err != nil {
		return MoveStats{}, err
	}
	m := MoveStats{Games: int(res.Total)}
	if f := res.Facets["result"]; f != nil && f.Terms != nil {
		for _, rt := range f.Terms.Terms() {
			switch rt.Term {
			case "1-0":
				m.SouthWins = rt.Count
			case "0-1":
				m.NorthWins = rt.Count
			case "1/2-1/2":
				m.Draws = rt.Count
			}
		}
	}
	m.Unknown = m.Games - m.SouthWins - m.NorthWins - m.Draws
	return m, nil
}
