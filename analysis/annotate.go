package analysis

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// The marks `bao analyse` gives a move, by how much of the mover's evaluation it lost
// compared with the engine's best move (scores clamped to ±clampScore, so that every proven
// win counts the same):
const (
	InaccuracyLoss = 150 // ?! (NAG 6): lost at least 1.5 seeds
	MistakeLoss    = 300 // ?  (NAG 2): lost at least 3 seeds
	BlunderLoss    = 600 // ?? (NAG 4): lost at least 6 seeds, or turned a proven win into a loss
	clampScore     = 2000
)

// NAGs given by the analysis; "!" (NAG 1) marks the only move that keeps a proven win.
const (
	nagGood       = 1
	nagMistake    = 2
	nagBlunder    = 4
	nagInaccuracy = 6
)

// MoveReport is the analysis of one move of a game's main line.
type MoveReport struct {
	Ply   int         // 1-based
	Move  engine.Move // as played
	Mover engine.Side
	// Before is the engine's score of the position before the move, After of the position
	// after it, both for the mover; Loss what the move gave away (0 when it is the best).
	Before, After Line
	// Next is the search of the position after the move, for the opponent.
	Next Line
	Loss int
	NAG  int // 0, or one of 1 (!), 6 (?!), 2 (?), 4 (??)
	// Best is the engine's line from the position before the move.
	Best Line
}

// GameReport is the analysis of a record's main line.
type GameReport struct {
	Variant *engine.Variant
	Moves   []MoveReport
}

// AnalyseRecord searches every position of rec's main line with lim (MultiPV is raised to 2
// to find the only moves) and judges each move. progress, if not nil, is called after each
// position with the number done and the total. It stops at the first move that cannot be
// played, with that move's located error.
func AnalyseRecord(ctx context.Context, s *Searcher, rec *notation.Record, lim Limits, progress func(done, total int)) (*GameReport, error) {
	steps, g, err := mainLine(rec)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return &GameReport{}, nil
	}
	lim.MultiPV = max(lim.MultiPV, 2)
	rep := &GameReport{Variant: g.Start().Variant()}
	// scores[i] is the search of the position before move i (the last: after the last move).
	results := make([]Result, len(steps)+1)
	// replies[i] is the search of the position after move i to one ply less than the search
	// before it (within the same budget), when the move was not the engine's: the two then
	// see equally far, and the move's loss is not an artefact of searching an odd or an even
	// number of plies.
	replies := make([]Result, len(steps))
	for i := 0; i <= len(steps); i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		gi := g.Prefix(i) // the game before move i
		if i > 0 && !bestPlayed(results[i-1], steps[i-1].Move) && gi.Status() == engine.Ongoing {
			replies[i-1] = s.SearchGame(ctx, gi, Limits{Depth: max(results[i-1].Depth-1, 1), MoveTime: lim.MoveTime,
				Nodes: lim.Nodes, Threads: lim.Threads}, nil)
		}
		results[i] = s.SearchGame(ctx, gi, lim, nil)
		if progress != nil {
			progress(i+1, len(steps)+1)
		}
	}
	final := finalLine(g)
	for i, st := range steps {
		m := MoveReport{Ply: st.Ply, Move: st.Move, Mover: st.Before.ToMove()}
		if len(results[i].Lines) > 0 {
			m.Best = results[i].Lines[0]
			m.Before = m.Best
		}
		m.Next = final
		if len(results[i+1].Lines) > 0 {
			m.Next = results[i+1].Lines[0]
		}
		m.After = negate(m.Next)
		if len(replies[i].Lines) > 0 {
			m.After = negate(replies[i].Lines[0])
		}
		played := bestPlayed(results[i], st.Move)
		if !played {
			m.Loss = max(clamp(m.Before.Score)-clamp(m.After.Score), 0)
		}
		m.NAG = judge(m, results[i], played)
		rep.Moves = append(rep.Moves, m)
	}
	return rep, nil
}

// bestPlayed tells whether m is the best move r found.
func bestPlayed(r Result, m engine.Move) bool {
	return len(r.Lines) > 0 && r.Lines[0].Moves[0].Key() == m.Key()
}

// finalLine scores a finished game for the player to move (the loser, unless a draw).
func finalLine(g *engine.Game) Line {
	w, ok := g.Status().Winner()
	switch {
	case !ok:
		return Line{}
	case w == g.Position().ToMove():
		return Line{Score: WinScore}
	}
	return Line{Score: -WinScore}
}

// negate turns a line's score to the other player's view, one ply further from the root.
func negate(l Line) Line {
	s := -l.Score
	switch {
	case s >= WinScore-maxPly:
		s--
	case s <= -WinScore+maxPly:
		s++
	}
	return Line{Moves: l.Moves, Score: s}
}

