package live

import (
	"encoding/json"
	"html/template"
	"strconv"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/notation/recorder"
	draw "github.com/bao-archive/bao/site/board"
)

// state is a board's game as the spectators and the recording page are shown it. Everything
// a page draws was computed here, by the engine: the pages' scripts know no rules.
type state struct {
	Round       int               `json:"round"`
	Board       int               `json:"board"`
	South       string            `json:"south"`
	North       string            `json:"north"`
	Variant     string            `json:"variant"`
	Result      string            `json:"result"`
	Termination string            `json:"termination,omitempty"`
	Plies       int               `json:"plies"`
	Last        string            `json:"last,omitempty"` // the last move's token
	Moves       []string          `json:"moves,omitempty"`
	Clocks      [2]string         `json:"clocks"` // South's and North's last [%clk] readings
	Position    string            `json:"position"`
	Counts      []string          `json:"counts"`
	Class       []string          `json:"class"` // per pit
	Info        map[string]string `json:"info"`  // the line under the board, per language code
	Label       map[string]string `json:"label"` // the board's accessible name, per language code
	Game        string            `json:"game"`  // the site's page of the game

	svg        map[string]template.HTML // the board drawn in each language, for the pages' first view
	roundFrame []byte                   // the SSE message for a round's page: without the moves
	boardFrame []byte                   // for the board's own page: with them
}

// key names a board of a round.
type key struct{ round, board int }

func (k key) String() string { return strconv.Itoa(k.round) + "." + strconv.Itoa(k.board) }

// stateOf replays rec, the game of board k, into its state. href is the site's page of the
// game. A record that does not replay shows as far as it does.
func stateOf(k key, rec *notation.Record, href string) *state {
	st := &state{Round: k.round, Board: k.board, South: rec.Tag("South"), North: rec.Tag("North"),
		Variant: rec.Tag("Variant"), Result: rec.Result, Termination: rec.Tag("Termination"), Game: href}
	if st.Result == "" {
		st.Result = "*"
	}
	start, err := rec.Start()
	if err != nil {
		st.Info = map[string]string{}
		for _, code := range lang.Codes {
			st.Info[code] = lang.Must(code).T("live.err.start", "Error", err.Error())
		}
		st.encode()
		return st
	}
	pos := start
	var before *engine.Position
	var last engine.Move
	_ = notation.Walk(rec, notation.WalkOptions{}, func(s *notation.Step) error {
		if s.Err != nil || s.Depth > 0 {
			return nil
		}
		st.Moves = append(st.Moves, s.Token())
		if c := recorder.Clock(s.Node); c != "" {
			st.Clocks[s.Before.ToMove()] = c
		}
		b := s.Before
		before, last, pos = &b, s.Move, s.After
		return nil
	})
	st.Plies = len(st.Moves)
	if st.Plies > 0 {
		st.Last = st.Moves[st.Plies-1]
	}
	st.Variant = pos.Variant().ID()
	st.Position = pos.String()
	st.draw(pos, before, last)
	st.encode()
	return st
}

// draw draws position p for the pages, the move last (played from before, nil at the start)
// marked, and keeps what a page's script changes when the position changes: each pit's count
// and classes, the line under the board and its accessible name.
func (st *state) draw(p engine.Position, before *engine.Position, last engine.Move) {
	var h draw.Highlight
	if before != nil {
		if _, t, err := before.Trace(last); err == nil {
			h = draw.Trace(p.Variant(), t)
		}
	}
	st.svg, st.Info, st.Label = map[string]template.HTML{}, map[string]string{}, map[string]string{}
	for _, code := range lang.Codes {
		b := draw.New(lang.Must(code), p, h)
		b.ID = "board-" + key{st.Round, st.Board}.String()
		st.svg[code], st.Info[code], st.Label[code] = b.SVG(), b.Info, b.Label()
		st.Counts, st.Class = make([]string, len(b.Pits)), make([]string, len(b.Pits))
		for i, pv := range b.Pits {
			st.Counts[i], st.Class[i] = pv.Count, pv.Class()
		}
	}
}

// encode makes the state's two SSE messages, once for every spectator.
func (st *state) encode() {
	full, _ := json.Marshal(st)
	moves := st.Moves
	st.Moves = nil
	short, _ := json.Marshal(st)
	st.Moves = moves
	st.boardFrame = frame("board", full)
	st.roundFrame = frame("board", short)
}

// frame is one Server-Sent Event.
func frame(event string, data []byte) []byte {
	b := make([]byte, 0, len(data)+len(event)+16)
	b = append(b, "event: "...)
	b = append(b, event...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}
