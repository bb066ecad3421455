package exchange

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Abstract Play plays Bao la Kiswahili as "Bao", with two set-up variants. Its cells are files
// a-h from South's left and ranks 1-4: South's back row, South's front, North's front, North's
// back. Its move strings are a cell, the direction (< or >, as KIBA: the way the mover's hand
// goes, from the mover's seat) and KIBA's suffixes.
const apGame = "bao"

// apSetUps are the Abstract Play variants bao reads, as set-up positions of Bao la Kiswahili:
// kujifunza (two seeds in every pit, no reserves, no nyumba) and malawi (eight seeds in each
// nyumba and 20 in each reserve). Both keep Bao la Kiswahili's rules, as Abstract Play does.
var apSetUps = map[string]string{
	"kujifunza": "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0-0 - -",
	"malawi":    "0,0,0,0,0,0,0,0/0,2,2,8,0,0,0,0/0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 S 20-20 Hh -",
}

// apCellToPit turns an Abstract Play cell (e2) into a KIBA pit label (A5).
func apCellToPit(cell string) (string, bool) {
	if len(cell) != 2 || cell[0] < 'a' || cell[0] > 'h' || cell[1] < '1' || cell[1] > '4' {
		return "", false
	}
	file := int(cell[0]-'a') + 1
	switch cell[1] {
	case '1':
		return fmt.Sprintf("B%d", file), true
	case '2':
		return fmt.Sprintf("A%d", file), true
	case '3':
		return fmt.Sprintf("a%d", 9-file), true
	}
	return fmt.Sprintf("b%d", 9-file), true
}

// apPitToCell is apCellToPit backwards.
func apPitToCell(row byte, n int) string {
	switch row {
	case 'B':
		return fmt.Sprintf("%c1", 'a'+n-1)
	case 'A':
		return fmt.Sprintf("%c2", 'a'+n-1)
	case 'a':
		return fmt.Sprintf("%c3", 'a'+8-n)
	}
	return fmt.Sprintf("%c4", 'a'+8-n)
}

// apEnds are move strings that end a game off the board, with the Termination they become.
var apEnds = map[string]string{
	"resign": "resignation", "resigns": "resignation", "resigned": "resignation",
	"timeout": "time forfeit", "time": "time forfeit",
	"draw": "agreement", "agree": "agreement",
}

// apEndOf is the move string bao writes for each Termination Abstract Play knows.
var apEndOf = map[string]string{"resignation": "resign", "time forfeit": "timeout", "agreement": "draw"}

// apNoDate is written for an unknown date (the schema requires one) and read back as unknown.
const apNoDate = "1970-01-01T00:00:00Z"

func readAbstractPlay(file string, data []byte, _ Options, emit func(*notation.Record) error) error {
	return jsonRecords(file, data, apRecord, emit)
}

