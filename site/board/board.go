// Package board draws a Bao position: the board as an SVG, with the last move's marks, its
// accessible description, the line under it and the key to its marks. It knows nothing of a
// site: the site's pages and bao show --svg both draw with it.
package board

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
)

// Board geometry in SVG user units; the SVG scales to its container, so these only fix
// proportions.
const (
	cell    = 48 // one pit's square
	pitR    = 19 // pit radius
	marginL = 24 // room for the row letters
	marginR = 8
	marginV = 22 // room for the pit numbers above and below
	midGap  = 10 // between North's rows and South's
)

// Marks say what the last move did to a pit.
type Marks uint8

const (
	From  Marks = 1 << iota // the move's pit
	Sown                    // received a seed (or a stepping stone) in the move's last lap
	Capt                    // captured from
	Early                   // received seeds only in an earlier lap: drawn dimmed
)

// Highlight is the last move drawn on a board: marks indexed by pit.
type Highlight []Marks

// Trace turns an engine trace into per-pit marks: the last lap's pits are marked Sown, those
// only earlier laps sowed Early, so that a reader sees where the move ended.
func Trace(v *engine.Variant, t engine.Trace) Highlight {
	h := make(Highlight, v.Pits())
	for i, l := range t.Laps {
		m := Early
		if i == len(t.Laps)-1 {
			m = Sown
		}
		for _, p := range l.Sown {
			if int(p) < len(h) {
				h[p] |= m
			}
		}
	}
	for i, m := range h {
		if m&Sown != 0 {
			h[i] &^= Early
		}
	}
	for _, c := range t.Captures {
		if int(c.Pit) < len(h) {
			h[c.Pit] |= Capt
		}
	}
	if int(t.Move.Pit) < len(h) {
		h[t.Move.Pit] |= From
	}
	return h
}

// Board is what the "board" template draws: one position, fixed geometry.
type Board struct {
	ID      string // element id of a live (viewer) board, else ""
	W, H    int
	Name    string // the variant's name, which begins the accessible description
	Rows    []boardRow
	Labels  []svgText
	Pits    []pitView
	MidY    int
	Cols    int // pits per row, for the stylesheet to size the board
	R, D    int // pit radius and diameter
	FrameW  int // the board's outline
	FrameH  int
	MidX2   int    // end of the line between the two sides
	Info    string // reserves or stores, stage, player to move
	Caption string
	Variant string // the variant's id and the position's BPN, for the analysis board
	BPN     string
	Bank    string          // "reserves", "stores" or "": what the info line counts besides the pits
	l       *lang.Lang      // the language of its words
	v       *engine.Variant // for the key of an image (Image)
}

// boardRow is a row of the diagram, top to bottom: its letter and its pits, left to right.
type boardRow struct {
	Letter string
	Pits   []int
}

// Label is the board's accessible name, in words: the variant, the caption, what the info line
// says, and the counts row by row as drawn. The viewer script builds the same sentence for
// each position it shows, from the same parts (data-rows on the board).
func (b *Board) Label() string {
	var w strings.Builder
	if b.Caption != "" {
		w.WriteString(b.l.T("board.label", "Name", b.Name, "Caption", b.Caption, "Info", b.Info))
	} else {
		w.WriteString(b.l.T("board.label.start", "Name", b.Name, "Info", b.Info))
	}
	for _, r := range b.Rows {
		w.WriteString(" " + b.l.T("board.row", "Row", r.Letter))
		for _, i := range r.Pits {
			c := b.Pits[i].Count
			if c == "" {
				c = "0"
			}
			w.WriteString(" " + c)
		}
		w.WriteString(".")
	}
	return w.String()
}

// rowsAttr writes the rows for the viewer script: "b:15,14,…;a:…".
func (b *Board) rowsAttr() string {
	var w strings.Builder
	for i, r := range b.Rows {
		if i > 0 {
			w.WriteByte(';')
		}
		w.WriteString(r.Letter + ":")
		for j, p := range r.Pits {
			if j > 0 {
				w.WriteByte(',')
			}
			w.WriteString(strconv.Itoa(p))
		}
	}
	return w.String()
}

type svgText struct {
	X, Y int
	Text string
}

// pitView is one pit. Base holds the classes that never change (owner, house, kichwa); Dyn
// those that depend on the position and the last move, which the viewer replaces per ply.
type pitView struct {
	X, Y      int
	Square    bool
	Name      string
	Base, Dyn string
	Count     string
}

