package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/notation"
)

// The evaluation graph of a game page: the [%eval] values `bao analyse --annotate` writes
// after the moves of the main line, drawn as an inline SVG (templates/evalgraph.html) with a
// scale in seeds. It is a picture (role="img", no links in it): the values are read in the
// move list, where each stands beside its move, and the viewer script adds a slider that
// steps through them by keyboard and touch and marks the ply the board shows.

// evalCap is the score, in seeds for South, at which the graph is clipped: a forced result
// is drawn at the cap.
const evalCap = 10.0

// Graph geometry, in SVG user units: about a phone's width, so that the scale's text is
// drawn at its size there.
const (
	evalWidth  = 360.0
	evalHeight = 150.0
	evalLeft   = 30.0 // room for the scale
	evalRight  = 6.0
	evalPad    = 8.0 // above and below the plot
)

type evalGraphView struct {
	Width, Height float64
	Left, Right   string // the plot's edges
	Top, Bottom   string
	PlotW, PlotH  string
	X0, DX        string // x of ply 0 and per ply, for the script's mark of the current ply
	Plies         int
	Line, Area    string // polyline and polygon points
	Ticks         []evalTick
	Points        []evalPoint
}

// evalTick is a line of the scale: its y and its label in seeds.
type evalTick struct {
	Y, Text string
	Zero    bool
}

type evalPoint struct {
	X, Y string // coordinates, rounded
	ID   int    // the move's node, which on the main line is its ply
	Eval string // the value as the move list shows it: "+1.50", "#-2"
	Mark string // "mistake" or "blunder" for a move marked ? or ??, else ""
}

// evalGraph draws the evaluations of g's main line, or returns nil when it has none.
func evalGraph(g *game) *evalGraphView {
	type val struct {
		ply   int
		seeds float64
		text  string
	}
	var vals []val
	moves := g.rec.Moves
	for i := 0; i < g.plies && i < len(moves); i++ {
		if text, ok := moves[i].Eval(); ok {
			if s, _, ok := notation.ParseEval(text); ok {
				vals = append(vals, val{i + 1, max(min(s, evalCap), -evalCap), text})
			}
		}
	}
	if len(vals) == 0 {
		return nil
	}
	top, bottom := evalPad, evalHeight-evalPad
	mid := (top + bottom) / 2
	y := func(seeds float64) string { return num(mid - seeds/evalCap*(mid-top)) }
	step := (evalWidth - evalLeft - evalRight) / float64(max(g.plies, 1))
	x := func(ply int) string { return num(evalLeft + step*float64(ply)) }
	v := &evalGraphView{Width: evalWidth, Height: evalHeight, Plies: g.plies,
		Left: num(evalLeft), Right: num(evalWidth - evalRight), Top: num(top), Bottom: num(bottom),
		PlotW: num(evalWidth - evalLeft - evalRight), PlotH: num(bottom - top),
		X0: num(evalLeft), DX: strconv.FormatFloat(step, 'f', 3, 64)}
	for _, s := range []float64{evalCap, evalCap / 2, 0, -evalCap / 2, -evalCap} {
		v.Ticks = append(v.Ticks, evalTick{Y: y(s), Text: signed(s), Zero: s == 0})
	}
	var line, area strings.Builder
	fmt.Fprintf(&area, "%s,%s ", x(vals[0].ply), num(mid))
	for _, e := range vals {
		mv := moves[e.ply-1]
		p := evalPoint{X: x(e.ply), Y: y(e.seeds), ID: g.ids[mv], Eval: evalText(e.text)}
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
	fmt.Fprintf(&area, "%s,%s", x(vals[len(vals)-1].ply), num(mid))
	v.Line, v.Area = strings.TrimSpace(line.String()), area.String()
	return v
}

// evalText is an [%eval] value as the page shows it: seeds with their sign ("+1.50", "−0.40",
// "0.00"), a forced result as written ("#3", "#-2").
func evalText(text string) string {
	if strings.HasPrefix(text, "#") || strings.HasPrefix(text, "+") || strings.HasPrefix(text, "-") {
		return text
	}
	if f, err := strconv.ParseFloat(text, 64); err == nil && f > 0 {
		return "+" + text
	}
	return text
}

// signed writes a whole number of seeds with its sign: "+10", "0", "-5".
func signed(f float64) string {
	if f > 0 {
		return "+" + strconv.Itoa(int(f))
	}
	return strconv.Itoa(int(f))
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
