package site

import (
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
	// Xs are the x of each node of the main line, 0 to Plies, for the script's mark of the
	// node shown: by the node's ply, so that the plies a fragment lost take their room.
	Xs        string
	Plies     int // the main line's nodes after the start, its gaps among them
	Stretches []evalStretch
	Gaps      []evalGap
	Ticks     []evalTick
	Points    []evalPoint
}

// evalStretch is the line and area of the values of a stretch of the main line: a fragment's
// gaps break the line, for nothing is known of the plies lost.
type evalStretch struct {
	Line, Area string // polyline and polygon points
}

// evalGap is the band of the plies a fragment's gap lost, drawn dashed as the move list draws
// the gap: from the ply before it to its checkpoint's.
type evalGap struct {
	X, W string
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
	main := g.nodes[:g.plies+1] // the start, then the main line (mainLineFirst)
	top, bottom := evalPad, evalHeight-evalPad
	mid := (top + bottom) / 2
	y := func(seeds float64) string { return num(mid - seeds/evalCap*(mid-top)) }
	// x is by ply: a node's depth, which after a gap counts the plies lost.
	step := (evalWidth - evalLeft - evalRight) / float64(max(main[len(main)-1].depth, 1))
	x := func(n *node) string { return num(evalLeft + step*float64(n.depth)) }
	v := &evalGraphView{Width: evalWidth, Height: evalHeight, Plies: g.plies,
		Left: num(evalLeft), Right: num(evalWidth - evalRight), Top: num(top), Bottom: num(bottom),
		PlotW: num(evalWidth - evalLeft - evalRight), PlotH: num(bottom - top)}
	xs := make([]string, len(main))
	var line, area strings.Builder
	var first, last string // the stretch's first and last x
	end := func() {
		if first != "" {
			v.Stretches = append(v.Stretches, evalStretch{Line: strings.TrimSpace(line.String()),
				Area: first + "," + num(mid) + " " + area.String() + last + "," + num(mid)})
		}
		line.Reset()
		area.Reset()
		first = ""
	}
	for i, n := range main {
		xs[i] = x(n)
		if n.gap {
			end()
			from := evalLeft + step*float64(main[i-1].depth)
			v.Gaps = append(v.Gaps, evalGap{X: num(from), W: num(step * float64(n.depth-main[i-1].depth))})
		}
		if n.move == nil {
			continue
		}
		text, ok := n.move.Eval()
		if !ok {
			continue
		}
		seeds, _, ok := notation.ParseEval(text)
		if !ok {
			continue
		}
		p := evalPoint{X: xs[i], Y: y(max(min(seeds, evalCap), -evalCap)), ID: n.id, Eval: evalText(text)}
		for _, nag := range n.move.NAGs {
			switch nag {
			case 2:
				p.Mark = "mistake"
			case 4:
				p.Mark = "blunder"
			}
		}
		if first == "" {
			first = p.X
		}
		last = p.X
		pt := p.X + "," + p.Y + " "
		line.WriteString(pt)
		area.WriteString(pt)
		v.Points = append(v.Points, p)
	}
	end()
	if len(v.Points) == 0 {
		return nil
	}
	v.Xs = strings.Join(xs, " ")
	for _, s := range []float64{evalCap, evalCap / 2, 0, -evalCap / 2, -evalCap} {
		v.Ticks = append(v.Ticks, evalTick{Y: y(s), Text: signed(s), Zero: s == 0})
	}
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
