package archive

import (
	"context"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
)

// ExploreQuery names a position: by BPN, by the moves that lead to it from the variant's start,
// or (with neither) the start itself.
type ExploreQuery struct {
	Variant  string
	Position string
	After    []string
}

// Tree is the opening tree of one position: the moves the archive's games played from it.
type Tree struct {
	Variant  string      `json:"variant"`
	Position string      `json:"position"`
	Games    int         `json:"games"` // games that reached the position
	Ended    int         `json:"ended"` // games whose main line ends there
	Moves    []MoveStats `json:"moves"`
}

// MoveStats counts the games that played one move from the position, by result.
type MoveStats struct {
	Move      string `json:"move"`
	Position  string `json:"position"` // the position after the move
	Games     int    `json:"games"`
	SouthWins int    `json:"south_wins"`
	NorthWins int    `json:"north_wins"`
	Draws     int    `json:"draws"`
	Unknown   int    `json:"unknown"`
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
	p, err := resolvePosition(q.Variant, q.Position, q.After)
	if err != nil {
		return nil, err
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
	t := &Tree{Variant: p.Variant().ID, Position: p.String(), Moves: []MoveStats{}}
	pq := bleve.NewPrefixQuery(prefix)
	pq.SetField("pos")
	res, err := ix.alias.SearchInContext(ctx, bleve.NewSearchRequestOptions(pq, 0, 0, false))
	if err != nil {
		return nil, err
	}
	t.Games = int(res.Total)
	for term := range terms {
		m, err := ix.countMove(ctx, term)
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
				m.Position = c.Position.String()
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

// countMove counts the games holding one position term, by result.
func (ix *Index) countMove(ctx context.Context, term string) (MoveStats, error) {
	tq := bleve.NewTermQuery(term)
	tq.SetField("pos")
	req := bleve.NewSearchRequestOptions(tq, 0, 0, false)
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
