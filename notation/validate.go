package notation

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
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
	errs = Verify(rec)
	return append(append(errs, Verified(rec, errs)...), Fills(rec)...)
}

// Verified gives, for a record with gaps, a note of kind ErrFragment at its first gap that
// says which stretches verified (the record's problems errs are in none of them) and which
// plies are lost: "plies 1-20 and 31-40 verified, each from its start or checkpoint; plies
// 21-30 lost". A record without gaps has none.
func Verified(r *Record, errs ErrorList) ErrorList {
	sts, e := r.Stretches()
	if e != nil || len(sts) < 2 {
		return nil
	}
	var ok, bad, lost, unread []string
	for k, st := range sts {
		end := Pos{Line: 1 << 30}
		if k+1 < len(sts) {
			end = sts[k+1].Gap.Pos
		}
		begin := r.Moves[0].Pos // a tag's problem is no stretch's
		if st.Gap != nil {
			begin = st.Gap.Pos
			if prev := sts[k-1]; st.Err == nil && st.Base > prev.Base+len(prev.Rec.Moves) {
				lost = append(lost, plyRange(prev.Base+len(prev.Rec.Moves)+1, st.Base))
			}
		}
		clean := !slices.ContainsFunc(errs, func(e *Error) bool {
			return e.Pos.IsValid() && !e.Pos.before(begin) && e.Pos.before(end)
		})
		switch {
		case len(st.Rec.Moves) == 0:
		case st.Err != nil:
			unread = append(unread, fmt.Sprintf("the %s after the gap at %s", englishCount(len(st.Rec.Moves), "move"), st.Gap.Pos))
		case clean:
			ok = append(ok, plyRange(st.Base+1, st.Base+len(st.Rec.Moves)))
		default:
			bad = append(bad, plyRange(st.Base+1, st.Base+len(st.Rec.Moves)))
		}
	}
	msg := "no stretch verified"
	if len(ok) > 0 {
		msg = english(ok) + " verified, each from its start or checkpoint"
	}
	if len(bad) > 0 {
		msg += "; " + english(bad) + " not"
	}
	if len(unread) > 0 {
		msg += "; " + strings.Join(unread, " and ") + " cannot be replayed"
	}
	if len(lost) > 0 {
		msg += "; " + english(lost) + " lost"
	}
	return ErrorList{{File: r.File, Pos: sts[1].Gap.Pos, Game: r.Number, Move: GapToken,
		Err: fmt.Errorf("%w: %s", ErrFragment, msg)}}
}

// englishCount writes "1 move", "10 moves".
func englishCount(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// plyRange writes plies a to b: "ply 7", "plies 1-20".
func plyRange(a, b int) string {
	if a == b {
		return fmt.Sprintf("ply %d", a)
	}
	return fmt.Sprintf("plies %d-%d", a, b)
}

// english joins ranges as a sentence does: "plies 1-20, 31-40 and 51-60".
func english(rs []string) string {
	for i := 1; i < len(rs); i++ {
		rs[i] = strings.TrimPrefix(strings.TrimPrefix(rs[i], "plies "), "ply ")
	}
	if len(rs) == 1 {
		return rs[0]
	}
	return strings.Join(rs[:len(rs)-1], ", ") + " and " + rs[len(rs)-1]
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