// Class is the pit's full class attribute.
func (p pitView) Class() string {
	if p.Dyn == "" {
		return p.Base
	}
	return p.Base + " " + p.Dyn
}

// New lays out position p with the last move's marks h (nil: none), its words in language l.
func New(l *lang.Lang, p engine.Position, h Highlight) *Board {
	v := p.Variant()
	rows := 2 * v.Rows()
	b := &Board{
		W:       marginL + v.Width()*cell + marginR,
		H:       2*marginV + rows*cell + midGap,
		MidY:    marginV + v.Rows()*cell + midGap/2,
		Name:    v.Name(),
		Pits:    make([]pitView, v.Pits()),
		Info:    Info(l, p),
		Cols:    v.Width(),
		Variant: v.ID(),
		Bank:    v.Bank().String(),
		l:       l,
		v:       v,
	}
	for r, row := range v.BPNOrder() { // as seen from South's seat, North's back row on top
		letter := v.PitName(row[0])[:1]
		b.Labels = append(b.Labels, svgText{marginL / 2, rowY(v, r), letter})
		br := boardRow{Letter: letter, Pits: make([]int, v.Width())}
		for _, pit := range row {
			b.Pits[pit] = pitView{
				X:      marginL + (v.Column(pit)-1)*cell + cell/2,
				Y:      rowY(v, r),
				Name:   v.PitName(pit),
				Base:   baseClass(v, pit),
				Square: v.IsNyumba(pit),
			}
			br.Pits[v.Column(pit)-1] = int(pit)
		}
		b.Rows = append(b.Rows, br)
	}
	for c := 1; c <= v.Width(); c++ {
		x := marginL + (c-1)*cell + cell/2
		b.Labels = append(b.Labels,
			svgText{x, marginV / 2, fmt.Sprint(v.Width() + 1 - c)},
			svgText{x, b.H - marginV/2, fmt.Sprint(c)})
	}
	b.setPosition(p, h)
	return b
}

// setPosition fills in the counts and the position-dependent classes.
func (b *Board) setPosition(p engine.Position, h Highlight) {
	b.BPN = p.String()
	for i := range b.Pits {
		n := p.Seeds(engine.Pit(i))
		b.Pits[i].Count = ""
		if n > 0 {
			b.Pits[i].Count = fmt.Sprint(n)
		}
		b.Pits[i].Dyn = dynClass(p, engine.Pit(i), h)
	}
}

func rowY(v *engine.Variant, r int) int {
	y := marginV + r*cell + cell/2
	if r >= v.Rows() {
		y += midGap
	}
	return y
}

// legendItem is one entry of a board's key: a pit drawn with Class, and what it means.
type legendItem struct {
	Class, Count, Text string
	Square             bool
}

// legends holds each variant's key in each language, written once: every game page of the
// variant shows it.
var legends sync.Map // legendKey -> template.HTML

type legendKey struct {
	l *lang.Lang
	v *engine.Variant
}

// Legend is the key to every mark the variant's boards can show, as a list, in language l.
func Legend(l *lang.Lang, v *engine.Variant) template.HTML {
	if h, ok := legends.Load(legendKey{l, v}); ok {
		return h.(template.HTML)
	}
	var w strings.Builder
	w.WriteString(`<ul class="legend">`)
	for _, it := range legendItems(v) {
		w.WriteString("<li>" + string(it.Swatch()) + " " + html.EscapeString(l.T("legend."+it.Text)) + "</li>")
	}
	w.WriteString("</ul>")
	h := trusted(w.String())
	legends.Store(legendKey{l, v}, h)
	return h
}

