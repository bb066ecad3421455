package site

import (
	"encoding/json"
	"html/template"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/site/board"
)

// A record with a WinIn tag is a puzzle (bao puzzles writes them): its page shows the position
// to solve on a board the reader taps (static/puzzle.js, with the engine in the browser); a
// wrong first move is answered, the right one plays the solution, the record's moves, which
// the page then shows. The page links the game the puzzle comes from when the archive has it.

// puzzlePage is the data of a puzzle's page.
type puzzlePage struct {
	pageData
	Puzzle *puzzleView
}

type puzzleView struct {
	Heading, Subtitle string
	Task              string // "South to move wins in 3 moves"
	Board             *board.Board
	Variant           string
	Solution          template.JS // [{"move": token, "bpn": position after it}, ...]
	Movetext          template.HTML
	Result            string
	Found             string // "found" or "missed", as the Puzzle tag says
	Source            *link  // the game it comes from, when the archive has it
	SourceText        string // the Source and SourceRef tags, when it does not
	Tags, Provenance  []tagView
	File              string
	Number            int
	Download          string // the record file, for readers to download
}

// winIn is the number of moves of a puzzle's win, 0 if the record is no puzzle: it has a
// WinIn tag, a playable start and a main line that replays.
func (g *game) winIn() int {
	n, err := strconv.Atoi(g.rec.Tag("WinIn"))
	if err != nil || n < 1 || g.variant() == nil || g.plies == 0 || len(g.errs) > 0 {
		return 0
	}
	return n
}

// puzzlePages renders a puzzle's page.
func (b *catalogue) puzzlePages(g *game) (rendered, error) {
	pd := b.newPage(g.href, "puzzle", b.l.T("puzzle.title", "Game", g.title(b.l)))
	pv := &puzzleView{
		Heading:  b.l.T("game.title", "South", orUnknown(g.tag("South")), "North", orUnknown(g.tag("North"))),
		Subtitle: g.subtitle(b.l),
		Task:     b.l.N("puzzle.task", g.winIn(), "Side", b.l.T("side."+g.start.ToMove().String())),
		Board:    board.New(b.l, g.start, nil),
		Variant:  g.variant().ID(),
		Result:   g.rec.Result,
		Found:    g.rec.Tag("Puzzle"),
		File:     g.file,
		Download: recordFileHref(g.file),
	}
	if g.several {
		pv.Number = g.number
	}
	pv.Board.ID = "puzzle-board"
	type step struct {
		Move string `json:"move"`
		BPN  string `json:"bpn"`
	}
	var solution []step
	for i := 1; i <= g.plies; i++ {
		n := g.nodes[i]
		solution = append(solution, step{Move: n.move.Token, BPN: n.pos.String()})
	}
	js, err := json.Marshal(solution)
	if err != nil {
		return rendered{}, err
	}
	pv.Solution = trustedJS(string(js)) // JSON of tokens and positions the engine wrote
	pv.Tags, pv.Provenance = b.tagViews(g)
	pv.Source, pv.SourceText = b.puzzleSource(g)
	dc := &docContext{b: b, file: g.file, root: pd.Root, variant: g.variant(), game: g}
	var mt strings.Builder
	b.movetext(&mt, g, dc, g.rec.Moves, g.rec.Comments)
	pv.Movetext = trustedHTML(mt.String()) // escaped as written: see movetext
	return b.renderAs(g.href, "puzzle", puzzlePage{pageData: pd, Puzzle: pv})
}

// puzzleSource links the game a puzzle comes from: its Source tag is "FILE game N" (FILE
// relative to the archive) and SourceRef "ply P". Without that game in the archive, the tags
// are only said.
func (b *catalogue) puzzleSource(g *game) (*link, string) {
	src, ref := g.rec.Tag("Source"), g.rec.Tag("SourceRef")
	text := strings.TrimSpace(src + ", " + ref)
	file, num, ok := strings.Cut(src, " game ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 {
		return nil, text
	}
	e := b.entries[file]
	if e == nil || n > len(e.Games) {
		return nil, text
	}
	return &link{Href: GameHref(file, n), Text: b.l.T("puzzle.game", "File", file, "Number", strconv.Itoa(n)), Note: ref}, ""
}
