package recorder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// Error kinds of rejected entries; test them with errors.Is. A rejected move also wraps the
// engine's kind (engine.ErrIllegalMove, engine.ErrAmbiguousMove, …).
var (
	ErrUnknownCommand = errors.New("unknown command")
	ErrNothingToUndo  = errors.New("nothing to undo")
	ErrNoMove         = errors.New("no move yet")
	ErrBadArgument    = errors.New("bad argument")
	ErrFinished       = errors.New("the game is over")
	ErrExists         = errors.New("file already exists")
	ErrGone           = errors.New("the game is gone from its file")
)

// ClockError is a clock reading that is not H:MM:SS (an ErrBadArgument), with the reading,
// for a page that says so in its reader's language.
type ClockError struct{ Reading string }

func (e *ClockError) Error() string {
	return fmt.Sprintf("%v: clock %q: want H:MM:SS", ErrBadArgument, e.Reading)
}

func (e *ClockError) Unwrap() error { return ErrBadArgument }

// Store keeps a session's record. The recorder's own file holds the one game; an event's
// round file holds every board's game, and its store writes one board into it.
type Store interface {
	// Save writes the whole record; after a crash the store holds it before the change or
	// after it.
	Save(rec *notation.Record) error
	// Path names where the record is kept.
	Path() string
}

// fileStore keeps the game being recorded as the last game of a file, its number n: each save
// rewrites the file in place (notation.Rewrite), the games before it (an event file that
// gathers a day's games, one after another) written back as they are read, so that the
// recorder holds none of them and refuses, as every rewrite does, to lose a % escape line. A
// new file is written whole by its first save.
type fileStore struct {
	path string
	n    int
	// inFile says the file holds the game already; until then the first save puts it after
	// game n-1, or makes the file when n is 1.
	inFile bool
}

func (f *fileStore) Save(rec *notation.Record) error {
	if f.n == 1 && !f.inFile {
		var b bytes.Buffer
		if err := notation.Write(&b, rec); err != nil {
			return err
		}
		if err := notation.WriteFile(f.path, b.Bytes()); err != nil {
			return err
		}
		f.inFile = true
		return nil
	}
	placed := false
	_, err := notation.Rewrite(f.path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
		switch {
		case f.inFile && r.Number == f.n:
			placed = true
			return []*notation.Record{rec}, nil
		case !f.inFile && r.Number == f.n-1:
			placed = true
			return []*notation.Record{r, rec}, nil
		}
		return []*notation.Record{r}, nil
	})
	switch {
	case err != nil:
		return err
	case !placed && f.inFile:
		return fmt.Errorf("%s: %w: the file no longer holds game %d", f.path, ErrGone, f.n)
	case !placed:
		return fmt.Errorf("%s: %w: the file no longer holds game %d", f.path, ErrGone, f.n-1)
	}
	f.inFile = true
	return nil
}

func (f *fileStore) Path() string { return f.path }

// Session is one game being recorded.
type Session struct {
	lang  *lang.Lang // what the players are told in; nil is English
	store Store
	rec   *notation.Record
	game  *engine.Game
	// ended is why the game stopped off the board (a Termination value), "" otherwise.
	ended string
}

// Create starts a new record in path; it refuses to overwrite an existing file (resume it
// instead). tags are written in the canonical order; the Variant tag comes from start.
func Create(path string, tags []notation.Tag, start engine.Position) (*Session, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("%s: %w (continue it with --resume)", path, ErrExists)
	}
	return start1(&fileStore{path: path, n: 1}, tags, start)
}

// Append starts a new game at the end of the record file in path, which must exist and read
// without errors: its games are kept as they are, and the new game is recorded after them.
func Append(path string, tags []notation.Tag, start engine.Position) (*Session, error) {
	before, err := notation.ReadFile(path)
	if err != nil {
		return nil, err
	}
	// an empty file is written whole, as a new one
	return start1(&fileStore{path: path, n: len(before) + 1}, tags, start)
}

// start1 starts a game in store, its tag values checked first (notation.CheckTagValue), so
// that a record is never begun with a value the verifier would reject.
func start1(store Store, tags []notation.Tag, start engine.Position) (*Session, error) {
	for _, t := range tags {
		if err := notation.CheckTagValue(t.Name, t.Value); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrBadArgument, t.Name, err)
		}
	}
	s := &Session{store: store, game: engine.NewGame(start)}
	s.rec = notation.FromGame(tags, s.game)
	if err := s.save(); err != nil {
		return nil, err
	}
	return s, nil
}

