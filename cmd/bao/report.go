package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// Report is the result of bao validate, shaped as spec 6's `bao validate --json` output.
type Report struct {
	Files  int           `json:"files"`
	Games  int           `json:"games"`
	Errors []ReportError `json:"errors"`
	// Notes say how illegible moves were read (notation.ErrFilled); they are no problems.
	Notes []ReportError `json:"notes,omitempty"`
}

// ReportError is one problem in a Report.
type ReportError struct {
	File    string   `json:"file"`
	Line    int      `json:"line"`
	Col     int      `json:"col"`
	Game    int      `json:"game"`
	Ply     int      `json:"ply"`
	Move    string   `json:"move"`
	Message string   `json:"message"`
	Legal   []string `json:"legal"`
	fill    bool     // a note of notation.ErrFilled
}

// Add records a problem.
func (r *Report) Add(e *notation.Error) {
	legal := e.Legal
	if legal == nil {
		legal = []string{}
	}
	re := ReportError{File: e.File, Line: e.Pos.Line, Col: e.Pos.Col,
		Game: e.Game, Ply: e.Ply, Move: e.Move, Message: e.Err.Error(), Legal: legal}
	if errors.Is(e, notation.ErrFilled) || errors.Is(e, notation.ErrFragment) {
		re.fill = errors.Is(e, notation.ErrFilled)
		r.Notes = append(r.Notes, re)
		return
	}
	r.Errors = append(r.Errors, re)
}

// MarshalJSON writes an empty list, not null, when there are no errors.
func (r Report) MarshalJSON() ([]byte, error) {
	type plain Report
	if r.Errors == nil {
		r.Errors = []ReportError{}
	}
	return json.Marshal(plain(r))
}

// Summary is the closing line of bao validate: "ok: 3 games in 2 files", or
// "2 errors in 1 game (3 games in 2 files)".
func (r *Report) Summary() string {
	where := english.Count(r.Games, "game") + " in " + english.Count(r.Files, "file")
	fills := 0
	for _, n := range r.Notes {
		if n.fill {
			fills++
		}
	}
	if len(r.Errors) == 0 && fills > 0 {
		return fmt.Sprintf("ok: %s (%s filled)", where, english.Count(fills, "illegible move"))
	}
	if len(r.Errors) == 0 {
		return "ok: " + where
	}
	type game struct {
		file string
		n    int
	}
	bad := map[game]bool{}
	for _, e := range r.Errors {
		if e.Game > 0 { // a file that cannot be read, or holds no game, is no bad game
			bad[game{e.File, e.Game}] = true
		}
	}
	if len(bad) == 0 {
		return fmt.Sprintf("%s (%s)", english.Count(len(r.Errors), "error"), where)
	}
	return fmt.Sprintf("%s in %s (%s)", english.Count(len(r.Errors), "error"), english.Count(len(bad), "game"), where)
}
