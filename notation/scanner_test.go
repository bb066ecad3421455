package notation

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// repeatReader produces head, then body repeated n times, then tail, without holding it all.
type repeatReader struct {
	head, body, tail string
	n                int
	cur              string
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for r.cur == "" {
		switch {
		case r.head != "":
			r.cur, r.head = r.head, ""
		case r.n > 0:
			r.cur, r.n = r.body, r.n-1
		case r.tail != "":
			r.cur, r.tail = r.tail, ""
		default:
			return 0, io.EOF
		}
	}
	k := copy(p, r.cur)
	r.cur = r.cur[k:]
	return k, nil
}

// TestHostileInput: huge, deep or broken input gives a clear error at the right place, then
// the next game is read; memory stays bounded whatever the input's size.
func TestHostileInput(t *testing.T) {
	size := 100 << 20 // the 100 MB line
	if testing.Short() {
		size = 4 << 20
	}
	next := "\n[Variant \"kingulu\"] A3 *\n"
	tests := []struct {
		name string
		r    io.Reader
		want string // the first error
	}{
		{"a 100 MB word", &repeatReader{head: "A3 ", body: "x", n: size, tail: next},
			"t.bgn:1:4: game 1: too large: word longer than 256 bytes"},
		{"a 100 MB line of moves", &repeatReader{head: "[Variant \"kingulu\"]\n", body: "A3 ", n: size / 3, tail: next},
			"t.bgn:1:1: game 1: too large: record longer than 1048576 bytes; the rest of the game is skipped"},
		{"a 100 MB line of junk", &repeatReader{body: "&", n: size, tail: next},
			"t.bgn:1:1: game 1: syntax error: unexpected character '&'"},
		{"a 100 MB comment", &repeatReader{head: "A3 {", body: "x", n: size, tail: "}" + next},
			"t.bgn:1:4: game 1: too large: comment longer than 1048576 bytes"},
		{"a comment that never closes", &repeatReader{head: "A3 {", body: "x ", n: size / 2},
			"t.bgn:1:4: game 1: unterminated comment: '{' is never closed"},
		{"10,000 nested parentheses", &repeatReader{head: "A3 ", body: "(A4 ", n: 10000, tail: strings.Repeat(")", 10000) + next},
			"t.bgn:1:260: game 1: variations nested too deep: more than 64 levels"},
		{"10,000 open parentheses", &repeatReader{head: "A3 ", body: "(", n: 10000, tail: next},
			"t.bgn:1:5: game 1: syntax error: variation before any move (a variation is an alternative to the move before it)"},
		{"a NUL byte", strings.NewReader("A3 \x00 a1 *" + next), "t.bgn:1:4: game 1: bad encoding: NUL byte"},
		{"invalid UTF-8 in a comment", strings.NewReader("A3 {ok \xc3(} *" + next), "t.bgn:1:8: game 1: bad encoding: invalid UTF-8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s := NewScanner(tc.r, "t.bgn")
			var first string
			games := 0
			for s.Scan() {
				games++
				if first == "" && len(s.Errors()) > 0 {
					first = s.Errors()[0].Error()
				}
			}
			runtime.ReadMemStats(&after)
			if first != tc.want {
				t.Errorf("first error\n got %s\nwant %s", first, tc.want)
			}
			if err := s.Err(); err != nil {
				t.Error(err)
			}
			if !strings.HasPrefix(tc.name, "a comment that never closes") && games < 2 {
				t.Errorf("read %d games; the game after the bad one was lost", games)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
				t.Errorf("allocated %d MB", alloc>>20)
			}
		})
	}
}

// TestScannerStreams: 100,000 games are read one at a time in flat memory.
func TestScannerStreams(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 5000
	}
	game := readFile(t, "../testdata/records/kingulu-selfplay.bgn")
	game = game[:strings.Index(game, "\n\n[")+1] + "\n"
	s := NewScanner(&repeatReader{body: game, n: n}, "many.bgn")
	var m runtime.MemStats
	games, peak := 0, uint64(0)
	for s.Scan() {
		if games++; games%10000 == 0 {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
		}
		if len(s.Errors()) > 0 || len(s.Record().Moves) != 18 {
			t.Fatalf("game %d: %v, %d moves", games, s.Errors(), len(s.Record().Moves))
		}
	}
	if games != n || s.Err() != nil {
		t.Fatalf("read %d games of %d: %v", games, n, s.Err())
	}
	if peak > 64<<20 {
		t.Errorf("heap grew to %d MB", peak>>20)
	}
}

func TestScannerReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("[Variant \"kingulu\"]\nA3 a1 *\nA4"), iotest.ErrReader(boom))
	recs, err := Parse("t.bgn", r)
	if len(recs) != 2 || !errors.Is(err, boom) {
		t.Fatalf("got %d records, %v", len(recs), err)
	}
	if got := err.Error(); got != "t.bgn:3:3: disk on fire" {
		t.Errorf("got %s", got)
	}
}

func TestSetMaxRecordSize(t *testing.T) {
	s := NewScanner(strings.NewReader("A3 {a long comment} a1 *\nA3 *"), "t.bgn")
	s.SetMaxRecordSize(8)
	var got []string
	for s.Scan() {
		for _, e := range s.Errors() {
			got = append(got, e.Error())
		}
	}
	want := []string{
		"t.bgn:1:4: game 1: too large: comment longer than 8 bytes",
		"t.bgn:1:1: game 1: too large: record longer than 8 bytes; the rest of the game is skipped",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
}

// FuzzScanner: the scanner ends on any input, one byte at a time included, numbering records
// in order and giving every error a position inside the input.
func FuzzScanner(f *testing.F) {
	for _, s := range seedRecords(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := NewScanner(iotest.OneByteReader(strings.NewReader(src)), "fuzz.bgn")
		s.SetMaxRecordSize(256)
		lines := strings.Count(src, "\n") + 1
		for n := 1; s.Scan(); n++ {
			if s.Record().Number != n {
				t.Fatalf("record %d numbered %d", n, s.Record().Number)
			}
			for _, e := range s.Errors() {
				if e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
					t.Fatalf("error outside the input: %v", e)
				}
			}
		}
		// The documented refusals end a read (binary data, a string or comment that never
		// ends); any other error is a bug.
		if err := s.Err(); err != nil && !errors.Is(err, ErrEncoding) && !errors.Is(err, ErrTooLarge) {
			t.Fatal(err)
		}
	})
}

// BenchmarkParse reads a large generated multi-game file (the example games, repeated).
func BenchmarkParse(b *testing.B) {
	var src strings.Builder
	for _, path := range files(b, "../testdata/records/*.bgn") {
		src.WriteString(readFile(b, path) + "\n")
	}
	one := src.String()
	const copies = 200
	b.SetBytes(int64(len(one) * copies))
	b.ReportAllocs()
	for b.Loop() {
		s := NewScanner(&repeatReader{body: one, n: copies}, "bench.bgn")
		for s.Scan() {
		}
	}
}

// TestTooLargeTagsStayOneRecord: after a record over the size limit was skipped inside its
// tags, its remaining tag lines were read as a second game.
func TestTooLargeTagsStayOneRecord(t *testing.T) {
	src := "[Event \"" + strings.Repeat("x", 40) + "\"]\n[Site \"s\"]\n[Variant \"kete\"]\n[South \"a\"]\n\n1. A3 {note} *\n\n" +
		"[Event \"next\"]\n[Variant \"kete\"]\n\n1. A3 *\n"
	s := NewScanner(strings.NewReader(src), "t.bgn")
	s.SetMaxRecordSize(32)
	var events []string
	for s.Scan() {
		events = append(events, s.Record().Tag("Event"))
	}
	if len(events) != 2 || events[1] != "next" {
		t.Errorf("records read: %d, events %q; want the large one and \"next\"", len(events), events)
	}
}

// endless repeats its pattern forever, as /dev/zero or `yes` do.
type endless struct {
	pattern string
	at      int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.pattern[e.at%len(e.pattern)]
		e.at++
	}
	return len(p), nil
}

