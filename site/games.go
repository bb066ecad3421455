package site

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/board"
)

// game is one record, replayed by the engine: everything its page shows. A build holds only
// the games being written, a few per CPU.
type game struct {
	file    string // archive-relative path of the record file
	where   string // the file as problem reports name it (Options.Source)
	number  int    // 1-based number of the game in its file
	several bool   // the file holds other games too
	next    bool   // the file holds a game after it
	href    string // site-relative path of its page
	rec     *notation.Record
	start   engine.Position // zero if the record names no playable variant or start
	nodes   []*node         // nodes[0] is the start; the main line is nodes[1..plies]
	plies   int
	ids     map[*notation.Node]int    // the node of each move played
	failed  map[*notation.Node]string // the move that stopped its line, and why
	errs    []string                  // problems, "file:line:col: message", shown on the page
	// warnings are the problems of the page beyond the record's own (a diagram that cannot be
	// drawn): the build reports them with errs.
	warnings []string
	asked    bool // a diagram asked the index for other games
}

// node is a position of the game's move tree: the start, or a move and the position after it.
type node struct {
	id         int
	move       *notation.Node // nil for the start
	depth      int            // plies from the game's start
	prev, next int            // neighbours in the node's line; -1 for none
	main       bool           // on the main line
	pos        engine.Position
	marks      board.Highlight
	trace      *engine.Trace // the move's laps and captures, for the viewer's sowing
	filled     string        // an illegible move's one completion, as every command reads it
	// gap: the node is a gap of a fragment (moves lost), pos its checkpoint and depth the
	// plies before the move after it; the viewer jumps there, with no sowing to show
	gap bool
}

// newGame replays record number n of file (parse problems in parseErrs); next tells whether
// the file holds a game after it.
func newGame(file, where string, n int, next bool, rec *notation.Record, parseErrs notation.ErrorList) *game {
	g := &game{file: file, where: where, number: n, several: n > 1 || next, next: next, href: GameHref(file, n), rec: rec}
	for _, e := range parseErrs {
		g.errs = append(g.errs, e.Error())
	}
	g.replay()
	return g
}

// scanGames calls f with every record of the file name, in order, telling it whether the file
// holds another after it; it stops at f's first error. One record is read ahead, no more.
func scanGames(src fs.FS, name, where string, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	r, err := src.Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	return scanReader(r, where, f)
}

// scanReader is scanGames over an open file.
func scanReader(r io.Reader, where string, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	sc := notation.NewScanner(r, where)
	var (
		held     *notation.Record
		heldErrs notation.ErrorList
		n        int
	)
	for sc.Scan() {
		if held != nil {
			n++
			if err := f(n, true, held, heldErrs); err != nil {
				return err
			}
		}
		held, heldErrs = sc.Record(), slices.Clone(sc.Errors())
	}
	if held != nil {
		n++
		if err := f(n, false, held, heldErrs); err != nil {
			return err
		}
	}
	return sc.Err()
}

// replay walks the record once, main line and variations: the verifier's findings are the
// page's problems (every move, [%pos] checkpoint, result and tag, as bao validate reports
// them), and the same pass through the engine gives the positions and the marks of the tree.
func (g *game) replay() {
	start, err := g.rec.Start()
	g.nodes = []*node{{prev: -1, next: -1, pos: start}}
	if err == nil {
		g.start = start
		g.ids, g.failed = map[*notation.Node]int{}, map[*notation.Node]string{}
	}
	var (
		last   = map[*notation.Variation]int{nil: 0} // the last node played of each line
		before = map[*notation.Node]int{}            // the node each move is played from
		parent = map[*notation.Variation]*notation.Node{}
	)
	for _, e := range notation.VerifyWalk(g.rec, true, func(s *notation.Step) {
		mv := s.Node
		from, ok := last[s.Variation]
		if s.Index == 0 && s.Variation != nil {
			from, ok = before[parent[s.Variation]], true // a variation replaces a move
		}
		if !ok {
			return
		}
		before[mv] = from
		for _, v := range mv.Variations {
			parent[v] = mv
		}
		if s.Err != nil {
			g.failed[mv] = fmt.Sprintf("%s: %v (the rest of this line is not shown)", mv.Token, s.Err.Err)
			return
		}
		prev := g.nodes[from]
		n := &node{id: len(g.nodes), move: mv, depth: prev.depth + 1, prev: prev.id, next: -1, pos: s.After,
			main: s.Variation == nil, gap: s.Gap}
		if s.Gap {
			n.depth = s.Ply - 1
		}
		if s.Trace != nil {
			n.marks, n.trace = board.Trace(s.After.Variant(), *s.Trace), s.Trace
		}
		if s.Filled {
			n.filled = s.Token()
		}
		if prev.next < 0 {
			prev.next = n.id
		}
		g.nodes = append(g.nodes, n)
		g.ids[mv] = n.id
		last[s.Variation] = n.id
		if s.Variation == nil {
			g.plies++
		}
	}) {
		g.errs = append(g.errs, e.Error())
	}
	g.mainLineFirst()
}

