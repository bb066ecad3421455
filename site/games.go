package site

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// game is one record, replayed by the engine: everything its page, the lists and the search
// index show.
type game struct {
	file   string // archive-relative path of the record file
	where  string // the file as problem reports name it (Options.Source)
	number int    // 1-based number of the game in its file
	of     int    // the number of games in its file
	href   string // site-relative path of its page
	rec    *notation.Record
	start  engine.Position // zero if the record names no playable variant or start
	nodes  []*node         // nodes[0] is the start; the main line is nodes[1..plies]
	plies  int
	ids    map[*notation.Node]int    // the node of each move played
	failed map[*notation.Node]string // the move that stopped its line, and why
	errs   []string                  // problems, "file:line:col: message", shown on the page
}

// node is a position of the game's move tree: the start, or a move and the position after it.
type node struct {
	id         int
	move       *notation.Node // nil for the start
	depth      int            // plies from the game's start
	prev, next int            // neighbours in the node's line; -1 for none
	pos        engine.Position
	marks      highlight
}

// loadGames reads every game of the record file name; where names it in problem reports. A
// file that cannot be opened or read to its end gives one more game holding the located error,
// shown as a problem page.
func loadGames(src fs.FS, name, where string) []*game {
	var gs []*game
	if f, err := src.Open(name); err != nil {
		gs = append(gs, unreadable(name, where, 1, err))
	} else {
		defer f.Close()
		sc := notation.NewScanner(f, where)
		for sc.Scan() {
			g := &game{file: name, where: where, number: len(gs) + 1, rec: sc.Record()}
			for _, e := range sc.Errors() {
				g.errs = append(g.errs, e.Error())
			}
			g.replay()
			gs = append(gs, g)
		}
		if err := sc.Err(); err != nil {
			gs = append(gs, unreadable(name, where, len(gs)+1, err))
		}
	}
	stem := slugPath(strings.TrimSuffix(name, path.Ext(name)))
	for _, g := range gs {
		g.of = len(gs)
		g.href = stem + ".html"
		if len(gs) > 1 {
			g.href = fmt.Sprintf("%s-%d.html", stem, g.number)
		}
	}
	return gs
}

// replay plays the main line and every variation, recording the position after each move.
func (g *game) replay() {
	// The verifier's findings are the page's problems: every move, [%pos] checkpoint, result
	// and tag, as `bao validate` reports them. The replay below only draws the tree.
	for _, e := range notation.Verify(g.rec) {
		g.errs = append(g.errs, e.Error())
	}
	start, err := g.rec.Start()
	if err != nil {
		g.nodes = []*node{{prev: -1, next: -1}}
		return
	}
	g.start = start
	g.nodes = []*node{{prev: -1, next: -1, pos: start}}
	g.ids, g.failed = map[*notation.Node]int{}, map[*notation.Node]string{}
	ids := g.playLine(0, g.rec.Moves)
	g.plies = len(ids)
	g.playVariations(0, g.rec.Moves, ids)
}

// playLine plays moves from node before and returns the ids of the nodes made, stopping at the
// first move that cannot be played.
func (g *game) playLine(before int, moves []*notation.Node) []int {
	var ids []int
	prev := g.nodes[before]
	for _, mv := range moves {
		m, err := prev.pos.ParseMove(mv.Token)
		var next engine.Position
		var tr engine.Trace
		if err == nil {
			next, tr, err = prev.pos.Trace(m)
		}
		if err != nil {
			g.failed[mv] = fmt.Sprintf("%s: %v (the rest of this line is not shown)", mv.Token, err)
			return ids
		}
		n := &node{id: len(g.nodes), move: mv, depth: prev.depth + 1, prev: prev.id, next: -1,
			pos: next, marks: traceMarks(next.Variant(), tr)}
		if prev.next < 0 {
			prev.next = n.id
		}
		g.nodes = append(g.nodes, n)
		g.ids[mv] = n.id
		ids = append(ids, n.id)
		prev = n
	}
	return ids
}

// playVariations plays the variations of a line whose moves were played as ids from node
// before; a variation starts from the position before the move it replaces.
func (g *game) playVariations(before int, moves []*notation.Node, ids []int) {
	for i, mv := range moves {
		if i > len(ids) {
			return // the line stopped before this move: its position is unknown
		}
		from := before
		if i > 0 {
			from = ids[i-1]
		}
		for _, v := range mv.Variations {
			vids := g.playLine(from, v.Moves)
			g.playVariations(from, v.Moves, vids)
		}
	}
}

// variant is the game's variant, nil if it has none that bao knows.
func (g *game) variant() *engine.Variant { return g.start.Variant() }

// tag returns a roster tag, "" for an unknown value ("?", "????.??.??").
func (g *game) tag(name string) string {
	v := strings.TrimSpace(g.rec.Tag(name))
	if strings.Trim(v, "?.") == "" {
		return ""
	}
	return v
}

// year is the Date tag's year, "" if unknown.
func (g *game) year() string {
	d := g.tag("Date")
	if len(d) < 4 {
		return ""
	}
	if _, err := strconv.Atoi(d[:4]); err != nil {
		return ""
	}
	return d[:4]
}

func (g *game) players() (south, north string) { return g.tag("South"), g.tag("North") }

// title names the game in lists and links: "South – North, Event Year".
func (g *game) title() string {
	s, n := g.players()
	t := orUnknown(s) + " – " + orUnknown(n)
	if ev := g.tag("Event"); ev != "" {
		t += ", " + ev
	}
	if y := g.year(); y != "" {
		t += " " + y
	}
	// Games between the same players at the same event differ by round, or else by their
	// place in the file.
	if r := g.tag("Round"); r != "" {
		t += ", round " + r
	} else if g.of > 1 {
		t += ", game " + strconv.Itoa(g.number)
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