// Resume continues the last game of the record in path: every move is replayed through the
// engine, comments and annotations kept. The games before it are kept as they are. The
// temporary files of saves that a kill interrupted are removed.
func Resume(path string) (*Session, error) {
	recs, err := notation.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := notation.RemoveTemp(path); err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: no game to resume", path)
	}
	last := len(recs) - 1
	return Continue(&fileStore{path: path, n: last + 1, inFile: true}, recs[last])
}

// Continue goes on with rec, kept in store: the walk plays the main line on the session's
// game, which keeps the history for undo and Kimasai's repetition; each move is written back
// canonically, comments and annotations kept.
func Continue(store Store, rec *notation.Record) (*Session, error) {
	start, err := rec.Start()
	if err != nil {
		return nil, err
	}
	s := &Session{store: store, rec: rec, game: engine.NewGame(start)}
	err = notation.Walk(rec, notation.WalkOptions{Game: s.game}, func(st *notation.Step) error {
		if st.Err != nil {
			return st.Err
		}
		st.Node.Token = st.Token()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if rec.Result != "*" && rec.Result != "" && s.game.Status() == engine.Ongoing {
		s.ended = rec.Tag("Termination")
		if s.ended == "" {
			s.ended = "result"
		}
	}
	return s, nil
}

// Close releases what the session's store holds (an event board's lock, so that another
// recorder may take the board); every accepted change is on disk already.
func (s *Session) Close() error {
	if c, ok := s.store.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Path is the file the record is kept in.
func (s *Session) Path() string { return s.store.Path() }

// Record is the record as it stands.
func (s *Session) Record() *notation.Record { return s.rec }

// Position is the current position.
func (s *Session) Position() engine.Position { return s.game.Position() }

// Over reports whether the game has ended, on the board or by a result entered.
func (s *Session) Over() bool { return s.ended != "" || s.game.Status() != engine.Ongoing }

// SetLang sets the language of what the session says to the players (its replies, Status,
// Explain); English until set.
func (s *Session) SetLang(l *lang.Lang) { s.lang = l }

// say is the language the session speaks.
func (s *Session) say() *lang.Lang {
	if s.lang == nil {
		return lang.Must("en")
	}
	return s.lang
}

// Status describes the state in one line: whose move it is, the stage and the result.
func (s *Session) Status() string {
	p, l := s.game.Position(), s.say()
	ply := strconv.Itoa(len(s.game.Moves()))
	switch st := s.game.Status(); {
	case st != engine.Ongoing:
		return l.T("record.over.board", "Ply", ply, "Status", l.T("record.status."+st.String()), "Result", st.Result())
	case s.ended != "":
		return l.T("record.over.by", "Ply", ply, "How", s.ended, "Result", s.rec.Result)
	case p.Stage() != "":
		return l.T("record.tomove.stage", "Ply", ply, "Side", l.T("side."+p.ToMove().String()), "Stage", p.Stage())
	}
	return l.T("record.tomove", "Ply", ply, "Side", l.T("side."+p.ToMove().String()))
}

// Explain is err as the players are told it, in the language SetLang set (Explain).
func (s *Session) Explain(err error) string { return Explain(s.lang, err, s.rec.Result) }

// Explain is err as the players are told it in language l (nil: English): a refused move
// with the legal ones, an ambiguous one with its candidates, a clock reading that is not one,
// a finished game (its result), nothing to take back; another error, or any in English, in
// its own words.
func Explain(l *lang.Lang, err error, result string) string {
	if l == nil || l.Code() == lang.Codes[0] {
		return err.Error() // English: the error's own words, with the rule that refused a move
	}
	var me *engine.MoveError
	var ce *ClockError
	switch {
	case errors.As(err, &me) && (errors.Is(err, engine.ErrIllegalMove) || errors.Is(err, engine.ErrSuffixMismatch)) && len(me.Legal) > 0:
		return l.T("record.illegal", "Move", me.Token, "Legal", strings.Join(me.Legal, " "))
	case errors.As(err, &me) && errors.Is(err, engine.ErrAmbiguousMove):
		return l.T("record.ambiguous", "Move", me.Token, "Legal", strings.Join(me.Legal, " "))
	case errors.As(err, &ce):
		return l.T("record.clock", "Clock", ce.Reading)
	case errors.As(err, &me) && errors.Is(err, engine.ErrBadMove):
		return l.T("record.badmove", "Move", me.Token)
	case errors.Is(err, ErrFinished):
		return l.T("record.finished", "Result", result)
	case errors.Is(err, ErrNothingToUndo):
		return l.T("record.nothing")
	}
	return err.Error()
}

// Legal lists the legal moves' tokens, sorted.
func (s *Session) Legal() []string {
	if s.Over() {
		return nil
	}
	p := s.game.Position()
	var out []string
	for _, c := range p.Children(nil) {
		out = append(out, p.Variant().FormatMove(c.Move))
	}
	slices.Sort(out)
	return out
}

// Exec carries out one line: a move token or a command. The reply says what was done; an
// error says why nothing was (the record and the file are then unchanged).
func (s *Session) Exec(line string) (string, error) {
	line = strings.TrimSpace(line)
	if line == "" {
		return "", nil
	}
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	word = strings.ToLower(word)
	if word == "help" {
		return s.help(), nil
	}
	c, ok := commands[word]
	if !ok {
		return s.move(line)
	}
	return c.run(s, arg)
}

// move plays a move token.
func (s *Session) move(tok string) (string, error) { return s.moveWith(tok, nil) }

// moveWith plays a move token with the comments that follow it (a clock reading), saved in
// one write.
func (s *Session) moveWith(tok string, after []notation.Comment) (string, error) {
	if s.Over() {
		return "", fmt.Errorf("%s: %w (%s); undo first to change it", tok, ErrFinished, s.rec.Result)
	}
	p := s.game.Position()
	m, err := s.game.PlayToken(tok)
	if err != nil {
		return "", err
	}
	v := p.Variant()
	n := &notation.Node{Token: v.FormatMove(m), After: after}
	if len(s.rec.Moves) == 0 { // comments on the game stand before its first move
		n.Before, s.rec.Comments = s.rec.Comments, nil
	}
	s.rec.Moves = append(s.rec.Moves, n)
	l := s.say()
	reply := l.T("record.moved", "Ply", strconv.Itoa(len(s.game.Moves())), "Side", l.T("side."+p.ToMove().String()), "Move", v.FormatMove(m))
	if st := s.game.Status(); st != engine.Ongoing {
		s.setResult(st.Result(), "")
		reply += l.T("record.moved.over", "Status", l.T("record.status."+st.String()), "Result", st.Result())
	}
	return reply, s.commit(func() { s.undoMove() })
}

// undoMove takes back the last move and the result it may have ended the game with.
func (s *Session) undoMove() {
	s.game.Undo()
	if len(s.rec.Moves) == 1 {
		s.rec.Comments, s.rec.Moves[0].Before = s.rec.Moves[0].Before, nil
	}
	s.rec.Moves = s.rec.Moves[:len(s.rec.Moves)-1]
	s.setResult("*", "")
}

// setResult sets the result token and tag and the Termination tag ("" removes it).
func (s *Session) setResult(result, termination string) {
	s.rec.Result = result
	s.rec.SetTag("Result", result)
	s.ended = termination
	if termination == "" {
		s.rec.Tags = slices.DeleteFunc(s.rec.Tags, func(t notation.Tag) bool { return t.Name == "Termination" })
		return
	}
	s.rec.SetTag("Termination", termination)
}

// commit writes the record; if that fails the change is undone, so the session never holds
// what the file does not.
func (s *Session) commit(undo func()) error {
	if err := s.save(); err != nil {
		undo()
		return fmt.Errorf("not saved, so not recorded: %w", err)
	}
	return nil
}

// save writes the whole record anew.
func (s *Session) save() error { return s.store.Save(s.rec) }

// lastNode is the last move, where comments, NAGs and clock readings go.
func (s *Session) lastNode() (*notation.Node, error) {
	if len(s.rec.Moves) == 0 {
		return nil, ErrNoMove
	}
	return s.rec.Moves[len(s.rec.Moves)-1], nil
}

// parseNAG reads a glyph (! ? !! ?? !? ?!) or $n.
func parseNAG(arg string) (int, error) {
	if n, ok := notation.ParseNAG(arg); ok {
		return n, nil
	}
	return 0, fmt.Errorf("%w: %q is not a NAG (! ? !! ?? !? ?! or $0..$255)", ErrBadArgument, arg)
}

// parseClock checks a clock reading, H:MM:SS or MM:SS.
func parseClock(arg string) error {
	parts := strings.Split(arg, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return &ClockError{arg}
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || (i > 0 && (len(p) != 2 || n > 59)) {
			return &ClockError{arg}
		}
	}
	return nil
}