// mainLineFirst numbers the nodes main line first (the start, then ply 1 to plies), then the
// variations in the order the walk met them: a ply's node is nodes[ply].
func (g *game) mainLineFirst() {
	order := make([]*node, 0, len(g.nodes))
	for _, main := range []bool{true, false} {
		for _, n := range g.nodes {
			if (n.move == nil || n.main) == main {
				order = append(order, n)
			}
		}
	}
	renum := make([]int, len(g.nodes))
	for i, n := range order {
		renum[n.id] = i
	}
	at := func(id int) int {
		if id < 0 {
			return id
		}
		return renum[id]
	}
	for _, n := range order {
		n.id, n.prev, n.next = renum[n.id], at(n.prev), at(n.next)
	}
	for mv, id := range g.ids {
		g.ids[mv] = renum[id]
	}
	g.nodes = order
}

// variant is the game's variant, nil if it has none that bao knows.
func (g *game) variant() *engine.Variant { return g.start.Variant() }

// tag returns a roster tag, "" for an unknown value ("?", "????.??.??").
func (g *game) tag(name string) string { return knownTag(g.rec.Tag(name)) }

// knownTag is a tag's value as the pages show it, "" if unknown ("?", "????.??.??"). A value
// that holds bidirectional formatting characters (U+202E RIGHT-TO-LEFT OVERRIDE, say) is wrapped
// in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the pages join tags in one line ("South –
// North", "Event · Site · Date"), and an override left open in a name turned the rest of that
// line around (a date 2024.01.01 read 10.10.4202). The isolate closes whatever the value opened.
func knownTag(v string) string {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "?.") == "" {
		return ""
	}
	if strings.ContainsFunc(v, func(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }) {
		return "\u2068" + v + "\u2069"
	}
	return v
}

// yearOf is a date's year, "" if unknown.
func yearOf(d string) string { return notation.ParseDate(d).YearText() }

// year is the Date tag's year, "" if unknown.
func (g *game) year() string { return yearOf(g.tag("Date")) }

func (g *game) players() (south, north string) { return g.tag("South"), g.tag("North") }

// title names the game in lists and links: "South – North, Event Year, round R".
func (g *game) title(l *lang.Lang) string {
	s, n := g.players()
	return gameTitle(l, s, n, g.tag("Event"), g.year(), g.tag("Round"), g.number, g.several)
}

// gameTitle names a game from its known tags ("" for unknown). Games between the same players
// at the same event differ by round, or else by their place in the file (number, when the
// file holds several).
func gameTitle(l *lang.Lang, south, north, event, year, round string, number int, several bool) string {
	// The year, unless the event's name ends in it ("Demo Club 2026", not "Demo Club 2026 2026").
	if year != "" && !strings.HasSuffix(" "+event, " "+year) {
		event = strings.TrimSpace(event + " " + year)
	}
	t := l.T("game.title", "South", orUnknown(south), "North", orUnknown(north))
	if event != "" {
		t = l.T("game.title.event", "South", orUnknown(south), "North", orUnknown(north), "Event", event)
	}
	if round != "" {
		t = l.T("game.title.round", "Title", t, "Round", round)
	} else if several {
		t = l.T("game.title.nth", "Title", t, "Number", number)
	}
	return t
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// moveNumber is the number printed before a move at depth d (1 = the first ply) and whether
// South makes it.
func (g *game) moveNumber(d int) (int, bool) {
	return notation.MoveNumber(d-1, g.start.Variant() != nil && g.start.ToMove() == engine.North)
}

// subtitle is the line under the heading: event, site, date, round, variant, result.
func (g *game) subtitle(l *lang.Lang) string {
	var parts []string
	for _, t := range []string{"Event", "Site"} {
		if v := g.tag(t); v != "" {
			parts = append(parts, v)
		}
	}
	if d := l.Date(g.tag("Date")); d != "" {
		parts = append(parts, d)
	}
	if r := g.tag("Round"); r != "" {
		parts = append(parts, l.T("game.round", "Round", r))
	}
	if v := g.variant(); v != nil {
		parts = append(parts, v.Name())
	} else if v := g.tag("Variant"); v != "" {
		parts = append(parts, v)
	}
	if r := g.rec.Result; r != "" && r != "*" {
		parts = append(parts, r)
	}
	return strings.Join(parts, " · ")
}

// caption names a node: "12. A6<*", "12... a4>!", or the start.
func (g *game) caption(l *lang.Lang, n *node) string {
	if n.move == nil {
		if g.rec.Tag("Position") != "" {
			return l.T("game.setup")
		}
		return l.T("game.start")
	}
	if n.gap {
		num, south := g.moveNumber(n.depth + 1)
		label := strconv.Itoa(num) + "."
		if !south {
			label += ".."
		}
		return l.T("game.gap", "Move", label)
	}
	num, south := g.moveNumber(n.depth)
	dots := "."
	if !south {
		dots = "..."
	}
	sym, _ := nags(l, n.move.NAGs)
	return strconv.Itoa(num) + dots + " " + n.move.Token + sym
}

// nags writes NAGs as symbols ($1..$6 as ! ? !! ?? !? ?!; others as $n) with their meanings
// (nag.1 …, nag.code for the others).
func nags(l *lang.Lang, ns []int) (sym, title string) {
	var s, t []string
	for _, n := range ns {
		if glyph, _, ok := notation.Glyph(n); ok {
			s, t = append(s, glyph), append(t, l.T("nag."+strconv.Itoa(n)))
		} else {
			s, t = append(s, fmt.Sprintf("$%d", n)), append(t, l.N("nag.code", n))
		}
	}
	return strings.Join(s, ""), strings.Join(t, ", ")
}