// legendItems are the entries of the variant's key; their Text is the message's id
// (legend.pit …).
func legendItems(v *engine.Variant) []legendItem {
	items := []legendItem{{Class: "pit s", Count: "4", Text: "pit"},
		{Class: "pit s from", Text: "from"}}
	switch {
	case v.Stones():
		items[0] = legendItem{Class: "pit s stone", Text: "empty"}
		items = append(items,
			legendItem{Class: "pit s stone has", Text: "stone.s"},
			legendItem{Class: "pit n stone has", Text: "stone.n"},
			legendItem{Class: "pit s stone has sown", Text: "stone.moved"},
			legendItem{Class: "pit n stone capt", Text: "stone.capt"},
			legendItem{Class: "pit s stone has sown hand", Text: "hand.stone"})
		return items
	default:
		items = append(items,
			legendItem{Class: "pit s sown", Count: "3", Text: "sown"},
			legendItem{Class: "pit s early", Count: "2", Text: "early"},
			legendItem{Class: "pit n capt", Text: "capt"},
			legendItem{Class: "pit s early lift", Text: "lift"},
			legendItem{Class: "pit s sown hand", Count: "1", Text: "hand"})
	}
	if v.HasHouse() {
		items = append(items,
			legendItem{Class: "pit s kichwa", Count: "2", Text: "kichwa"},
			legendItem{Class: "pit s house owned", Count: "6", Square: true, Text: "owned"},
			legendItem{Class: "pit s house", Count: "6", Square: true, Text: "house"},
			legendItem{Class: "pit n block", Count: "4", Text: "block"})
	}
	if v.Mtoto() {
		items = append(items,
			legendItem{Class: "pit n rsv-s", Text: "rsv.s"},
			legendItem{Class: "pit s rsv-n", Text: "rsv.n"})
	}
	return items
}

// Swatch draws a legend item's pit.
func (l legendItem) Swatch() template.HTML {
	var w strings.Builder
	l.writeSwatch(&w, "")
	return trusted(w.String())
}

// writeSwatch writes a legend item's pit; at, if not "", places it in an image.
func (l legendItem) writeSwatch(w *strings.Builder, at string) {
	shape := `<circle cx="14" cy="14" r="11"/>`
	if l.Square {
		shape = `<rect x="3" y="3" width="22" height="22" rx="3"/>`
	}
	if l.Count != "" {
		shape += `<text x="14" y="14">` + html.EscapeString(l.Count) + `</text>`
	}
	w.WriteString(`<svg` + at + ` class="board key" viewBox="0 0 28 28" aria-hidden="true"><g class="` +
		html.EscapeString(l.Class) + `">` + shape + `</g></svg>`)
}

func baseClass(v *engine.Variant, p engine.Pit) string {
	c := "pit s"
	if v.Owner(p) == engine.North {
		c = "pit n"
	}
	if v.Stones() {
		c += " stone"
	}
	if v.IsNyumba(p) {
		c += " house"
	}
	if v.IsKichwa(p) {
		c += " kichwa"
	}
	return c
}

// dynClass is the part of a pit's class that the viewer changes from ply to ply.
func dynClass(p engine.Position, pit engine.Pit, h Highlight) string {
	v := p.Variant()
	var cs []string
	if v.Stones() && p.Seeds(pit) > 0 {
		cs = append(cs, "has") // a stone is drawn, not counted
	}
	for _, l := range []byte(PosLetters(p, pit)) {
		cs = append(cs, letterClass[l])
	}
	if int(pit) < len(h) {
		m := h[pit]
		if m&From != 0 {
			cs = append(cs, "from")
		}
		if m&Early != 0 {
			cs = append(cs, "early")
		}
		if m&Sown != 0 {
			cs = append(cs, "sown")
		}
		if m&Capt != 0 {
			cs = append(cs, "capt")
		}
	}
	return strings.Join(cs, " ")
}

// letterClass spells out PosLetters' marks.
var letterClass = map[byte]string{'o': "owned", 'b': "block", 's': "rsv-s", 'n': "rsv-n"}

// PosLetters are the marks of a pit that belong to the position, one letter each, as the
// viewer's data writes them (viewerData): o a nyumba still owned, b the block, s and n
// reserved by South or North. dynClass spells the same marks out as classes.
func PosLetters(p engine.Position, pit engine.Pit) string {
	v := p.Variant()
	var c string
	if v.IsNyumba(pit) && p.HouseOwned(v.Owner(pit)) {
		c += "o"
	}
	if b, ok := p.Block(); ok && b == pit {
		c += "b"
	}
	if s, ok := p.ReservedBy(pit); ok {
		c += strings.ToLower(s.Letter())
	}
	return c
}

