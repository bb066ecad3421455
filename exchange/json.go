package exchange

import (
	"encoding/json"
	"io"

	"github.com/bao-archive/bao/notation"
)

// jsonGame is one game as `bao export --to json` writes it: the form a script or a notebook
// wants, one object per line.
type jsonGame struct {
	File    string            `json:"file,omitempty"`
	Game    int               `json:"game,omitempty"`
	Variant string            `json:"variant"`
	Start   string            `json:"start"` // BPN
	Tags    map[string]string `json:"tags"`
	Result  string            `json:"result"`
	Moves   []jsonMove        `json:"moves"`
}

type jsonMove struct {
	Ply      int      `json:"ply"`
	Move     string   `json:"move"`              // canonical token
	Written  string   `json:"written,omitempty"` // the token as the record wrote it, if other
	NAGs     []int    `json:"nags,omitempty"`
	Comments []string `json:"comments,omitempty"`
	Position string   `json:"position"` // BPN after the move
	// Gap marks a gap of a fragment, not a move: Move is "...", Position its checkpoint and
	// Ply the ply of the move after it.
	Gap bool `json:"gap,omitempty"`
}

// jsonLines writes each record as one JSON object on its line (JSON Lines), its main line
// played through the engine.
type jsonLines struct{ enc *json.Encoder }

func writeJSON(w io.Writer) recordEncoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return jsonLines{enc}
}

func (j jsonLines) Close() error { return nil }

func (j jsonLines) Encode(r *notation.Record) error {
	g := jsonGame{File: r.File, Game: r.Number, Tags: map[string]string{}, Result: r.Result, Moves: []jsonMove{}}
	for _, t := range r.Tags {
		g.Tags[t.Name] = t.Value
	}
	if g.Result == "" {
		g.Result = r.Tag("Result")
	}
	var stop error // why the main line cannot be played: the game is then left out
	start, err := r.Start()
	if err != nil {
		stop = err
	} else {
		g.Variant, g.Start = start.Variant().ID(), start.String()
		err = notation.Walk(r, notation.WalkOptions{}, func(s *notation.Step) error {
			if s.Err != nil {
				stop = s.Err
				return notation.ErrStop
			}
			m := jsonMove{Ply: s.Ply, Move: s.Token(), NAGs: s.Node.NAGs, Position: s.After.String(), Gap: s.Gap}
			if s.Gap {
				m.Move = s.Node.Token
			}
			if s.Node.Token != m.Move {
				m.Written = s.Node.Token
			}
			for _, c := range append(s.Node.Before, s.Node.After...) {
				m.Comments = append(m.Comments, c.Text)
			}
			g.Moves = append(g.Moves, m)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if stop != nil {
		return stop
	}
	return j.enc.Encode(g)
}
