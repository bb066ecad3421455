// Package batch lets a command that works game by game (bao analyse, bao puzzles) run over an
// archive in parts: a shard is every N-th game of the inputs, its results are kept one file
// per game in a results folder, written whole or not at all, so that a run that was cut
// continues where it stopped, and the folders of all the parts merge into exactly what one
// run gives.
//
// The order of the games is the order of the inputs: the files as given (a folder's record
// files in name order), the games of a file as they stand in it. Game k (counting from 0)
// belongs to shard k mod N + 1 of N.
package batch

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/bao-archive/bao/notation"
)

// ErrIncomplete is the error of a merge that lacks the result of some game.
var ErrIncomplete = errors.New("results are missing")

// ErrMismatch is the error of a results folder that holds another run's results.
var ErrMismatch = errors.New("results of another run")

// Shard is the I-th of N parts of the games (1 <= I <= N); the zero Shard is all of them.
type Shard struct{ I, N int }

// ParseShard reads "I/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("bad shard %q: want I/N with 1 <= I <= N", s)
	}
	return Shard{I: i, N: n}, nil
}

// Has tells whether game index (from 0) is the shard's.
func (s Shard) Has(index int) bool { return s.N <= 1 || index%s.N == s.I-1 }

func (s Shard) String() string {
	if s.N == 0 {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// Key names a game's contents: a result is kept for the game it was made from, and the same
// inputs give the same keys on every machine.
func Key(rec *notation.Record) string {
	var b bytes.Buffer
	notation.Write(&b, rec)
	h := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(h[:12])
}

// Run is what a results folder was made by: the command and its settings, and the inputs
// (how many games, and a hash of their keys in order). Every part of a run writes the same.
type Run struct {
	Command  string `json:"command"`
	Settings string `json:"settings"`
	Games    int    `json:"games"`
	Inputs   string `json:"inputs"`
}

// Inputs hashes the keys of the games, in order, for Run.Inputs.
func Inputs(keys []string) string {
	h := sha256.New()
	for _, k := range keys {
		h.Write([]byte(k))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

const (
	runFile   = "run.json"
	gamesDir  = "games"
	keyPrefix = "key "
)

// Store is a results folder: run.json, and games/NNNNNNNN holding the result of game N.
type Store struct {
	dir string
	run Run
}

// Open opens or makes the results folder dir for run. A folder made by another run (other
// inputs, command or settings) is refused with ErrMismatch, so that results never mix.
func Open(dir string, run Run) (*Store, error) {
	if err := os.MkdirAll(filepath.Join(dir, gamesDir), 0o755); err != nil {
		return nil, err
	}
	want, err := json.MarshalIndent(run, "", "  ")
	if err != nil {
		return nil, err
	}
	want = append(want, '\n')
	path := filepath.Join(dir, runFile)
	have, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := notation.WriteFile(path, want); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	case !bytes.Equal(have, want):
		return nil, fmt.Errorf("%s: %w (%s); use another folder", path, ErrMismatch, strings.Join(strings.Fields(string(have)), " "))
	}
	return &Store{dir: dir, run: run}, nil
}

func (s *Store) path(index int) string {
	return filepath.Join(s.dir, gamesDir, fmt.Sprintf("%08d", index))
}

// Get returns the stored result of game index made from the game whose key is key.
func (s *Store) Get(index int, key string) ([]byte, bool) {
	b, err := os.ReadFile(s.path(index))
	if err != nil {
		return nil, false
	}
	head, data, ok := bytes.Cut(b, []byte{'\n'})
	if !ok || string(head) != keyPrefix+key {
		return nil, false
	}
	return data, true
}

// Put stores the result of game index, whole or not at all.
func (s *Store) Put(index int, key string, data []byte) error {
	b := append([]byte(keyPrefix+key+"\n"), data...)
	return notation.WriteFile(s.path(index), b)
}

// Merge reads the results folders dirs, made by the parts of one run, and returns the run and
// the results of its games in order. A game whose result no folder holds is reported with
// ErrIncomplete, naming the first missing games.
func Merge(dirs []string) (Run, [][]byte, error) {
	var run Run
	for i, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, runFile))
		if err != nil {
			return Run{}, nil, err
		}
		var r Run
		if err := json.Unmarshal(b, &r); err != nil {
			return Run{}, nil, fmt.Errorf("%s: %w", filepath.Join(dir, runFile), err)
		}
		if i > 0 && r != run {
			return Run{}, nil, fmt.Errorf("%s: %w than %s", dir, ErrMismatch, dirs[0])
		}
		run = r
	}
	results := make([][]byte, run.Games)
	var missing []string
	for k := range results {
		for _, dir := range dirs {
			s := &Store{dir: dir, run: run}
			b, err := os.ReadFile(s.path(k))
			if err != nil {
				continue
			}
			_, data, ok := bytes.Cut(b, []byte{'\n'})
			if ok {
				results[k] = data
				break
			}
		}
		if results[k] == nil {
			missing = append(missing, strconv.Itoa(k))
		}
	}
	if n := len(missing); n > 0 {
		more := ""
		if n > 10 {
			more = fmt.Sprintf(" and %d more", n-10)
			missing = missing[:10]
		}
		return run, nil, fmt.Errorf("%w: %d of %d games (game %s%s, counting from 0); run the missing shards again with --resume",
			ErrIncomplete, n, run.Games, strings.Join(missing, ", "), more)
	}
	return run, results, nil
}