func apRecord(file string, loc *locator, g *located) (*notation.Record, error) {
	bad := func(at *located, format string, args ...any) error {
		off := g.offset
		if at != nil {
			off = at.offset
		}
		return formatErr(file, loc.at(off), format, args...)
	}
	h := g.field("header")
	if h == nil {
		return nil, bad(g, "an Abstract Play game record has a header (got %s)", g.kind())
	}
	game := h.field("game")
	name, _ := game.field("name").str()
	if !strings.EqualFold(name, apGame) {
		return nil, bad(game, "game %q is not Abstract Play's Bao", name)
	}
	var tags []notation.Tag
	tag := func(n, v string) {
		if v = strings.TrimSpace(v); v != "" {
			tags = append(tags, notation.Tag{Name: n, Value: v})
		}
	}
	ev, _ := h.field("event").str()
	tag("Event", ev)
	site, _ := h.field("site").field("name").str()
	tag("Site", site)
	if d, ok := h.field("date-start").str(); ok && d != apNoDate {
		// The schema's date-time, or a date alone as hand-made records write it.
		t, err := time.Parse(time.RFC3339, d)
		if err != nil {
			t, err = time.Parse(time.DateOnly, d)
		}
		if err != nil {
			return nil, bad(h.field("date-start"), "date-start %q is not a date-time", d)
		}
		tag("Date", t.UTC().Format("2006.01.02"))
	}
	rd, _ := h.field("round").str()
	tag("Round", rd)
	players, ok := h.field("players").list()
	if !ok || len(players) != 2 {
		return nil, bad(h.field("players"), "Bao has two players (got %s)", h.field("players").kind())
	}
	var res [2]float64
	for i, p := range players {
		n, ok := p.field("name").str()
		if !ok {
			return nil, bad(p.field("name"), "player %d's name is %s, not a string", i+1, p.field("name").kind())
		}
		tag([]string{"South", "North"}[i], n)
		r, ok := p.field("result").number()
		if !ok && p.field("result") != nil {
			return nil, bad(p.field("result"), "player %d's result is %s, not a number", i+1, p.field("result").kind())
		}
		res[i] = r
	}
	switch v := h.field("site").field("gameid").get().(type) {
	case string:
		tag("SourceRef", v)
	case json.Number:
		tag("SourceRef", v.String())
	}
	v := engine.Kiswahili
	// variants is an array; a lone string is read as one. A game has one start: two set-up
	// variants would be two SetUp and Position tags, which no reader takes.
	variants, ok := game.field("variants").list()
	if vs := game.field("variants"); !ok && vs != nil && vs.value != nil {
		if _, isStr := vs.str(); !isStr {
			return nil, bad(vs, "variants is %s, not an array of names", vs.kind())
		}
		variants = []*located{vs}
	}
	if len(variants) > 1 {
		return nil, bad(variants[1], "%d set-up variants: a game starts from one (kujifunza or malawi)", len(variants))
	}
	for _, vr := range variants {
		s, _ := vr.str()
		setup, ok := apSetUps[s]
		if !ok {
			return nil, bad(vr, "variant %q of Abstract Play's Bao is not one bao reads (kujifunza, malawi)", s)
		}
		tags = append(tags, notation.Tag{Name: "SetUp", Value: "1"}, notation.Tag{Name: "Position", Value: setup})
	}
	rounds, ok := g.field("moves").list()
	if !ok {
		return nil, bad(g.field("moves"), "moves is %s, not an array of rounds", g.field("moves").kind())
	}
	var toks []placed
	termination := ""
	for _, round := range rounds {
		entries, ok := round.list()
		if !ok {
			return nil, bad(round, "a round of moves is %s, not an array", round.kind())
		}
		for _, e := range entries {
			mv := e
			if e.field("move") != nil {
				mv = e.field("move")
			}
			if mv.get() == nil {
				continue
			}
			s, ok := mv.str()
			if !ok {
				return nil, bad(mv, "a move is %s, not a string", mv.kind())
			}
			s = strings.TrimSpace(s)
			if t, ok := apEnds[strings.ToLower(s)]; ok {
				termination = t
				continue
			}
			tok := s
			if pit, ok := apCellToPit(strings.ToLower(s[:min(2, len(s))])); ok {
				tok = pit + s[2:]
			}
			toks = append(toks, placed{tok, loc.at(mv.offset)})
		}
	}
	result := "1/2-1/2"
	switch {
	case res[0] > res[1]:
		result = "1-0"
	case res[0] < res[1]:
		result = "0-1"
	case res[0] == 0 && termination == "": // nobody scored and nothing ended it: unfinished
		result = "*"
	}
	if termination != "" {
		tags = append(tags, notation.Tag{Name: "Termination", Value: termination})
	}
	// A result the board denies is reported at the players, where Abstract Play keeps it.
	r := fromTokens(v, tags, toks, placed{result, loc.at(h.field("players").offset)})
	if !r.Pos.IsValid() {
		r.Pos = loc.at(g.offset)
	}
	return r, nil
}

// apJSON is the shape bao writes (the Abstract Play game record schema, 1-0-0).
type apJSON struct {
	Header apHeader    `json:"header"`
	Moves  [][]*string `json:"moves"`
}

type apHeader struct {
	Game struct {
		Name     string   `json:"name"`
		Variants []string `json:"variants"`
	} `json:"game"`
	Event string `json:"event,omitempty"`
	Round string `json:"round,omitempty"`
	Site  struct {
		Name   string `json:"name"`
		GameID string `json:"gameid,omitempty"`
	} `json:"site"`
	DateStart     string     `json:"date-start"`
	DateEnd       string     `json:"date-end"`
	DateGenerated string     `json:"date-generated"`
	Players       []apPlayer `json:"players"`
}

type apPlayer struct {
	Name   string `json:"name"`
	Result int    `json:"result"`
}