// Info is the line under a board, in language l: what the pits do not show.
func Info(l *lang.Lang, p engine.Position) string {
	v := p.Variant()
	var parts []string
	switch st := p.Status(); st {
	case engine.Ongoing:
		parts = append(parts, l.T("board.tomove", "Side", sideName(l, p.ToMove())))
	default:
		parts = append(parts, l.T("board.over", "Status", statusText(l, st), "Reason", endReason(l, p)))
	}
	if s := p.Stage(); s != "" {
		parts = append(parts, s)
	}
	switch {
	case v.HasHouse():
		parts = append(parts, sides(l, "board.reserves", p.Reserve(engine.South), p.Reserve(engine.North)))
		if b, ok := p.Block(); ok {
			parts = append(parts, l.T("board.block", "Pit", v.PitName(b)))
		}
	case v.Bank() == engine.Stores:
		parts = append(parts, sides(l, "board.stores", p.Store(engine.South), p.Store(engine.North)))
		if p.Status() != engine.Ongoing {
			// Rules 6: each side scores its store and the seeds left in its own pits
			// (reserved pits always hold none).
			parts = append(parts, sides(l, "board.score",
				p.Store(engine.South)+stones(p, engine.South), p.Store(engine.North)+stones(p, engine.North)))
		}
	default:
		parts = append(parts, sides(l, "board.stones", stones(p, engine.South), stones(p, engine.North)))
	}
	return strings.Join(parts, " · ")
}

// sides writes a count of each side: "reserves S 3, N 4".
func sides(l *lang.Lang, id string, south, north int) string {
	return l.T(id, "South", south, "North", north)
}

// sideName is a side as the language names it: South, Kusini.
func sideName(l *lang.Lang, s engine.Side) string { return l.T("side." + s.String()) }

// endReason says why the game is over: in every game bao knows, the player to move cannot
// move; in the 4x8 games, most often because his front row is empty.
func endReason(l *lang.Lang, p engine.Position) string {
	v, me := p.Variant(), p.ToMove()
	if v.HasHouse() {
		front := 0
		for i := range v.Pits() {
			if x := engine.Pit(i); v.Owner(x) == me && v.Row(x) == 0 {
				front += p.Seeds(x)
			}
		}
		if front == 0 {
			return l.T("board.end.front", "Side", sideName(l, me))
		}
	}
	if stones(p, me) == 0 {
		return l.T("board.end.empty", "Side", sideName(l, me))
	}
	return l.T("board.end.nomove", "Side", sideName(l, me))
}

func stones(p engine.Position, s engine.Side) int {
	v, n := p.Variant(), 0
	for i := range v.Pits() {
		if v.Owner(engine.Pit(i)) == s {
			n += p.Seeds(engine.Pit(i))
		}
	}
	return n
}

func statusText(l *lang.Lang, st engine.Status) string {
	switch st {
	case engine.SouthWins:
		return l.T("board.southwon")
	case engine.NorthWins:
		return l.T("board.northwon")
	case engine.Draw:
		return l.T("board.drawn")
	}
	return l.T("board.ongoing")
}

// SVG draws the board. It is written here rather than by a template because a site has
// thousands of boards of up to 48 pits: this is the build's hot path. Every text it holds is
// escaped; the numbers are integers.
func (b *Board) SVG() template.HTML {
	var w strings.Builder
	w.Grow(180 * len(b.Pits))
	b.writeSVG(&w, "")
	return trusted(w.String())
}

// writeSVG writes the board's svg element; at, if not "", places it in an image (x, y, width,
// height attributes).
func (b *Board) writeSVG(w *strings.Builder, at string) {
	w.WriteString("<svg" + at)
	if b.ID != "" {
		w.WriteString(` id="` + html.EscapeString(b.ID) + `"`)
	}
	fmt.Fprintf(w, ` class="board w%d" viewBox="0 0 %d %d" role="img" aria-label="%s"`, b.Cols, b.W, b.H, html.EscapeString(b.Label()))
	if b.ID != "" {
		w.WriteString(` data-rows="` + b.rowsAttr() + `"`)
		if b.Bank != "" {
			w.WriteString(` data-bank="` + b.Bank + `"`)
		}
	}
	w.WriteString(` data-name="` + html.EscapeString(b.Name) + `" data-variant="` + html.EscapeString(b.Variant) + `" data-bpn="` + html.EscapeString(b.BPN) + `"`)
	w.WriteString(">\n")
	fmt.Fprintf(w, `<rect class="frame" x="1" y="1" width="%d" height="%d" rx="10"/>`+"\n", b.W-2, b.H-2)
	fmt.Fprintf(w, `<line class="mid" x1="8" x2="%d" y1="%d" y2="%d"/>`+"\n", b.W-8, b.MidY, b.MidY)
	w.WriteString(`<g class="lbl">`)
	for _, l := range b.Labels {
		w.WriteString(`<text x="` + strconv.Itoa(l.X) + `" y="` + strconv.Itoa(l.Y) + `">` + html.EscapeString(l.Text) + `</text>`)
	}
	w.WriteString("</g>\n")
	for _, p := range b.Pits {
		x, y := strconv.Itoa(p.X), strconv.Itoa(p.Y)
		w.WriteString(`<g class="` + html.EscapeString(p.Class()) + `"><title>` + html.EscapeString(p.Name) + `</title>`)
		if p.Square {
			fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" rx="4"/>`, p.X-pitR, p.Y-pitR, 2*pitR, 2*pitR)
		} else {
			w.WriteString(`<circle cx="` + x + `" cy="` + y + `" r="` + strconv.Itoa(pitR) + `"/>`)
		}
		w.WriteString(`<text x="` + x + `" y="` + y + `">` + html.EscapeString(p.Count) + "</text></g>\n")
	}
	w.WriteString("</svg>")
}

