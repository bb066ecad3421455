package analysis

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Serve speaks the engine protocol (see the package documentation) on in and out until in
// ends or a quit command arrives. Bad commands are answered with "info string error: ...",
// never by stopping.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	return serve(ctx, in, out, defaultHashMB)
}

// serve is Serve with a table of hashMB megabytes until a setoption changes it.
func serve(ctx context.Context, in io.Reader, out io.Writer, hashMB int) error {
	s := &server{out: out, hashMB: hashMB, threads: 1, multipv: 1}
	s.searcher = NewSearcher(s.hashMB)
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := readLine(r, maxLine)
		if errors.Is(err, errLongLine) {
			s.printf("info string error: a line longer than %d bytes; ignored", maxLine)
			continue
		}
		if f := strings.Fields(line); len(f) > 0 {
			if f[0] == "quit" {
				s.stop()
				return nil
			}
			if err := s.command(ctx, f); err != nil {
				s.printf("info string error: %v", err)
			}
		}
		if err != nil {
			s.finish()
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// maxLine bounds a command line: a position with its moves is far shorter.
const maxLine = 1 << 20

// errLongLine is a line over maxLine, which readLine skipped to its end.
var errLongLine = errors.New("line too long")

// readLine reads one line without its end of line, at most max bytes: a longer one is read to
// its end and dropped (errLongLine), so that the session goes on with the next.
func readLine(r *bufio.Reader, max int) (string, error) {
	var b []byte
	long := false
	for {
		part, err := r.ReadSlice('\n')
		if !long && len(b)+len(part) <= max+1 {
			b = append(b, part...)
		} else {
			long, b = true, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if long {
			if err == nil {
				err = errLongLine
			}
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), err
	}
}

type server struct {
	mu       sync.Mutex // guards out: the search writes info lines while commands are read
	out      io.Writer
	searcher *Searcher
	game     *engine.Game
	hashMB   int
	threads  int
	multipv  int

	infinite bool               // the running search has no limit
	cancel   context.CancelFunc // stops the running search, if any
	done     chan struct{}      // closed when it has written its bestmove
}

func (s *server) printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

func (s *server) command(ctx context.Context, f []string) error {
	switch f[0] {
	case "uci":
		s.printf("id name bao")
		s.printf("id author the bao authors")
		for _, o := range options {
			s.printf("option name %s type spin default %d min 1 max %d", o.name, o.def, o.max)
		}
		s.printf("uciok")
	case "isready":
		s.printf("readyok")
	case "setoption":
		return s.setoption(f[1:])
	case "ucinewgame":
		s.finish()
		s.searcher.Clear()
		s.game = nil
	case "position":
		s.finish()
		s.game = nil // a position refused leaves none: go must not search the one before
		g, err := parsePositionCommand(f[1:])
		if err != nil {
			return err
		}
		s.game = g
	case "go":
		return s.goCommand(ctx, f[1:])
	case "stop":
		s.stop()
	default:
		return fmt.Errorf("unknown command %q", f[0])
	}
	return nil
}

func (s *server) setoption(f []string) error {
	// setoption name NAME value N
	if len(f) != 4 || f[0] != "name" || f[2] != "value" {
		return fmt.Errorf("expected: setoption name NAME value N")
	}
	i := slices.IndexFunc(options, func(o option) bool { return strings.EqualFold(o.name, f[1]) })
	if i < 0 {
		return fmt.Errorf("unknown option %q", f[1])
	}
	o := options[i]
	n, err := strconv.Atoi(f[3])
	if err != nil || n < 1 || n > o.max {
		return fmt.Errorf("option %s: %q is not a number from 1 to %d", o.name, f[3], o.max)
	}
	s.finish()
	switch o.name {
	case "Hash":
		if n == s.hashMB {
			break
		}
		// The old table goes before the new one is made: both at once were 8 GB at 4096,
		// and the collector kept old ones around after several changes.
		s.hashMB, s.searcher = n, nil
		debug.FreeOSMemory()
		s.searcher = NewSearcher(n)
	case "Threads":
		s.threads = n
	case "MultiPV":
		s.multipv = n
	}
	return nil
}

// maxMoveTime bounds go movetime: 9223372036855 ms overflowed into an unbounded search.
const maxMoveTime = 24 * time.Hour

// defaultHashMB is the table's size until a setoption changes it.
const defaultHashMB = 64

// option is a setting of the protocol, with its default and largest value.
type option struct {
	name     string
	def, max int
}

var options = []option{{"Hash", defaultHashMB, MaxHashMB}, {"Threads", 1, 64}, {"MultiPV", 1, 64}}

// parsePositionCommand reads "VARIANT (startpos | bpn BPN...) [moves TOKEN...]".
func parsePositionCommand(f []string) (*engine.Game, error) {
	if len(f) < 2 {
		return nil, fmt.Errorf("expected: position VARIANT startpos|bpn BPN [moves TOKEN...]")
	}
	v, err := engine.LookupVariant(f[0])
	if err != nil {
		return nil, err
	}
	rest := f[2:]
	var start engine.Position
	switch f[1] {
	case "startpos":
		start = v.Start()
	case "bpn":
		n := len(rest)
		for i, w := range rest {
			if w == "moves" {
				n = i
				break
			}
		}
		if start, err = engine.ParsePosition(v, strings.Join(rest[:n], " ")); err != nil {
			return nil, err
		}
		rest = rest[n:]
	default:
		return nil, fmt.Errorf("expected startpos or bpn, got %q", f[1])
	}
	g := engine.NewGame(start)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, fmt.Errorf("expected moves, got %q", rest[0])
		}
		if err := notation.PlayLine(g, rest[1:]); err != nil {
			le := err.(*notation.LineError)
			return nil, fmt.Errorf("move %d: %w", le.N, le.Err)
		}
	}
	return g, nil
}

func (s *server) goCommand(ctx context.Context, f []string) error {
	if s.game == nil {
		return fmt.Errorf("no position: send position first")
	}
	lim := Limits{Threads: s.threads, MultiPV: s.multipv}
	infinite := false
	for i := 0; i < len(f); i++ {
		if f[i] == "infinite" {
			infinite = true
			continue
		}
		if i+1 >= len(f) {
			return fmt.Errorf("go %s: a number must follow", f[i])
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("go %s: %q is not a number", f[i], f[i+1])
		}
		switch f[i] {
		case "depth":
			lim.Depth = int(n)
		case "movetime":
			if n > maxMoveTime.Milliseconds() {
				return fmt.Errorf("go movetime %d: at most %d ms (a day); use go infinite and stop", n, maxMoveTime.Milliseconds())
			}
			lim.MoveTime = time.Duration(n) * time.Millisecond
		case "nodes":
			lim.Nodes = n
		default:
			return fmt.Errorf("go: unknown limit %q", f[i])
		}
		i++
	}
	if !infinite && lim.Depth == 0 && lim.MoveTime == 0 && lim.Nodes == 0 {
		lim.MoveTime = time.Second
	}
	s.finish()
	if s.game.Status() != engine.Ongoing {
		s.printf("bestmove (none)")
		return nil
	}
	sctx, cancel := context.WithCancel(ctx)
	s.cancel, s.done, s.infinite = cancel, make(chan struct{}), infinite
	g, done := s.game, s.done
	v := g.Position().Variant()
	go func() {
		defer close(done)
		r := s.searcher.SearchGame(sctx, g, lim, func(r Result) { s.info(v, r) })
		s.printf("bestmove %s", v.FormatMove(r.Lines[0].Moves[0]))
	}()
	return nil
}

// info writes one line per ranked move of a completed iteration.
func (s *server) info(v *engine.Variant, r Result) {
	ms := max(r.Elapsed.Milliseconds(), 1)
	for i, l := range r.Lines {
		score := "cs " + strconv.Itoa(l.Score)
		if n, ok := l.WinIn(); ok {
			score = "win " + strconv.Itoa(n)
		}
		s.printf("info depth %d multipv %d score %s nodes %d nps %d time %d pv %s",
			r.Depth, i+1, score, r.Nodes, r.Nodes*1000/ms, ms, strings.Join(Tokens(v, l.Moves), " "))
	}
}

// stop ends the running search, if any, and waits for its bestmove.
func (s *server) stop() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wait()
}

// finish lets a search with limits end and answer, and stops an infinite one: commands that
// change what is searched come after the running search's bestmove.
func (s *server) finish() {
	if s.infinite {
		s.stop()
	}
	s.wait()
}

// wait waits for the running search, if any, to write its bestmove.
func (s *server) wait() {
	if s.done == nil {
		return
	}
	<-s.done
	s.cancel()
	s.cancel, s.done = nil, nil
}