func clamp(s int) int { return min(max(s, -clampScore), clampScore) }

// judge gives a move its NAG by the thresholds above.
func judge(m MoveReport, before Result, played bool) int {
	wonBefore, _ := m.Before.WinIn()
	wonAfter, provedAfter := m.After.WinIn()
	switch {
	case wonBefore > 0 && provedAfter && wonAfter < 0, m.Loss >= BlunderLoss:
		return nagBlunder
	case m.Loss >= MistakeLoss:
		return nagMistake
	case m.Loss >= InaccuracyLoss:
		return nagInaccuracy
	case played && wonBefore > 0 && len(before.Lines) > 1:
		if second, _ := before.Lines[1].WinIn(); second <= 0 {
			return nagGood // the only move that keeps the win
		}
	}
	return 0
}

// EvalText writes the score l of a position with mover to move for [%eval], from South's
// point of view as readers of the graph expect: seeds with two decimals, #N / #-N for a win or
// loss in N moves of South's, ±1000.00 for a game already over.
func EvalText(l Line, mover engine.Side) string {
	flip := 1
	if mover == engine.North {
		flip = -1
	}
	n, ok := l.WinIn()
	switch {
	case ok && n != 0:
		return "#" + strconv.Itoa(flip*n)
	case ok: // the game is over
		return strconv.FormatFloat(float64(flip)*l.Seeds(), 'f', 2, 64)
	}
	return strconv.FormatFloat(float64(flip*l.Score)/100, 'f', 2, 64)
}

// ownComment says whether a comment is made only of the analysis's own commands ([%eval]
// and [%best]): it is replaced when a record is analysed again, and the players' comments are
// never touched.
func ownComment(c notation.Comment) bool {
	cmds := notation.Commands(c.Text)
	for _, cmd := range cmds {
		if !cmd.Closed || cmd.Name != "eval" && cmd.Name != "best" || !strings.HasPrefix(cmd.Args, " ") {
			return false
		}
	}
	return len(cmds) > 0 && strings.TrimSpace(notation.Prose(c.Text)) == ""
}

// Annotate writes rep into rec: after each move a comment with [%eval] (and [%best] for a
// marked move), the move's NAG unless the record already assesses it, and for a marked move the
// engine's line as a variation. The players' moves, comments and NAGs stay as they were; the
// Annotator tag names the engine.
func Annotate(rec *notation.Record, rep *GameReport, annotator string) {
	v := rep.Variant
	for i, m := range rep.Moves {
		if i >= len(rec.Moves) {
			break
		}
		n := rec.Moves[i]
		n.After = slices.DeleteFunc(n.After, ownComment)
		text := notation.FormatCommand("eval", EvalText(m.Next, m.Mover.Other()))
		if m.NAG != 0 && m.NAG != nagGood && len(m.Best.Moves) > 0 {
			text += " " + notation.FormatCommand("best", v.FormatMove(m.Best.Moves[0]))
			addVariation(n, Tokens(v, m.Best.Moves))
		}
		n.After = append(n.After, notation.Comment{Text: text})
		if m.NAG != 0 && !slices.ContainsFunc(n.NAGs, func(x int) bool { return x >= 1 && x <= 6 }) {
			n.NAGs = append(n.NAGs, m.NAG)
		}
	}
	rec.SetTag("Annotator", annotator)
}

// addVariation adds line to n's variations unless an identical one is there (a second run).
func addVariation(n *notation.Node, line []string) {
	for _, v := range n.Variations {
		if slices.EqualFunc(v.Moves, line, func(a *notation.Node, b string) bool { return a.Token == b }) {
			return
		}
	}
	va := &notation.Variation{}
	for _, tok := range line {
		va.Moves = append(va.Moves, &notation.Node{Token: tok})
	}
	n.Variations = append(n.Variations, va)
}

// NAGText is the glyph of a NAG the analysis gives.
func NAGText(nag int) string {
	switch nag {
	case nagGood:
		return "!"
	case nagMistake:
		return "?"
	case nagBlunder:
		return "??"
	case nagInaccuracy:
		return "?!"
	}
	return ""
}

// Describe names the limits of a search for the Annotator tag.
func (l Limits) Describe() string {
	switch {
	case l.Depth > 0:
		return fmt.Sprintf("depth %d", l.Depth)
	case l.Nodes > 0:
		return fmt.Sprintf("%d nodes", l.Nodes)
	}
	return fmt.Sprintf("%d ms per position", l.MoveTime.Milliseconds())
}