// Image geometry: the line under the board and the key's rows, in the board's units.
const (
	imgPad    = 8  // left edge of the lines under the board
	imgLine   = 22 // the caption's line
	imgRow    = 32 // one entry of the key
	imgSwatch = 28
	imgCharW  = 7.4 // a generous width of one character of 13 px type, to size the image
)

// ImageStyle is what an image needs besides the site's rules for boards: a ground, its type
// and the lines under the board.
const ImageStyle = `svg.image { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
svg.image .paper { fill: var(--paper); }
svg.image .line { font-size: 14px; fill: var(--ink); dominant-baseline: central; }
svg.image .key-text { font-size: 13px; fill: var(--ink); dominant-baseline: central; }
`

// Image is the board as a standalone SVG document, for bao show --svg and the pages' "Download
// image": the board, its caption and info line, and the key to every mark the variant's
// boards show, named for screen readers by the board's description. style is the site's
// stylesheet for boards (site.BoardStyle), so that an image looks as the pages do.
func (b *Board) Image(style string) []byte {
	var items []legendItem
	if b.v != nil {
		items = legendItems(b.v)
	}
	line := b.Info
	if b.Caption != "" {
		line = b.Caption + " · " + b.Info
	}
	texts := make([]string, len(items))
	longest := utf8.RuneCountInString(line)
	for i, it := range items {
		texts[i] = b.l.T("legend." + it.Text)
		longest = max(longest, utf8.RuneCountInString(texts[i])+5)
	}
	w := max(b.W, imgPad+int(float64(longest)*imgCharW)+imgPad)
	top := b.H + imgLine + imgLine/2
	h := top + len(items)*imgRow + imgPad
	var s strings.Builder
	s.Grow(4096 + 180*len(b.Pits))
	fmt.Fprintf(&s, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" class="image" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="title">`+"\n", w, h, w, h)
	s.WriteString(`<title id="title">` + html.EscapeString(b.Label()) + "</title>\n")
	s.WriteString("<style>\n" + html.EscapeString(style+ImageStyle) + "</style>\n")
	fmt.Fprintf(&s, `<rect class="paper" width="%d" height="%d"/>`+"\n", w, h)
	b.writeSVG(&s, fmt.Sprintf(` x="0" y="0" width="%d" height="%d"`, b.W, b.H))
	fmt.Fprintf(&s, "\n"+`<text class="line" x="%d" y="%d">%s</text>`+"\n", imgPad, b.H+imgLine/2+2, html.EscapeString(line))
	for i, it := range items {
		y := top + i*imgRow
		it.writeSwatch(&s, fmt.Sprintf(` x="%d" y="%d" width="%d" height="%d"`, imgPad, y, imgSwatch, imgSwatch))
		fmt.Fprintf(&s, `<text class="key-text" x="%d" y="%d">%s</text>`+"\n", imgPad+imgSwatch+8, y+imgSwatch/2, html.EscapeString(texts[i]))
	}
	s.WriteString("</svg>\n")
	return []byte(s.String())
}

// trusted marks HTML that this package wrote, every text in it escaped, as safe to put in a
// page: the board's one conversion to template.HTML, as site/trusted.go is the site's.
func trusted(s string) template.HTML { return template.HTML(s) }