// apArray writes the records as one JSON array of Abstract Play game records, element by
// element, laid out as encoding/json indents an array. Only Bao la Kiswahili games from its
// start or one of Abstract Play's set-ups can be written.
type apArray struct {
	w   io.Writer
	n   int // records written
	buf bytes.Buffer
	enc *json.Encoder // into buf, indented one level in
}

func writeAbstractPlay(w io.Writer) recordEncoder {
	a := &apArray{w: w}
	a.enc = json.NewEncoder(&a.buf)
	a.enc.SetEscapeHTML(false)
	a.enc.SetIndent("  ", "  ")
	return a
}

func (a *apArray) Encode(r *notation.Record) error {
	g, err := apExport(r)
	if err != nil {
		return fmt.Errorf("%s:%d: game %d: %w", r.File, r.Pos.Line, r.Number, err)
	}
	a.buf.Reset()
	if a.n == 0 {
		a.buf.WriteString("[\n  ")
	} else {
		a.buf.WriteString(",\n  ")
	}
	if err := a.enc.Encode(g); err != nil {
		return err
	}
	a.buf.Truncate(a.buf.Len() - 1) // Encode's newline: the next element or Close ends the line
	a.n++
	_, err = a.w.Write(a.buf.Bytes())
	return err
}

func (a *apArray) Close() error {
	end := "\n]\n"
	if a.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
}

func apExport(r *notation.Record) (apJSON, error) {
	var g apJSON
	start, err := r.Start()
	if err != nil {
		return g, err
	}
	v := start.Variant()
	if v != engine.Kiswahili { // Abstract Play's one Bao
		return g, fmt.Errorf("Abstract Play has no %s (its Bao is Bao la Kiswahili)", v.Name())
	}
	g.Header.Game.Name = "Bao"
	g.Header.Game.Variants = []string{}
	if start != v.Start() {
		found := false
		for name, bpn := range apSetUps {
			if p, _ := engine.ParsePosition(v, bpn); p == start {
				g.Header.Game.Variants, found = []string{name}, true
			}
		}
		if !found {
			return g, fmt.Errorf("Abstract Play cannot start from %s", start)
		}
	}
	known := func(name string) string {
		if s := r.Tag(name); s != "?" {
			return s
		}
		return ""
	}
	g.Header.Event, g.Header.Round = known("Event"), known("Round")
	g.Header.Site.Name, g.Header.Site.GameID = known("Site"), r.Tag("SourceRef")
	if g.Header.Site.Name == "" {
		g.Header.Site.Name = "Abstract Play"
	}
	date := apNoDate
	if d, err := time.Parse("2006.01.02", r.Tag("Date")); err == nil {
		date = d.Format(time.RFC3339)
	}
	g.Header.DateStart, g.Header.DateEnd, g.Header.DateGenerated = date, date, date
	res := map[string][2]int{"1-0": {1, 0}, "0-1": {0, 1}, "1/2-1/2": {1, 1}}[r.Tag("Result")]
	g.Header.Players = []apPlayer{{known("South"), res[0]}, {known("North"), res[1]}}
	round := []*string{}
	if start.ToMove() == engine.North {
		round = append(round, nil)
	}
	err = notation.Walk(r, notation.WalkOptions{}, func(s *notation.Step) error {
		if s.Err != nil {
			return s.Err
		}
		if s.Gap {
			return &notation.Error{File: r.File, Pos: s.Node.Pos, Game: r.Number, Move: notation.GapToken,
				Err: fmt.Errorf("%w: an AbstractPlay record holds a whole game, not a fragment with moves lost", notation.ErrGap)}
		}
		tok := s.Token()
		cell := apPitToCell(tok[0], int(tok[1]-'0')) + tok[2:]
		round = append(round, &cell)
		if len(round) == 2 {
			g.Moves = append(g.Moves, round)
			round = []*string{}
		}
		return nil
	})
	if len(round) > 0 {
		g.Moves = append(g.Moves, round)
	}
	if g.Moves == nil {
		g.Moves = [][]*string{}
	}
	// An end off the board is the loser's last entry.
	if end, ok := apEndOf[strings.ToLower(r.Tag("Termination"))]; ok && err == nil {
		seat := []*string{nil, &end}
		if res[0] < res[1] {
			seat = []*string{&end}
		}
		g.Moves = append(g.Moves, seat)
	}
	return g, err
}
