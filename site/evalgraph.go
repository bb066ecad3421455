package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/notation"
)

// The evaluation graph of a game page: the [%eval] values `bao analyse --annotate` writes
// after the moves of the main line, drawn as an inline SVG (templates/evalgraph.html) in
// which every point links to its move, so that it works without JavaScript.

// evalCap is the score, in seeds for South, at which the graph is clipped: a forced result
// is drawn at the cap.
const evalCap = 10.0

// Graph geometry, in SVG user units.
const (
	evalWidth  = 600.0
	evalHeight = 120.0
)

type evalGraphView struct {
	Width, Height, Mid float64
	Line, Area         string // polyline and polygon points
	Points             []evalPoint
}

type evalPoint struct {
	X, Y  string // coordinates, rounded
	ID    int    // the move's node: its anchor is #p<ID>
	Title string // ply, move, value
	Mark  string // "mistake" or "blunder" for a move marked ? or ??, else ""
}

// evalGraph draws the evaluations of g's main line, or returns nil when it has none.
func evalGraph(g *game) *evalGraphView {
	type val struct {
		ply   int
		seeds float64
		text  string
	}
	var vals []val
	last := 0                         // the last ply: after a fragment's gaps, more than the moves
	moves := map[int]*notation.Node{} // by ply
	for i := 1; i <= g.plies && i < len(g.nodes); i++ {
		n := g.nodes[i]
		last = n.depth
		if n.gap {
			continue
		}
		moves[n.depth] = n.move
		for _, c := range n.move.After {
			if text, ok := notation.Eval(c.Text); ok {
				if s, _, ok := notation.ParseEval(text); ok {
					vals = append(vals, val{n.depth, max(min(s, evalCap), -evalCap), text})
				}
			}
		}
	}
	if len(vals) == 0 {
		return nil
	}
	v := &evalGraphView{Width: evalWidth, Height: evalHeight, Mid: evalHeight / 2}
	step := evalWidth / float64(max(last, 1))
	var line, area strings.Builder
	fmt.Fprintf(&area, "%s,%s ", num(step*float64(vals[0].ply)), num(v.Mid))
	for _, x := range vals {
		mv := moves[x.ply]
		p := evalPoint{
			X:     num(step * float64(x.ply)),
			Y:     num(v.Mid - x.seeds/evalCap*(v.Mid-4)),
			ID:    g.ids[mv],
			Title: fmt.Sprintf("%s %s: %s", g.label(x.ply), mv.Token, x.text),
		}
		for _, n := range mv.NAGs {
			switch n {
			case 2:
				p.Mark = "mistake"
			case 4:
				p.Mark = "blunder"
			}
		}
		pt := p.X + "," + p.Y + " "
		line.WriteString(pt)
		area.WriteString(pt)
		v.Points = append(v.Points, p)
	}
	fmt.Fprintf(&area, "%s,%s", num(step*float64(vals[len(vals)-1].ply)), num(v.Mid))
	v.Line, v.Area = strings.TrimSpace(line.String()), area.String()
	return v
}

// label is a ply's move number as the movetext writes it: "12." for South, "12..." for North.
func (g *game) label(ply int) string {
	n, south := g.moveNumber(ply)
	if south {
		return strconv.Itoa(n) + "."
	}
	return strconv.Itoa(n) + "..."
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
