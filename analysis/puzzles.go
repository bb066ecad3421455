package analysis

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Puzzle is a position of a game in which the player to move has a forced win whose first
// move is the only one that wins as quickly: the player found it or missed it.
type Puzzle struct {
	Ply      int             // the 1-based ply of the move to find in its game
	Position engine.Position // before that move
	WinIn    int             // the mover's own moves to the forced win
	// Solution is the winning line: the mover's moves with the defender's longest replies,
	// ending the game.
	Solution []engine.Move
	Played   engine.Move // the move the player chose
	Found    bool        // the player chose the winning move
	Themes   []string    // what the engine can name about the win (Theme* below)
}

// Themes of a puzzle, in the order Puzzle.Themes lists them.
const (
	ThemeCapture  = "capture"   // the winning move captures
	ThemeTakasia  = "takasia"   // a move of the winner's imposes takasia (hizi zetu)
	ThemeNyumba   = "nyumba"    // a move of the winner's sows from his house or goes on safari from it
	ThemeFrontRow = "front-row" // the win empties the opponent's front row
	ThemeNoMoves  = "no-moves"  // the win leaves the opponent without a move
)

// PuzzleRule says which forced wins are puzzles: a win in at least MinWin and at most MaxWin
// of the mover's moves. A win in one move is trivial (trying each move shows it), so MinWin
// is at least 2 unless asked otherwise.
type PuzzleRule struct {
	MinWin, MaxWin int
}

// DefaultPuzzleRule keeps wins in 2 to 4 moves.
var DefaultPuzzleRule = PuzzleRule{MinWin: 2, MaxWin: 4}

// ScanLimits is the budget that finds every forced win a rule keeps: a search to 2n-1 plies
// sees every line of n of the mover's moves.
func (r PuzzleRule) ScanLimits() Limits { return Limits{Depth: 2*r.MaxWin - 1} }

// FindPuzzles searches every position of rec's main line with lim for a forced win and keeps
// those rule names puzzles. A forced win is then proven again from the position alone (the
// puzzle has no history), to exactly 2n-1 plies with the two best moves ranked, so the win
// in n and the uniqueness of its first move do not depend on lim. Skipped:
//   - a position with fewer than two legal moves (nothing to find);
//   - a win another first move also forces within n moves (every move wins, or several);
//   - a win shorter than rule.MinWin or longer than rule.MaxWin;
//   - a position of a player who found an earlier puzzle of the game and has kept a proven
//     win since: it lies on the way of that win.
//
// progress, if not nil, is called after each position with the number done and the total.
// It stops at the first move that cannot be played, with that move's located error, and
// returns the puzzles found before it.
func FindPuzzles(ctx context.Context, s *Searcher, rec *notation.Record, lim Limits, rule PuzzleRule, progress func(done, total int)) ([]Puzzle, error) {
	steps, g, err := mainLine(rec)
	if err != nil || g == nil {
		return nil, err
	}
	lim.MultiPV = 1
	var out []Puzzle
	var onTheWay [2]bool // the side found a puzzle and has kept a proven win since
	for i, st := range steps {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		mover := st.Before.ToMove()
		r := s.SearchGame(ctx, g.Prefix(i), lim, nil)
		n, proven := 0, false
		if len(r.Lines) > 0 {
			n, proven = r.Lines[0].WinIn()
		}
		won := proven && n > 0
		switch {
		case !won:
			onTheWay[mover] = false
		case !onTheWay[mover] && n <= rule.MaxWin:
			if pz, ok := puzzleAt(ctx, s, st.Before, rule); ok {
				pz.Ply, pz.Played = st.Ply, st.Move
				pz.Found = st.Move.Key() == pz.Solution[0].Key()
				onTheWay[mover] = pz.Found
				out = append(out, pz)
			}
		}
		if progress != nil {
			progress(i+1, len(steps))
		}
	}
	return out, nil
}

// mainLine is the steps of rec's main line and the game the walk played them on, which holds
// every position with its history: the game before move i is its Prefix(i), taken from what
// the walk played instead of played again. The game is nil without moves.
func mainLine(rec *notation.Record) ([]notation.Step, *engine.Game, error) {
	var steps []notation.Step
	var g *engine.Game
	err := notation.Walk(rec, notation.WalkOptions{}, func(st *notation.Step) error {
		if st.Err != nil {
			return st.Err
		}
		g = st.Game()
		steps = append(steps, *st)
		return nil
	})
	return steps, g, err
}

// puzzleAt proves the puzzle of p, if it has one by rule, from p alone.
func puzzleAt(ctx context.Context, s *Searcher, p engine.Position, rule PuzzleRule) (Puzzle, bool) {
	if len(p.Moves()) < 2 {
		return Puzzle{}, false
	}
	// A first search finds n; a second, to exactly 2n-1 plies with two lines ranked, proves
	// that no other first move wins within n.
	first := s.Search(ctx, p, nil, Limits{Depth: 2*rule.MaxWin - 1}, nil)
	n, ok := first.Lines[0].WinIn()
	if !ok || n < max(rule.MinWin, 1) || n > rule.MaxWin {
		return Puzzle{}, false
	}
	r := s.Search(ctx, p, nil, Limits{Depth: 2*n - 1, MultiPV: 2}, nil)
	if ctx.Err() != nil || len(r.Lines) < 2 {
		return Puzzle{}, false
	}
	if got, ok := r.Lines[0].WinIn(); !ok || got != n {
		return Puzzle{}, false
	}
	if other, ok := r.Lines[1].WinIn(); ok && other > 0 && other <= n {
		return Puzzle{}, false
	}
	line, err := winningLine(ctx, s, p, r.Lines[0].Moves, n)
	if err != nil {
		return Puzzle{}, false
	}
	return Puzzle{Position: p, WinIn: n, Solution: line, Themes: themes(p, line)}, true
}

