// Package sheets prints what an arbiter hands out at a round of an event: the pairing list,
// and a score sheet per board on which the players write their moves and sign the result.
// Both come as one print-ready HTML page (a print stylesheet for A4 or Letter) and as a PDF.
package sheets

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
)

// ErrNoRound is the kind of the error for a round that has not been paired.
var ErrNoRound = errors.New("round not paired")

// Paper is a sheet size.
type Paper struct {
	Name string  // as CSS @page and the PDF library name it: "A4", "Letter"
	W, H float64 // millimetres
}

// Papers are the sizes sheets are printed on.
var Papers = map[string]Paper{"a4": {"A4", 210, 297}, "letter": {"Letter", 215.9, 279.4}}

// Round is one round of an event as the sheets show it.
type Round struct {
	Event   string
	Site    string
	Date    string // of the round's games, YYYY.MM.DD, "" if unknown
	Variant string // the game's name, "Bao la Kiswahili"
	Number  int
	Boards  []Board
	Byes    []Bye
	// Lang is the sheets' language (lang.Codes); nil is English.
	Lang *lang.Lang
}

// Board is one game of the round.
type Board struct {
	Number                   int    // the board
	Label                    string // "3", or "3.2" for game 2 of a pairing of several
	South, North             string
	SouthRating, NorthRating int    // 0 when event.toml gives none
	Result                   string // "" while the game has none
	// QR is the PNG of a QR code for the board's recording page, nil without one.
	QR []byte
}

// Bye is a player of the round without a game.
type Bye struct {
	Player string
	Points string // "1", "½", "0"
	Kind   string // "bye" (the pairing's), "full", "half", "zero" (declared)
}

// Lines is the number of numbered move lines of a score sheet: two columns of 30. A longer
// game goes on a second sheet.
const Lines = 60

// FromEvent reads round n of the event in dir: its pairings as `bao event pair` wrote them,
// with their results so far, and the round's byes (the pairing's and those declared).
func FromEvent(dir string, n int) (*Round, error) {
	c, err := event.Load(dir)
	if err != nil {
		return nil, err
	}
	games, _, err := event.Games(dir, c)
	if err != nil {
		return nil, err
	}
	return New(c, games, n)
}

// New makes round n of the event c from its games.
func New(c *event.Config, games []event.Game, n int) (*Round, error) {
	v, err := engine.LookupVariant(c.Variant)
	if err != nil {
		return nil, err
	}
	r := &Round{Event: c.Name, Site: c.Site, Variant: v.Name(), Number: n}
	rating := map[string]int{}
	for _, p := range c.Players {
		rating[event.Key(p.Name)] = p.Rating
	}
	for _, g := range games {
		if g.Round != n || strings.EqualFold(g.Termination, "replayed") {
			continue
		}
		if g.Bye() {
			r.Byes = append(r.Byes, Bye{Player: g.South, Points: event.FormatPoints(c.Scoring.Bye), Kind: "bye"})
			continue
		}
		if r.Date == "" && !strings.Contains(g.Date, "?") {
			r.Date = g.Date
		}
		b := Board{Number: g.Board, Label: fmt.Sprint(max(g.Board, 1)), South: g.South, North: g.North,
			SouthRating: rating[event.Key(g.South)], NorthRating: rating[event.Key(g.North)]}
		if g.Sub > 0 {
			b.Label += fmt.Sprintf(".%d", g.Sub)
		}
		if g.Decided() {
			b.Result = strings.ReplaceAll(g.Result, "1/2", "½")
		}
		r.Boards = append(r.Boards, b)
	}
	if len(r.Boards) == 0 && len(r.Byes) == 0 {
		return nil, fmt.Errorf("%w: event %q has no games in round %d (pair it with bao event pair)", ErrNoRound, c.Name, n)
	}
	pts := map[string]float64{"full": c.Scoring.Bye, "half": c.Scoring.Draw, "zero": c.Scoring.Loss}
	for _, b := range c.RoundByes(n) {
		r.Byes = append(r.Byes, Bye{Player: b.Player, Points: event.FormatPoints(pts[b.Points]), Kind: b.Points})
	}
	return r, nil
}

// AddLinks puts on each board's score sheet the QR code of the board's recording link
// (event.Links, made by `bao event pair`), as an address from base, the server as the
// phones reach it ("http://192.168.1.10:8080"). A round without links is an error of kind
// event.ErrNoLink. Whoever holds a sheet with its code can write that board: hand each to
// its board only.
func (r *Round) AddLinks(dir, base string) error {
	links, err := event.Links(dir, r.Number)
	if err != nil {
		return err
	}
	base = strings.TrimRight(base, "/")
	for i, b := range r.Boards {
		for _, l := range links.Boards {
			if l.Board != b.Number {
				continue
			}
			if r.Boards[i].QR, err = event.QRCode(base+l.Link, 256); err != nil {
				return err
			}
		}
	}
	return nil
}

// title is the round's heading: "Zanzibar Open 2026, round 3".
func (r *Round) title() string {
	return r.lang().T("sheets.title", "Event", r.Event, "Round", r.Number)
}

// lang is the sheets' language.
func (r *Round) lang() *lang.Lang {
	if r.Lang == nil {
		return lang.Must("en")
	}
	return r.Lang
}

// boardHeadings are the score sheets' headings, by board label: "Zanzibar Open 2026, round 3,
// board 2".
func (r *Round) boardHeadings() map[string]string {
	out := map[string]string{}
	for _, b := range r.Boards {
		out[b.Label] = r.lang().T("sheets.boardof", "Title", r.title(), "Board", b.Label)
	}
	return out
}

// words are the sheets' words in their language, by the name the templates use.
func (r *Round) words() map[string]string {
	l := r.lang()
	w := map[string]string{}
	for _, id := range []string{"board", "south", "north", "rating", "result", "no", "first", "tick", "signs", "signn",
		"arbiter", "qr"} {
		w[id] = l.T("sheets." + id)
	}
	for _, kind := range []string{"bye", "full", "half", "zero"} { // Bye.Kind
		w[kind] = l.T("sheets.bye." + kind)
	}
	return w
}

// facts is the line under the heading: the game, where and when.
func (r *Round) facts() string {
	parts := []string{r.Variant}
	for _, s := range []string{r.Site, r.Date} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// rating is a rating as the sheets print it: blank for none.
func rating(r int) string {
	if r <= 0 {
		return ""
	}
	return fmt.Sprint(r)
}
