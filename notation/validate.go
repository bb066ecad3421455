package notation

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
)

// Validate reads every record of r and verifies it, passing each problem to report in order:
// a record with syntax errors gets those (it is not replayed), any other record the errors of
// Verify, then the notes of Fills (kind ErrFilled: not problems, what was read for a "?"). It keeps going after a bad game and returns the number of games read; the error is
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
				j.done <- problems(j.rec, j.syntax)
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

// problems are a record's syntax errors or else Verify's findings; a panic while verifying is
// the record's problem too (ErrInternal).
func problems(rec *Record, syntax ErrorList) (errs ErrorList) {
	if syntax != nil {
		return syntax
	}
	defer func() {
		if p := recover(); p != nil {
			errs = append(errs, rec.Internal(p))
		}
	}()
	return append(Verify(rec), Fills(rec)...)
}

// Fills lists, as notes of kind ErrFilled, the illegible moves of the record's main line that
// Walk fills ("filled `?` at 15:49 as a1<"): what every command reads there.
func Fills(r *Record) ErrorList {
	if !slices.ContainsFunc(r.Moves, func(n *Node) bool { return Illegible(n.Token) }) {
		return nil
	}
	var notes ErrorList
	Walk(r, WalkOptions{}, func(s *Step) error {
		if s.Filled {
			notes.Add(&Error{File: r.File, Pos: s.Node.Pos, Game: r.Number, Ply: s.Ply, Move: s.Node.Token,
				Err: fmt.Errorf("%w `%s` at %s as %s", ErrFilled, s.Node.Token, s.Node.Pos, s.Token())})
		}
		return nil
	})
	return notes
}
