package notation

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// Validate reads every record of r and verifies it, passing each problem to report in order:
// a record with syntax errors gets those (it is not replayed), any other record the errors of
// Verify. It keeps going after a bad game and returns the number of games read; the error is
// a read error.
//
// Records are verified on every core while r is read ahead, and their problems are reported in
// file order, by one goroutine at a time (not always the caller's). At most a window of
// records (validateWindow per core) is held at once, whatever the size of the file.
func Validate(file string, r io.Reader, report func(*Error)) (games int, err error) {
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		rec    *Record
		syntax ErrorList
		done   chan ErrorList // the record's problems, when verified
	}
	todo := make(chan job, workers)
	// pending holds the records in flight in file order; its size is the window.
	pending := make(chan chan ErrorList, validateWindow*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				errs := j.syntax
				if errs == nil {
					errs = Verify(j.rec)
				}
				j.done <- errs
			}
		}()
	}
	reported := make(chan struct{})
	go func() {
		defer close(reported)
		for done := range pending {
			for _, e := range <-done {
				report(e)
			}
		}
	}()
	s := NewScanner(r, file)
	for s.Scan() {
		games++
		done := make(chan ErrorList, 1)
		pending <- done
		todo <- job{s.Record(), s.Errors(), done}
	}
	close(todo)
	close(pending)
	wg.Wait()
	<-reported
	return games, s.Err()
}

// validateWindow is how many records per core Validate may hold at once: enough that one slow
// record (a long sowing) does not idle the other cores.
const validateWindow = 32

// Report is the result of validating files, shaped as spec 6's `bao validate --json` output.
type Report struct {
	Files  int           `json:"files"`
	Games  int           `json:"games"`
	Errors []ReportError `json:"errors"`
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
}

// Add records a problem.
func (r *Report) Add(e *Error) {
	legal := e.Legal
	if legal == nil {
		legal = []string{}
	}
	r.Errors = append(r.Errors, ReportError{File: e.File, Line: e.Pos.Line, Col: e.Pos.Col,
		Game: e.Game, Ply: e.Ply, Move: e.Move, Message: e.Err.Error(), Legal: legal})
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
	where := fmt.Sprintf("%s in %s", count(r.Games, "game"), count(r.Files, "file"))
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
		return fmt.Sprintf("%s (%s)", count(len(r.Errors), "error"), where)
	}
	return fmt.Sprintf("%s in %s (%s)", count(len(r.Errors), "error"), count(len(bad), "game"), where)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