// winningLine plays pv from p to the end of the game, searching again where the line stops
// short (a principal variation can end at a table's move).
func winningLine(ctx context.Context, s *Searcher, p engine.Position, pv []engine.Move, n int) ([]engine.Move, error) {
	winner := p.ToMove()
	var line []engine.Move
	for p.Status() == engine.Ongoing {
		if len(line) >= 2*n-1 {
			return nil, fmt.Errorf("analysis: the winning line of %s is longer than %d moves", p, n)
		}
		if len(pv) == 0 {
			left := 2*n - 1 - len(line)
			r := s.Search(ctx, p, nil, Limits{Depth: left}, nil)
			if len(r.Lines) == 0 {
				return nil, fmt.Errorf("analysis: no move at %s", p)
			}
			pv = r.Lines[0].Moves
		}
		next, err := p.Apply(pv[0])
		if err != nil {
			return nil, err
		}
		line, p, pv = append(line, pv[0]), next, pv[1:]
	}
	if w, ok := p.Status().Winner(); !ok || w != winner {
		return nil, fmt.Errorf("analysis: the winning line ends at %s, not won", p)
	}
	return line, nil
}

// themes names what the engine sees in a winning line from p.
func themes(p engine.Position, line []engine.Move) []string {
	v, winner := p.Variant(), p.ToMove()
	var out []string
	add := func(t string) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if v.IsCapture(line[0]) && line[0].Flags&engine.Takasa == 0 {
		add(ThemeCapture)
	}
	q := p
	for i, m := range line {
		next, err := q.Apply(m)
		if err != nil {
			break
		}
		if i%2 == 0 {
			if m.Flags&engine.Takasia != 0 {
				add(ThemeTakasia)
			}
			// The winner's own move can lose his house only by sowing from it.
			if v.HasHouse() && (m.Safari || q.HouseOwned(winner) && !next.HouseOwned(winner)) {
				add(ThemeNyumba)
			}
		}
		q = next
	}
	loser := winner.Other()
	if frontEmpty(q, loser) {
		add(ThemeFrontRow)
	} else if len(q.Moves()) == 0 {
		add(ThemeNoMoves)
	}
	return out
}

// frontEmpty tells whether s has no seed (or stone) left in the front row of p.
func frontEmpty(p engine.Position, s engine.Side) bool {
	v := p.Variant()
	for n := 1; n <= v.Width(); n++ {
		if p.Seeds(v.PitAt(s, 0, n)) > 0 {
			return false
		}
	}
	return true
}

// Record writes the puzzle as a BGN record: the roster tags of its game, the position to
// solve (SetUp, Position), WinIn, the solution as the moves, and where it came from: Source
// names the game (source, its file as the archive names it, and the game's number in the
// file) and SourceRef the ply of the move to find. Puzzle says whether the player found the
// win or missed it (Played is then his move), Theme what the engine names in it.
func (pz Puzzle) Record(game *notation.Record, source, annotator string) *notation.Record {
	var tags []notation.Tag
	for _, name := range []string{"Event", "Site", "Date", "Round", "South", "North"} {
		if v := game.Tag(name); v != "" {
			tags = append(tags, notation.Tag{Name: name, Value: v})
		}
	}
	g := engine.NewGame(pz.Position)
	for _, m := range pz.Solution {
		if err := g.Play(m); err != nil { // the solution was played when it was found
			panic("analysis: the solution of a puzzle does not play: " + err.Error())
		}
	}
	rec := notation.FromGame(tags, g)
	rec.SetTag("SetUp", "1")
	rec.SetTag("Position", pz.Position.String())
	rec.SetTag("WinIn", fmt.Sprint(pz.WinIn))
	v := pz.Position.Variant()
	if pz.Found {
		rec.SetTag("Puzzle", "found")
	} else {
		rec.SetTag("Puzzle", "missed")
		rec.SetTag("Played", v.FormatMove(pz.Played))
	}
	if len(pz.Themes) > 0 {
		rec.SetTag("Theme", strings.Join(pz.Themes, " "))
	}
	rec.SetTag("Source", fmt.Sprintf("%s game %d", source, game.Number))
	rec.SetTag("SourceRef", fmt.Sprintf("ply %d", pz.Ply))
	rec.SetTag("Annotator", annotator)
	return rec
}

// Describe names the rule for the Annotator tag and the settings of a run.
func (r PuzzleRule) Describe() string {
	return fmt.Sprintf("wins in %d to %d moves", r.MinWin, r.MaxWin)
}

// WritePuzzles finds the puzzles of game and writes them as BGN records, a blank line between
// two, naming source and annotator as Record does. Each game is searched alone (s starts
// empty), so that a game gives the same puzzles in any part of a run. A game that is a puzzle
// already (it has a WinIn tag) gives none: a collection can live in the archive it came from.
// With an error, the puzzles found before it are written all the same.
func WritePuzzles(ctx context.Context, s *Searcher, game *notation.Record, lim Limits, rule PuzzleRule, source, annotator string, progress func(done, total int)) ([]byte, error) {
	if game.Tag("WinIn") != "" {
		return nil, nil
	}
	s.Clear()
	pzs, err := FindPuzzles(ctx, s, game, lim, rule, progress)
	var b bytes.Buffer
	for _, pz := range pzs {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		notation.Write(&b, pz.Record(game, source, annotator))
	}
	return b.Bytes(), err
}