// Scan reads the games of one file in order and calls f with each; the file's last game comes
// with last set and the number of problems reading the file had. Problems (syntax errors, a
// read error, a file without games) go to problem and the reading goes on. r is closed once
// read, before the last game goes to f, which may then rewrite the file. Scan stops at f's
// first error.
func Scan(r io.ReadCloser, name string, problem func(error), f func(rec *notation.Record, last bool, problems int) error) error {
	sc := notation.NewScanner(r, name)
	var prev *notation.Record
	n, problems := 0, 0
	for sc.Scan() {
		for _, err := range sc.Errors() {
			problem(err)
			problems++
		}
		if prev != nil {
			if err := f(prev, false, 0); err != nil {
				r.Close()
				return err
			}
		}
		prev = sc.Record()
		n++
	}
	r.Close()
	if err := sc.Err(); err != nil {
		problem(err)
		problems++
	} else if n == 0 && len(sc.Errors()) == 0 {
		problem(&notation.Error{File: name, Err: notation.ErrNoGames})
	}
	if prev == nil {
		return nil
	}
	return f(prev, true, problems)
}

// Result returns the result of game index, whose key is key: with resume, the one the store
// holds (kept is then true); else the one work makes, which the store then keeps. A nil
// store keeps nothing.
func (s *Store) Result(resume bool, index int, key string, work func() ([]byte, error)) (data []byte, kept bool, err error) {
	if s != nil && resume {
		if d, ok := s.Get(index, key); ok {
			return d, true, nil
		}
	}
	if data, err = work(); err != nil {
		return nil, false, err
	}
	if s != nil {
		err = s.Put(index, key, data)
	}
	return data, false, err
}

// Tally counts the games of one part of a run: those worked through and those kept.
type Tally struct {
	Games, Searched int // games worked through and their positions
	Kept            int // games whose result the results folder held
	start           time.Time
}

// NewTally starts the clock of a run.
func NewTally() *Tally { return &Tally{start: time.Now()} }

// Add counts a game of positions positions, kept or worked through.
func (t *Tally) Add(positions int, kept bool) {
	if kept {
		t.Kept++
		return
	}
	t.Games, t.Searched = t.Games+1, t.Searched+positions
}

// Summary is the run's last line: its games, positions and speed, and the games kept from the
// results folder out.
func (t *Tally) Summary(out string) string {
	d := time.Since(t.start).Seconds()
	s := fmt.Sprintf("%d games, %d positions searched in %.2f s, %.0f positions/s", t.Games, t.Searched, d, float64(t.Searched)/max(d, 1e-9))
	if t.Kept > 0 {
		s += fmt.Sprintf("; %d games kept from %s", t.Kept, out)
	}
	return s
}
