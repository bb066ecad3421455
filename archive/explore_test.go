package archive

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// wantTree counts, from the games the test wrote, the moves played from target.
func wantTree(f *fixture, v *engine.Variant, target string) (games, ended int, moves map[string]MoveStats) {
	moves = map[string]MoveStats{}
	for _, g := range f.games {
		if g.variant != v {
			continue
		}
		reached, seen := false, map[string]bool{}
		for i, bpn := range g.path {
			if bpn != target {
				continue
			}
			reached = true
			if i == len(g.moves) {
				ended++
				continue
			}
			if seen[g.moves[i]] {
				continue
			}
			seen[g.moves[i]] = true
			m := moves[g.moves[i]]
			m.Games++
			switch g.tags["Result"] {
			case "1-0":
				m.SouthWins++
			case "0-1":
				m.NorthWins++
			case "1/2-1/2":
				m.Draws++
			default:
				m.Unknown++
			}
			moves[g.moves[i]] = m
		}
		if reached {
			games++
		}
	}
	return games, ended, moves
}

func TestExplore(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	checked := 0
	for _, g := range f.games {
		if g.variant == nil {
			continue
		}
		for _, ply := range []int{0, 1, len(g.moves)} {
			target := g.path[ply]
			tree, err := ix.Explore(context.Background(), ExploreQuery{Variant: g.variant.ID(), Position: target})
			if err != nil {
				t.Fatal(err)
			}
			games, ended, moves := wantTree(f, g.variant, target)
			if tree.Games != games || tree.Ended != ended || len(tree.Moves) != len(moves) {
				t.Errorf("%s ply %d: %d games, %d ended, %d moves; want %d, %d, %d",
					g.id, ply, tree.Games, tree.Ended, len(tree.Moves), games, ended, len(moves))
			}
			for i, m := range tree.Moves {
				w := moves[m.Move]
				w.Move, w.Position = m.Move, m.Position
				if !reflect.DeepEqual(m, w) {
					t.Errorf("%s ply %d: move %+v, want %+v", g.id, ply, m, w)
				}
				if i > 0 && tree.Moves[i-1].Games < m.Games {
					t.Errorf("moves not sorted by games: %+v", tree.Moves)
				}
				p, _ := engine.ParsePosition(g.variant, target)
				if c, err := p.ParseChild(m.Move, nil); err != nil || c.Position != m.Position {
					t.Errorf("move %s leads to %s, not %s (%v)", m.Move, c.Position, m.Position, err)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("nothing explored")
	}
}

func TestExploreStartAndAfter(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	tree, err := ix.Explore(context.Background(), ExploreQuery{Variant: "kingulu"})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Position != engine.Kingulu.Start() || tree.Games != 5 {
		t.Errorf("start: %+v (want the 4 games of kingulu.bgn and the broken one)", tree)
	}
	var g testGame
	for _, g = range f.games {
		if g.variant == engine.Kingulu && len(g.moves) > 3 {
			break
		}
	}
	tree, err = ix.Explore(context.Background(), ExploreQuery{Variant: "kingulu", After: g.moves[:3]})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Position.String() != g.path[3] || tree.Games < 1 {
		t.Errorf("after %v: %+v", g.moves[:3], tree)
	}
	// The same position by the moves after an earlier one; the tree keeps the line it took.
	tree, err = ix.Explore(context.Background(), ExploreQuery{Variant: "kingulu", Position: g.path[1], After: g.moves[1:3]})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Position.String() != g.path[3] || tree.Line.Start().String() != g.path[1] || len(tree.Line.Moves()) != 2 {
		t.Errorf("after %v from %s: %+v", g.moves[1:3], g.path[1], tree)
	}
	if _, err := ix.Explore(context.Background(), ExploreQuery{Position: g.path[3]}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("a position without its variant: %v", err)
	}
}

// A tree's JSON reads back into the same tree: its positions are read in its variant.
func TestTreeJSONRoundTrip(t *testing.T) {
	p := engine.Kete.Start()
	c := p.Children(nil)[0]
	want := Tree{Variant: "kete", Position: p, Games: 3, Ended: 1, Moves: []MoveStats{
		{Move: engine.Kete.FormatMove(c.Move), Position: c.Position, Games: 2, SouthWins: 1, Unknown: 1},
		{Move: "A9", Games: 1}, // not legal there: no position
	}}
	b, err := json.Marshal(&want)
	if err != nil {
		t.Fatal(err)
	}
	var got Tree
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got.Position.Variant() != engine.Kete {
		t.Errorf("read as %s, want kete", got.Position.Variant())
	}
	bad := strings.Replace(string(b), `"kete"`, `"chess"`, 1)
	if err := json.Unmarshal([]byte(bad), &got); !errors.Is(err, engine.ErrUnknownVariant) {
		t.Errorf("unknown variant: %v", err)
	}
}
