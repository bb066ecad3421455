// Package machine writes the JSON documents of bao's machine output that more than one
// program prints: `bao moves --json` (spec section 6) and `bao bestmove --json` (6.1). The
// command line and the engine compiled to WebAssembly for the browser both print through it,
// so the two can never disagree.
package machine

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
)

// BadPosition is the document of a position that could not be read.
type BadPosition struct {
	Position string `json:"position"`
	Error    string `json:"error"`
}

// AppendJSON appends the document as one line of JSON, without a line end.
func (d BadPosition) AppendJSON(b []byte) []byte {
	b = append(b, `{"position":`...)
	b = appendString(b, d.Position)
	b = append(b, `,"error":`...)
	b = appendString(b, d.Error)
	return append(b, '}')
}

// MovesEncoder writes `bao moves` documents, one line of JSON each, moves sorted by token. It
// writes by hand, not through encoding/json: batch checks feed thousands of positions a
// second, and tokens and BPN never need escaping (and must not be: encoding/json would turn
// < and > into \u003c and \u003e). Its buffers are reused from one position to the next, so
// that a batch allocates nothing per position. The zero value is ready to use.
type MovesEncoder struct {
	kids  []engine.Child
	toks  []byte // the tokens of kids, end to end
	ends  []int  // toks[ends[i-1]:ends[i]] is kid i's token
	order []int  // kids by token
}

func (en *MovesEncoder) tok(i int) []byte {
	if i == 0 {
		return en.toks[:en.ends[0]]
	}
	return en.toks[en.ends[i-1]:en.ends[i]]
}

// Append appends the document of p, with its line end, to b.
func (en *MovesEncoder) Append(b []byte, p engine.Position) []byte {
	v := p.Variant()
	en.kids = p.Children(en.kids[:0])
	en.toks, en.ends, en.order = en.toks[:0], en.ends[:0], en.order[:0]
	for i, c := range en.kids {
		en.toks = v.AppendMove(en.toks, c.Move)
		en.ends = append(en.ends, len(en.toks))
		en.order = append(en.order, i)
	}
	slices.SortStableFunc(en.order, func(i, j int) int { return bytes.Compare(en.tok(i), en.tok(j)) })
	b = append(b, `{"variant":"`...)
	b = append(b, v.ID()...)
	b = append(b, `","position":"`...)
	b = p.AppendBPN(b)
	b = append(b, `","to_move":"`...)
	b = append(b, p.ToMove().Letter()...)
	if st := p.Stage(); st != "" {
		b = append(b, `","stage":"`...)
		b = append(b, st...)
	}
	// A finished position has no moves (spec 6), so one with moves is ongoing, and only one
	// without needs judging: a second move generation saved per position.
	status := engine.Ongoing
	if len(en.kids) == 0 {
		status = p.Status()
	}
	b = append(b, `","status":"`...)
	b = append(b, status.String()...)
	b = append(b, `","moves":[`...)
	for n, i := range en.order {
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"move":"`...)
		b = append(b, en.tok(i)...)
		b = append(b, `","position":"`...)
		b = en.kids[i].Position.AppendBPN(b)
		b = append(b, `"}`...)
	}
	return append(b, "]}\n"...)
}

// Line is one ranked move of a search.
type Line struct {
	Move  string   `json:"move"`
	Score float64  `json:"score"`
	WinIn *int     `json:"win_in"`
	PV    []string `json:"pv"`
}

// Best is the `bao bestmove --json` document.
type Best struct {
	Best  string   `json:"best"`
	Score float64  `json:"score"`
	WinIn *int     `json:"win_in"`
	PV    []string `json:"pv"`
	Depth int      `json:"depth"`
	Nodes int64    `json:"nodes"`
	NPS   int64    `json:"nps"`
	Lines []Line   `json:"lines,omitempty"` // when the search ranked more than one move
}

// NewLine is the document of a line of a search in v.
func NewLine(v *engine.Variant, l analysis.Line) Line {
	d := Line{Move: v.FormatMove(l.Moves[0]), Score: l.Seeds(), PV: analysis.Tokens(v, l.Moves)}
	if n, ok := l.WinIn(); ok {
		d.WinIn = &n
	}
	return d
}

// NewBest is the document of a search result in v; r has at least one line.
func NewBest(v *engine.Variant, r analysis.Result) Best {
	first := NewLine(v, r.Lines[0])
	d := Best{Best: first.Move, Score: first.Score, WinIn: first.WinIn, PV: first.PV,
		Depth: r.Depth, Nodes: r.Nodes, NPS: r.NPS()}
	if len(r.Lines) > 1 {
		for _, l := range r.Lines {
			d.Lines = append(d.Lines, NewLine(v, l))
		}
	}
	return d
}

// AppendJSON appends the document as one line of JSON, without a line end: the fields in the
// order of the struct, as encoding/json writes them but for < and >, which it would escape.
// It is written by hand so that the engine in the browser carries no encoding/json.
func (d Best) AppendJSON(b []byte) []byte {
	b = append(b, `{"best":`...)
	b = appendString(b, d.Best)
	b = d.appendLine(b, d.Score, d.WinIn, d.PV)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(d.Depth), 10)
	b = append(b, `,"nodes":`...)
	b = strconv.AppendInt(b, d.Nodes, 10)
	b = append(b, `,"nps":`...)
	b = strconv.AppendInt(b, d.NPS, 10)
	if len(d.Lines) > 0 {
		b = append(b, `,"lines":[`...)
		for i, l := range d.Lines {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"move":`...)
			b = appendString(b, l.Move)
			b = d.appendLine(b, l.Score, l.WinIn, l.PV)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendLine appends the fields a Best shares with its Lines.
func (Best) appendLine(b []byte, score float64, winIn *int, pv []string) []byte {
	b = append(b, `,"score":`...)
	b = appendFloat(b, score)
	b = append(b, `,"win_in":`...)
	if winIn == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*winIn), 10)
	}
	b = append(b, `,"pv":`...)
	if pv == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, t := range pv {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, t)
	}
	return append(b, ']')
}

// appendFloat writes f as encoding/json does: the shortest form, with an exponent only for
// very small or very large values.
func appendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1] // e-09 to e-9
		b = b[:n-1]
	}
	return b
}

// appendString writes s as a JSON string: quotes, backslashes and control characters escaped,
// invalid UTF-8 replaced.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}
