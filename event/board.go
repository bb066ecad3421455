package event

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/notation/recorder"
)

// lockFile serialises writes to an event's round files: the recorders of several boards
// write the same file.
const lockFile = ".event.lock"

// boardStore keeps one board's game inside a round file that holds every board's: each save
// takes the event's lock, reads the file as it is now, replaces this board's game and writes
// the file back with notation.Rewrite, so that recorders on other boards lose nothing.
type boardStore struct {
	dir, path string
	round     string // the Round tag that names the board's game in the file
	lock      *BoardLock
}

func (b boardStore) Path() string { return b.path }

// Close releases the board for another recorder.
func (b boardStore) Close() error {
	if b.lock != nil {
		b.lock.Unlock()
	}
	return nil
}

func (b boardStore) Save(rec *notation.Record) error {
	return committerOf(b.path).save(b.dir, b.round, rec)
}

// gameEdit is a change of one game of a record file: the number-th record if its Round tag
// is round, else the first whose Round tag is round, is replaced by what edit makes of it.
type gameEdit struct {
	number int
	round  string
	edit   func(*notation.Record) (*notation.Record, error)
}

// rewriteGame rewrites the record file at path (the caller holds the event's lock) with one
// game changed (see gameEdit). The other records are written back as read.
func rewriteGame(path string, number int, round string, edit func(*notation.Record) (*notation.Record, error)) error {
	return rewriteGames(path, []gameEdit{{number, round, edit}})[0]
}

// rewriteGames rewrites the record file at path (the caller holds the event's lock) with
// several games changed, in one write, and returns each edit's error: an edit that fails, or
// whose game is gone, changes nothing, and the others are written all the same.
func rewriteGames(path string, edits []gameEdit) []error {
	errs := make([]error, len(edits))
	fail := func(err error) []error {
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	f, err := os.Open(path)
	if err != nil {
		return fail(err)
	}
	recs, err := notation.Parse(path, f)
	f.Close()
	if err != nil {
		return fail(err)
	}
	changed := false
	for k, e := range edits {
		want := [3]int{}
		want[0], want[1], want[2], _ = parseRound(e.round)
		is := func(r *notation.Record) bool {
			var got [3]int
			var ok bool
			got[0], got[1], got[2], ok = parseRound(r.Tag("Round"))
			return ok && got == want
		}
		i := e.number - 1
		if i < 0 || i >= len(recs) || !is(recs[i]) {
			i = slices.IndexFunc(recs, is)
		}
		if i < 0 {
			errs[k] = fmt.Errorf("%s: the game of round %s is gone from the file", path, e.round)
			continue
		}
		r, err := e.edit(recs[i])
		if err != nil {
			errs[k] = err
			continue
		}
		recs[i], changed = r, true
	}
	if !changed {
		return errs
	}
	// Parse and the rewrite's scanner number a file's records alike, from 1.
	if _, err := notation.Rewrite(path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
		return []*notation.Record{recs[r.Number-1]}, nil
	}); err != nil {
		return fail(err)
	}
	return errs
}

// Record opens the game of round and board of the event in dir for the recorder: the first
// game of that board without a result, as `bao event pair` wrote it. Its tags come from the
// pairing; the date, if unknown, becomes today's. The session holds the board's lock
// (LockBoard, for holder) until it is closed: a second writer of the board is refused with
// ErrBoardBusy.
func Record(dir string, round, board int, holder string) (s *recorder.Session, err error) {
	l, err := LockBoard(dir, round, board, holder)
	if err != nil {
		return nil, err
	}
	s, err = openBoard(dir, round, board, false, l)
	if err != nil {
		l.Unlock()
	}
	return s, err
}

// Board opens the game of round and board for a recorder that stays open while games end (the
// live server): the first game of the board without a result, or if every game of the board
// has one, the last, so that its record can still be shown and corrected. The session holds
// no lock: its caller takes LockBoard around each write.
func Board(dir string, round, board int) (*recorder.Session, error) {
	return openBoard(dir, round, board, true, nil)
}

func openBoard(dir string, round, board int, decided bool, l *BoardLock) (*recorder.Session, error) {
	c, err := Load(dir)
	if err != nil {
		return nil, err
	}
	games, _, err := Games(dir, c)
	if err != nil {
		return nil, err
	}
	var found *Game
	for i, g := range games {
		if g.Round != round || (g.Board != board && c.Format != "match") || g.Bye() || strings.EqualFold(g.Termination, "replayed") {
			continue
		}
		if !g.Decided() {
			found = &games[i]
			break
		}
		if found == nil || decided { // the first decided names the board's result; Board opens the last
			found = &games[i]
		}
	}
	switch {
	case found == nil:
		return nil, fmt.Errorf("%w: event %q has no game on board %d of round %d (pair the round with bao event pair %s)",
			ErrNoPairing, c.Name, board, round, dir)
	case found.Decided() && !decided:
		return nil, fmt.Errorf("%w: board %d of round %d of event %q has its result already, %s (correct it with bao event result %s --round %d --board %d RESULT)",
			ErrNoPairing, board, round, c.Name, found.Result, dir, round, board)
	}
	path := filepath.Join(dir, found.File)
	notation.RemoveTemp(path) // what killed recorders left; best effort
	recs, err := notation.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec := recs[found.Number-1]
	if d := rec.Tag("Date"); d == "" || d == "????.??.??" {
		rec.SetTag("Date", time.Now().Format("2006.01.02"))
	}
	return recorder.Continue(boardStore{dir: dir, path: path, round: rec.Tag("Round"), lock: l}, rec)
}