// TestEndlessInputStops: bao validate on /dev/zero spun forever, skipping a game that never
// ends. The scan now stops with a located error: at once for a run of NUL bytes, and after
// skipFactor times the record limit for any other input without end.
func TestEndlessInputStops(t *testing.T) {
	for pattern, kind := range map[string]error{"\x00": ErrEncoding, "A3 ": ErrTooLarge, "{": ErrTooLarge,
		"[Event \"x\"]\n": ErrTooLarge, "&": ErrTooLarge, "\"": ErrTooLarge} {
		s := NewScanner(&endless{pattern: pattern}, "zero.bgn")
		s.SetMaxRecordSize(4096)
		done := make(chan error, 1)
		go func() {
			for s.Scan() {
			}
			done <- s.Err()
		}()
		select {
		case err := <-done:
			if !errors.Is(err, kind) || !strings.HasPrefix(err.Error(), "zero.bgn:") {
				t.Errorf("%q forever: %v, want a located %v", pattern, err, kind)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q forever: still scanning after 10 s", pattern)
		}
	}
}

// TestScannerAt: a record read from its offset alone has the positions, number and errors it
// has when the whole file is read; Offset finds it, a byte order mark and indented or
// commented starts included.
func TestScannerAt(t *testing.T) {
	src := "\xEF\xBB\xBF[Variant \"Bao la Kimasai\"]\n\n1. A1 *\n\n% an escape line\n" +
		"  [Variant \"Bao la Kimasai\"] [Event \"É, on one line\"]\n1. Z9 *\n\n" +
		"{a comment first} [Variant \"Bao la Kimasai\"]\n1. A1 {é} 2. ( *\n\n[Variant \"Bao la Kimasai\"]\n*\n"
	type seen struct {
		off  int64
		pos  Pos
		n    int
		errs string
	}
	var all []seen
	sc := NewScanner(strings.NewReader(src), "f.bgn")
	for sc.Scan() {
		all = append(all, seen{sc.Offset(), sc.Record().Pos, sc.Record().Number, sc.Errors().Error()})
	}
	if len(all) != 5 {
		t.Fatalf("%d records, want 5", len(all))
	}
	for i, want := range all {
		at := NewScannerAt(strings.NewReader(src[want.off:]), "f.bgn", want.pos, i+1)
		if !at.Scan() {
			t.Fatalf("record %d: nothing read at offset %d", i+1, want.off)
		}
		got := seen{want.off + at.Offset(), at.Record().Pos, at.Record().Number, at.Errors().Error()}
		if got != want {
			t.Errorf("record %d read at its offset: %+v, want %+v", i+1, got, want)
		}
		if rest := len(all) - i - 1; rest > 0 && (!at.Scan() || at.Record().Number != i+2) {
			t.Errorf("record %d: the next one does not follow as number %d", i+1, i+2)
		}
	}
}

// TestBinaryFile: binary data (random bytes, an image's header, /dev/zero, UTF-16) is one
// located error and nothing read; text with stray bad bytes (a NUL, Latin-1 names, a few
// control characters) is read, its bad bytes reported where they are.
func TestBinaryFile(t *testing.T) {
	random := make([]byte, 5000)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), random[:600]...)
	utf16 := []byte{}
	for _, c := range "[Variant \"kingulu\"]\n1. A3 a3 *\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	game := "[Variant \"kingulu\"]\n1. A3 a3 *\n"
	tests := []struct {
		name   string
		src    []byte
		binary bool
		games  int
	}{
		{"random bytes", random, true, 0},
		{"an image", png, true, 0},
		{"NUL bytes", make([]byte, 20000), true, 0},
		{"UTF-16", utf16, true, 0},
		{"a stray NUL", []byte(game + "\x00" + game), false, 2},
		{"Latin-1 names", []byte("[Variant \"kingulu\"]\n[North \"Ren\xe9e M\xfcller \xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\"]\n1. A3 a3 *\n"), false, 1},
		{"a few control characters", []byte(strings.Repeat("\x01", 16) + game), false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := NewScanner(bytes.NewReader(tt.src), "t.bgn")
			games := 0
			var errs ErrorList
			for sc.Scan() {
				errs = append(errs, sc.Errors()...)
				if len(sc.Record().Moves) > 0 {
					games++
				}
			}
			err := sc.Err()
			binary := err != nil && errors.Is(err, ErrEncoding) && strings.Contains(err.Error(), "binary data, not BGN")
			if binary != tt.binary || games != tt.games {
				t.Errorf("binary %v (%v), %d games with moves; want %v, %d", binary, err, games, tt.binary, tt.games)
			}
			if tt.binary && len(errs) != 0 {
				t.Errorf("a binary file gave %d more errors: %v", len(errs), errs[0])
			}
		})
	}
}
