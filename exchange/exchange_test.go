package exchange

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

func bgnOf(t *testing.T, recs []*notation.Record) string {
	t.Helper()
	var b bytes.Buffer
	if err := notation.Write(&b, recs...); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mustImport(t *testing.T, format, file string, data []byte, o Options) []*notation.Record {
	t.Helper()
	recs, problems, err := Import(format, file, data, o)
	if err != nil || len(problems) > 0 {
		t.Fatalf("%s: %v %v", file, err, problems)
	}
	return recs
}

// result is how the game toks ended on the board as Abstract Play's player results, with
// Abstract Play's entry for a resignation by North when it did not end.
func result(toks []string) (res [2]int, extra string) {
	p := engine.Kiswahili.Start()
	for _, tok := range toks {
		m, err := p.ParseMove(tok)
		if err != nil { // a set-up's moves: the caller's start is another
			return [2]int{1, 0}, `,[null,"resign"]`
		}
		p, _ = p.Apply(m)
	}
	switch w, ok := p.Status().Winner(); {
	case !ok:
		return [2]int{1, 0}, `,[null,"resign"]`
	case w == engine.South:
		return [2]int{1, 0}, ""
	}
	return [2]int{0, 1}, ""
}

// apOf writes toks as an Abstract Play record by hand, independently of the writer.
func apOf(toks []string, extra string) string {
	res, end := result(toks)
	if extra == "" {
		extra = end
	}
	var rounds []string
	for i := 0; i < len(toks); i += 2 {
		var seats []string
		for _, tok := range toks[i:min(i+2, len(toks))] {
			row, n := tok[0], int(tok[1]-'0')
			cell := map[byte]string{'B': fmt.Sprintf("%c1", 'a'+n-1), 'A': fmt.Sprintf("%c2", 'a'+n-1),
				'a': fmt.Sprintf("%c3", 'a'+8-n), 'b': fmt.Sprintf("%c4", 'a'+8-n)}[row]
			seats = append(seats, fmt.Sprintf("%q", cell+tok[2:]))
		}
		rounds = append(rounds, "["+strings.Join(seats, ",")+"]")
	}
	if len(rounds) == 0 {
		extra = strings.TrimPrefix(extra, ",")
	}
	return `{"header":{"game":{"name":"Bao","variants":[]},"event":"Online league","round":"2",
"site":{"name":"Abstract Play","gameid":"0f3c"},"date-start":"2024-03-05T10:00:00Z",
"date-end":"2024-03-07T10:00:00Z","date-generated":"2024-03-07T10:00:00Z",
"players":[{"name":"Ali","userid":"u1","result":` + fmt.Sprint(res[0]) + `},{"name":"Bakari","userid":"u2","result":` + fmt.Sprint(res[1]) + `}]},
"moves":[` + strings.Join(rounds, ",") + extra + `]}`
}

func TestAbstractPlayAndKIBAAgree(t *testing.T) {
	toks := testgame.Line(engine.Kiswahili, 60, 1, 1)
	ap := mustImport(t, "abstractplay", "g.json", []byte(apOf(toks, "")), Options{})
	var kiba strings.Builder
	kiba.WriteString("[Event \"Online league\"]\n[Site \"Abstract Play\"]\n[Date \"2024.03.05\"]\n[Round \"2\"]\n[South \"Ali\"]\n[North \"Bakari\"]\n[SourceRef \"0f3c\"]\n")
	for i := 0; i < len(toks); i += 2 {
		fmt.Fprintf(&kiba, " %d: %s;", i/2+1, strings.Join(toks[i:min(i+2, len(toks))], " "))
	}
	res, end := result(toks)
	if end != "" {
		kiba.WriteString("[Termination \"resignation\"]\n")
	}
	kiba.WriteString(map[int]string{1: " 1-0\n", 0: " 0-1\n"}[res[0]])
	kb := mustImport(t, "kiba", "g.txt", []byte(kiba.String()), Options{Variant: engine.Kiswahili})
	if a, k := bgnOf(t, ap), bgnOf(t, kb); a != k {
		t.Errorf("Abstract Play:\n%s\nKIBA:\n%s", a, k)
	}
}

func TestAbstractPlayRoundTrip(t *testing.T) {
	for _, n := range []int{41, 500} {
		toks := testgame.Line(engine.Kiswahili, n, 2, 1)
		recs := mustImport(t, "abstractplay", "g.json", []byte(apOf(toks, "")), Options{})
		var out bytes.Buffer
		if err := Export("abstractplay", &out, recs); err != nil {
			t.Fatal(err)
		}
		again := mustImport(t, "abstractplay", "g.json", out.Bytes(), Options{})
		if a, b := bgnOf(t, recs), bgnOf(t, again); a != b {
			t.Errorf("import(export(g)) != g:\n%s\n%s", a, b)
		}
		if _, end := result(toks); end != "" && recs[0].Tag("Termination") != "resignation" {
			t.Errorf("resignation: %q", recs[0].Tag("Termination"))
		}
	}
}

// A game not finished (Result "*", no player scored) comes back unfinished, not as a draw the
// board denies.
func TestAbstractPlayUnfinishedRoundTrip(t *testing.T) {
	r := &notation.Record{Result: "*"}
	r.SetTag("Variant", engine.Kiswahili.Name())
	r.SetTag("Result", "*")
	for _, tok := range testgame.Line(engine.Kiswahili, 9, 3, 1) {
		r.Moves = append(r.Moves, &notation.Node{Token: tok})
	}
	var out bytes.Buffer
	if err := Export("abstractplay", &out, []*notation.Record{r}); err != nil {
		t.Fatal(err)
	}
	again := mustImport(t, "abstractplay", "u.json", out.Bytes(), Options{})
	if got := again[0].Tag("Result"); got != "*" {
		t.Errorf("Result %q, want *", got)
	}
}

func TestAbstractPlaySetUps(t *testing.T) {
	for name, bpn := range apSetUps {
		start, _ := engine.ParsePosition(engine.Kiswahili, bpn)
		// one legal move from the set-up
		c := start.Children(nil)[0]
		tok := engine.Kiswahili.FormatMove(c.Move)
		doc := strings.Replace(apOf([]string{tok}, ""), `"variants":[]`, `"variants":["`+name+`"]`, 1)
		recs, _, err := Import("abstractplay", "s.json", []byte(doc), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if recs[0].Tag("Position") != start.String() || len(recs[0].Moves) != 1 {
			t.Errorf("%s: %s", name, bgnOf(t, recs))
		}
	}
}

func TestAbstractPlayHostile(t *testing.T) {
	cases := []struct{ name, doc, want string }{
		{"truncated", `{"header":{"game":{"name":"Bao"`, "1:32"},
		{"not JSON", "hello", "1:1"},
		{"wrong game", `{"header":{"game":{"name":"Chess"},"players":[]},"moves":[]}`, "1:19"},
		{"wrong type of moves", strings.Replace(apOf(nil, "[]"), `"moves":[[]]`, `"moves":{"a":1}`, 1), "5:9"},
		{"a move that is a number", apOf(nil, `[7]`), "5:11"},
		{"three players", `{"header":{"game":{"name":"Bao"},"players":[{"name":"a"},{"name":"b"},{"name":"c"}]},"moves":[]}`, "1:44"},
		{"deep", strings.Repeat("[", 100000), "1:66"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, problems, err := Import("abstractplay", "h.json", []byte(c.doc), Options{})
			if err == nil && len(problems) > 0 { // a record left out
				err = problems[0]
			}
			var ne *notation.Error
			if !errors.Is(err, ErrFormat) || !errors.As(err, &ne) {
				t.Fatalf("error %v, want a located ErrFormat", err)
			}
			if got := ne.Pos.String(); got != c.want {
				t.Errorf("at %s, want %s (%v)", got, c.want, err)
			}
		})
	}
	// A huge array of rounds is read (the input size is bounded by the command), not a crash.
	huge := apOf(nil, "[]"+strings.Repeat(`,[null,null]`, 200000))
	if _, _, err := Import("abstractplay", "h.json", []byte(huge), Options{}); err != nil {
		t.Error(err)
	}
}

func TestIllegalMoveIsKeptAndLocated(t *testing.T) {
	toks := testgame.Line(engine.Kiswahili, 10, 0, 1)
	toks[5] = "B8>" // not a move of the namua stage
	recs, problems, err := Import("abstractplay", "g.json", []byte(apOf(toks, "")), Options{})
	if err != nil || len(recs) != 1 || len(problems) == 0 {
		t.Fatalf("%v %d %v", err, len(recs), problems)
	}
	if len(recs[0].Moves) != 10 || !strings.HasPrefix(recs[0].Tag("ImportProblem"), "g.json:5:") {
		t.Errorf("%d moves, ImportProblem %q", len(recs[0].Moves), recs[0].Tag("ImportProblem"))
	}
}

func TestKIBAGrammar(t *testing.T) {
	toks := testgame.Line(engine.Kiswahili, 12, 3, 1)
	short := make([]string, len(toks))
	for i, tok := range toks {
		short[i] = tok
		if i < 4 && (tok[0] == 'A' || tok[0] == 'a') { // the row letter left out in the namua stage
			short[i] = tok[1:]
		}
	}
	src := fmt.Sprintf("%% from a scoresheet\n 1: %s %s; 2: %s {a comment} %s;\n3. %s 3... %s\n4: %s, %s; 5: %s %s; 6: %s %s *\n",
		anyS(short)...)
	recs := mustImport(t, "kiba", "k.txt", []byte(src), Options{Variant: engine.Kiswahili})
	var got []string
	for _, n := range recs[0].Moves {
		got = append(got, n.Token)
	}
	if strings.Join(got, " ") != strings.Join(toks, " ") {
		t.Errorf("got  %v\nwant %v", got, toks)
	}
	// Two games in one file, the second starting again at 1.
	two := fmt.Sprintf("1: %s %s 2: %s\n1: %s\n", toks[0], toks[1], toks[2], toks[0])
	if recs := mustImport(t, "kiba", "k.txt", []byte(two), Options{Variant: engine.Kiswahili}); len(recs) != 2 {
		t.Errorf("%d games", len(recs))
	}
	if _, _, err := Import("kiba", "k.txt", []byte("% nothing\n"), Options{Variant: engine.Kiswahili}); !errors.Is(err, ErrFormat) {
		t.Errorf("an empty list: %v", err)
	}
	if _, _, err := Import("kiba", "k.txt", []byte("1: A6<"), Options{}); err == nil {
		t.Error("no variant accepted")
	}
	// Numbers written against their moves, PGN-style; a list starting again at 1 is a new game.
	glued := fmt.Sprintf("1.%s %s 2.%s 2...%s\n1:%s\n", toks[0], toks[1], toks[2], toks[3], toks[0])
	recs = mustImport(t, "kiba", "k.txt", []byte(glued), Options{Variant: engine.Kiswahili})
	if len(recs) != 2 || len(recs[0].Moves) != 4 || recs[0].Moves[2].Token != toks[2] || recs[0].Moves[3].Pos != (notation.Pos{Line: 1, Col: strings.Index(glued, "2...") + 5}) {
		t.Errorf("glued numbers: %d games, first %v", len(recs), recs[0].Moves)
	}
	// A broken tag line is reported and left out; the games after it are still read.
	game := strings.Join(toks[:4], " ") + " *\n"
	broken := "[Event \"A\"]\n" + game + "[Event \"B\n" + game + "[Event \"C\"]\n" + game
	recs, problems, err := Import("kiba", "k.txt", []byte(broken), Options{Variant: engine.Kiswahili})
	if err != nil || len(recs) != 3 || len(problems) != 1 || problems[0].Pos != (notation.Pos{Line: 3, Col: 1}) {
		t.Errorf("a broken tag line: %d games, problems %v, %v", len(recs), problems, err)
	} else if recs[2].Tag("Event") != "C" {
		t.Errorf("the last game's event is %q", recs[2].Tag("Event"))
	}
}

func anyS(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func TestLR(t *testing.T) {
	toks := testgame.Line(engine.Kiswahili, 20, 5, 1)
	for _, board := range []bool{false, true} {
		var b strings.Builder
		for i, tok := range toks {
			j := strings.IndexAny(tok, "<>")
			d := map[byte]string{'<': "L", '>': "R"}[tok[j]]
			if board && i%2 == 1 { // North's left is the board's right
				d = map[string]string{"L": "R", "R": "L"}[d]
			}
			fmt.Fprintf(&b, "%d. %s%s%s\n", i/2+1, tok[:j], d, tok[j+1:])
		}
		recs := mustImport(t, "lr", "lr.txt", []byte(b.String()), Options{Variant: engine.Kiswahili, BoardLR: board})
		for i, n := range recs[0].Moves {
			if n.Token != toks[i] {
				t.Fatalf("board %v, ply %d: %s, want %s", board, i+1, n.Token, toks[i])
			}
		}
	}
}

// nkkmdOf writes toks as the web app's record, by the mapping its docs give.
func nkkmdOf(toks []string) string {
	var moves []string
	p := engine.Kiswahili.Start()
	for i, tok := range toks {
		m, _ := p.ParseMove(tok)
		p, _ = p.Apply(m)
		side := map[bool]string{false: "south", true: "north"}[i%2 == 1]
		row := map[bool]int{true: 0, false: 1}[tok[0] == 'A' || tok[0] == 'a']
		dir := map[bool]string{true: "left", false: "right"}[strings.Contains(tok, "<")]
		typ := "capture"
		if strings.Contains(tok, "*") {
			typ = "takata"
		}
		hc := ""
		if strings.Contains(tok, "+") {
			hc = `,"houseChoice":"use"`
		}
		moves = append(moves, fmt.Sprintf(`{"ply":%d,"player":%d,"side":%q,"move":{"type":%q,"row":%d,"index":%d,"direction":%q%s}}`,
			i+1, i%2, side, typ, row, int(tok[1]-'1'), dir, hc))
	}
	return `{"format":"bao-game-record","version":1,"rules":{"baseline":"R-002"},
"initialPosition":{"pits":[[[0,0,0,0,6,2,2,0],[0,0,0,0,0,0,0,0]],[[0,0,0,0,6,2,2,0],[0,0,0,0,0,0,0,0]]],
"reserve":[22,22],"houseOwned":[true,true],"player":0,"phase":"namua"},
"moves":[` + strings.Join(moves, ",\n") + `],"result":null,"finalPosition":null}`
}

func TestNkkmd(t *testing.T) {
	toks := testgame.Line(engine.Kiswahili, 40, 4, 1)
	recs := mustImport(t, "nkkmd", "n.json", []byte(nkkmdOf(toks)), Options{})
	if recs[0].Tag("SetUp") != "" {
		t.Errorf("the standard start read as a set-up: %s", recs[0].Tag("Position"))
	}
	rp, err := recs[0].Replay()
	if err != nil || len(rp.Plies) != len(toks) {
		t.Fatalf("%v, %d plies", err, len(rp.Plies))
	}
	for i, p := range rp.Plies {
		if p.Token != toks[i] {
			t.Errorf("ply %d: %s, want %s", i+1, p.Token, toks[i])
		}
	}
	if _, _, err := Import("nkkmd", "n.json", []byte(`{"format":"other"}`), Options{}); !errors.Is(err, ErrFormat) {
		t.Errorf("another format: %v", err)
	}
}

func TestSinkAddsNothingTwice(t *testing.T) {
	dir := t.TempDir()
	toks := testgame.Line(engine.Kiswahili, 30, 6, 1)
	data := []byte(apOf(toks, ""))
	path := filepath.Join(dir, "g.bgn")
	for run, want := range []int{1, 0} {
		s, err := NewSink(dir)
		if err != nil {
			t.Fatal(err)
		}
		recs := mustImport(t, "abstractplay", "g.json", data, Options{})
		// The same game with other tags is the same game.
		other := mustImport(t, "abstractplay", "g.json", data, Options{})
		other[0].SetTag("Event", "Elsewhere")
		added, dups, err := s.Add(path, append(recs, other...), false)
		if err != nil || added != want || len(dups) != 2-want {
			t.Errorf("run %d: added %d, %d duplicates, %v", run, added, len(dups), err)
		}
	}
	b, _ := os.ReadFile(path)
	if n := strings.Count(string(b), "[Event "); n != 1 {
		t.Errorf("%d games in the file", n)
	}
}

func TestJSONExport(t *testing.T) {
	toks := testgame.Line(engine.Kingulu, 8, 1, 1)
	src := "[Variant \"kingulu\"]\n\n" + strings.Join(toks, " ") + " {a note} *\n"
	recs, _ := notation.Parse("k.bgn", strings.NewReader(src))
	var b bytes.Buffer
	if err := Export("json", &b, recs); err != nil {
		t.Fatal(err)
	}
	var g jsonGame
	if err := json.Unmarshal(b.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	if g.Variant != "kingulu" || len(g.Moves) != len(toks) || g.Moves[len(toks)-1].Comments[0] != "a note" {
		t.Errorf("%+v", g)
	}
	p := engine.Kingulu.Start()
	for i, m := range g.Moves {
		mv, _ := p.ParseMove(toks[i])
		p, _ = p.Apply(mv)
		if m.Position != p.String() || m.Ply != i+1 {
			t.Errorf("ply %d: %+v", i+1, m)
		}
	}
}

func TestFileFor(t *testing.T) {
	r := &notation.Record{}
	if got := FileFor("d", "in/My Games.json", r); got != filepath.Join("d", "my-games.bgn") {
		t.Error(got)
	}
	r.SetTag("Event", "Zanzibar Open / 1998: final")
	if got := FileFor("d", "x.json", r); got != filepath.Join("d", "zanzibar-open-1998-final.bgn") {
		t.Error(got)
	}
	r.SetTag("Event", "../..")
	if got := FileFor("d", "x.json", r); filepath.Dir(got) != "d" || !strings.HasPrefix(filepath.Base(got), "x-") {
		t.Error(got)
	}
}

// TestEncoderStreams: an Encoder writes the same bytes as encoding/json writes the whole
// array, whatever the number of records (none, one, several); a record the format cannot hold
// is an error of its own Encode and the array stays valid without it.
func TestEncoderStreams(t *testing.T) {
	kiswahili := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 1, 1), "")), Options{})[0]
	kingulu, err := notation.Parse("k.bgn", strings.NewReader("[Variant \"kingulu\"]\n\n1. A3 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	for n := range 4 {
		var recs []*notation.Record
		var games []apJSON
		for range n {
			recs = append(recs, kiswahili)
			g, err := apExport(kiswahili)
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
		var got, want bytes.Buffer
		enc, err := NewEncoder("abstractplay", &got)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range recs {
			if i == 1 {
				if err := enc.Encode(kingulu[0]); err == nil || !strings.Contains(err.Error(), "k.bgn:1: game 1") {
					t.Errorf("a Kingulu game: %v", err)
				}
			}
			if err := enc.Encode(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := enc.Close(); err != nil {
			t.Fatal(err)
		}
		j := json.NewEncoder(&want)
		j.SetEscapeHTML(false)
		j.SetIndent("", "  ")
		if games == nil {
			games = []apJSON{}
		}
		j.Encode(games)
		if got.String() != want.String() {
			t.Errorf("%d records:\n%s\nwant\n%s", n, got.String(), want.String())
		}
	}
}

func TestLocator(t *testing.T) {
	data := []byte("[\n  {\"a\": 1,\n   \"é\": [2, 3]},\n\r\n  4]")
	want := func(off int64) notation.Pos {
		off = min(max(off, 0), int64(len(data)))
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
			off++
		}
		return notation.Pos{Line: 1, Col: 1}.Advance(data[:off])
	}
	// In order, backwards, repeated, within a line and across lines, out of range.
	offs := []int64{0, 4, 9, 13, 13, 2, 22, 15, 31, 1, 99, -3, 24, 23}
	l := newLocator(data)
	for _, off := range offs {
		if got := l.at(off); got != want(off) {
			t.Errorf("at(%d) = %v, want %v", off, got, want(off))
		}
	}
}

// The places of an import's moves are found in one pass over the input: 2,000 games on one
// line (a minified download) took minutes when each place was counted from the start: this
// test checks the places, BenchmarkImportMinified the time.
func TestImportIsLinear(t *testing.T) {
	data := minifiedGames(2000)
	recs := mustImport(t, "abstractplay", "all.json", data, Options{})
	if len(recs) != 2000 {
		t.Fatalf("%d games read, want 2000", len(recs))
	}
	first := int64(bytes.LastIndex(data, []byte(`"moves":[[`)) + len(`"moves":[[`))
	if got, want := recs[1999].Moves[0].Pos, (notation.Pos{Line: 1, Col: 1}).Advance(data[:first]); got != want {
		t.Errorf("the last game's first move at %v, want %v", got, want)
	}
}

// minifiedGames is an Abstract Play download of n games on one line.
func minifiedGames(n int) []byte {
	game := strings.ReplaceAll(apOf(testgame.Line(engine.Kiswahili, 60, 1, 1), ""), "\n", "")
	return []byte("[" + strings.Repeat(game+",", n-1) + game + "]")
}

// BenchmarkImportMinified imports 2,000 games written on one line: linear, a few seconds at
// most (minutes when each place was counted from the start).
func BenchmarkImportMinified(b *testing.B) {
	data := minifiedGames(2000)
	for b.Loop() {
		if _, _, err := Import("abstractplay", "all.json", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImportToFile is bao import --out FILE of 500 games (a 370 KB download), each
// stored in the sink as it is read, then of the same games again, all of them duplicates:
// bytes allocated per byte of input (target: under 30; the peak, which /usr/bin/time -v shows,
// stays within a few times the input) and games per second.
func BenchmarkImportToFile(b *testing.B) {
	data := minifiedGames(500)
	for _, again := range []bool{false, true} {
		b.Run(map[bool]string{false: "new", true: "stored"}[again], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				dir := b.TempDir()
				s, err := NewSink(dir)
				if err != nil {
					b.Fatal(err)
				}
				rt := Route{Out: filepath.Join(dir, "all.bgn"), Format: "abstractplay", Name: "all.json"}
				if again {
					if _, _, err := s.ImportInput(rt, data); err != nil {
						b.Fatal(err)
					}
				}
				b.StartTimer()
				if _, _, err := s.ImportInput(rt, data); err != nil {
					b.Fatal(err)
				}
				if err := s.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(data)), "input-bytes")
		})
	}
}

// One record that is not a game does not stop the others: it is left out, located and
// numbered, and the games after it keep their numbers in the input.
func TestAbstractPlayBadRecordAmongGood(t *testing.T) {
	good := apOf(testgame.Line(engine.Kiswahili, 6, 1, 1), "")
	for _, c := range []struct{ name, bad, want string }{
		{"moves an object", `{"header":{"game":{"name":"Bao"},"players":[{"name":"a"},{"name":"b"}]},"moves":{}}`, "6:81: game 2: not readable as this format: moves is an object"},
		{"not an object", `"hello"`, "6:1: game 2: not readable as this format: an Abstract Play game record has a header"},
		{"another game", `{"header":{"game":{"name":"Chess"}}}`, `6:19: game 2: not readable as this format: game "Chess"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := "[" + good + ",\n" + c.bad + ",\n" + good + "]"
			recs, problems, err := Import("abstractplay", "m.json", []byte(data), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 2 || recs[0].Number != 1 || recs[1].Number != 3 {
				t.Fatalf("%d games read, want games 1 and 3", len(recs))
			}
			if len(problems) != 1 || !strings.HasPrefix(problems[0].Error(), "m.json:"+c.want) || !errors.Is(problems[0], ErrFormat) {
				t.Errorf("problems %v, want one at m.json:%s", problems, c.want)
			}
		})
	}
}

// With replace a file is written anew once: the inputs after the first add to it (an import
// of two inputs with --force kept only the second's games), the games it held before count
// for nothing, and repeats among the new games are still left out.
func TestSinkReplaceKeepsEveryInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bgn")
	game := func(seed int) *notation.Record {
		return mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, seed, 1), "")), Options{})[0]
	}
	if err := os.WriteFile(path, []byte(bgnOf(t, []*notation.Record{game(1), game(2)})), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSink(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		recs        []*notation.Record
		added, dups int
	}{
		{[]*notation.Record{game(1), game(3), game(3)}, 2, 1}, // game 1 was in the old file
		{[]*notation.Record{game(4), game(1)}, 1, 1},          // game 1 was added by the first
	} {
		added, dups, err := s.Add(path, c.recs, true)
		if err != nil || added != c.added || len(dups) != c.dups {
			t.Errorf("input %d: added %d, %d duplicates, %v; want %d, %d", i+1, added, len(dups), err, c.added, c.dups)
		}
	}
	recs, err := notation.ReadFile(path)
	if err != nil || len(recs) != 3 {
		t.Fatalf("%d games in the file (want games 1, 3 and 4), %v", len(recs), err)
	}
}

// Files saved on Windows: a UTF-8 byte order mark, UTF-16 either way round, CRLF line ends.
func TestEncodings(t *testing.T) {
	utf16Of := func(s string, big bool) string {
		var b []byte
		for _, u := range utf16.Encode([]rune("\uFEFF" + s)) {
			if big {
				b = binary.BigEndian.AppendUint16(b, u)
			} else {
				b = binary.LittleEndian.AppendUint16(b, u)
			}
		}
		return string(b)
	}
	ap := apOf(testgame.Line(engine.Kiswahili, 20, 1, 1), "")
	kiba := "[Event \"Şampiyon\"]\n" + strings.Join(testgame.Line(engine.Kiswahili, 6, 1, 1), " ") + " *\n"
	for _, c := range []struct{ format, doc string }{{"abstractplay", ap}, {"kiba", kiba}} {
		o := Options{Variant: engine.Kiswahili}
		want := bgnOf(t, mustImport(t, c.format, "f", []byte(c.doc), o))
		for name, doc := range map[string]string{
			"bom": "\xEF\xBB\xBF" + c.doc, "utf-16le": utf16Of(c.doc, false), "utf-16be": utf16Of(c.doc, true),
			"crlf": strings.ReplaceAll(c.doc, "\n", "\r\n"),
		} {
			recs, problems, err := Import(c.format, "f", []byte(doc), o)
			if err != nil || len(problems) > 0 {
				t.Errorf("%s %s: %v %v", c.format, name, err, problems)
				continue
			}
			if got := bgnOf(t, recs); got != want {
				t.Errorf("%s %s: read as\n%s\nwant\n%s", c.format, name, got, want)
			}
		}
	}
	if _, _, err := Import("kiba", "f", []byte("\xFF\xFE1"), Options{Variant: engine.Kiswahili}); !errors.Is(err, notation.ErrEncoding) {
		t.Errorf("odd UTF-16: %v", err)
	}
}

// A download cut short keeps the games before the cut, and says where it ends; so does one
// with data after its array.
func TestAbstractPlayTruncatedDownload(t *testing.T) {
	game := apOf(testgame.Line(engine.Kiswahili, 6, 1, 1), "")
	whole := "[" + game + ",\n" + game + ",\n" + game + "]"
	for _, c := range []struct {
		name, doc string
		games     int
		want      string
	}{
		{"cut in the third game", whole[:len(whole)-40], 2, "ends too early"},
		{"cut after a comma", whole[:strings.LastIndex(whole, ",")+1], 2, "ends too early"},
		{"data after the array", whole + "\n[]", 3, "more data after the JSON value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, problems, err := Import("abstractplay", "t.json", []byte(c.doc), Options{})
			if err != nil || len(recs) != c.games || len(problems) != 1 {
				t.Fatalf("%d games, problems %v, %v; want %d games and one problem", len(recs), problems, err, c.games)
			}
			if !errors.Is(problems[0], ErrFormat) || !strings.Contains(problems[0].Error(), c.want) {
				t.Errorf("problem %v, want %q", problems[0], c.want)
			}
		})
	}
}

// date-start as Abstract Play writes it (with milliseconds), as a date alone, or missing.
func TestAbstractPlayDates(t *testing.T) {
	game := apOf(testgame.Line(engine.Kiswahili, 6, 1, 1), "")
	for _, c := range []struct{ date, want string }{
		{`"2024-03-05T10:00:00.123Z"`, "2024.03.05"},
		{`"2024-03-05T23:30:00-05:00"`, "2024.03.06"},
		{`"2024-03-05"`, "2024.03.05"},
		{`"` + apNoDate + `"`, "????.??.??"},
	} {
		doc := strings.Replace(game, `"2024-03-05T10:00:00Z"`, c.date, 1)
		recs := mustImport(t, "abstractplay", "d.json", []byte(doc), Options{})
		if got := recs[0].Tag("Date"); got != c.want && !(got == "" && c.want == "????.??.??") {
			t.Errorf("date-start %s: Date %q, want %q", c.date, got, c.want)
		}
	}
	if _, _, err := Import("abstractplay", "d.json", []byte(strings.Replace(game, `"2024-03-05T10:00:00Z"`, `"March 5"`, 1)), Options{}); !errors.Is(err, ErrFormat) {
		t.Errorf("a date-start that is no date: %v", err)
	}
}

// One file of the folder that bao cannot read is named, and the sink still takes games for
// the others (it refused every import into the folder), never for that one.
func TestSinkPassesOverUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "alpha.bgn")
	if err := os.WriteFile(bad, []byte("not bgn ["), 0o644); err != nil {
		t.Fatal(err)
	}
	stored := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 7, 1), "")), Options{})
	if err := os.WriteFile(filepath.Join(dir, "zeta.bgn"), []byte(bgnOf(t, stored)), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSink(dir)
	if s == nil || err == nil || !strings.Contains(err.Error(), "alpha.bgn") {
		t.Fatalf("sink %v, error %v; want a sink and an error naming alpha.bgn", s, err)
	}
	recs := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 6, 1), "")), Options{})
	// zeta.bgn, after the unreadable file, is known: its game is not added again.
	if added, dups, err := s.Add(filepath.Join(dir, "beta.bgn"), append(recs, stored...), false); added != 1 || len(dups) != 1 || err != nil {
		t.Errorf("beta.bgn: added %d, %d duplicates, %v; want 1 and 1", added, len(dups), err)
	}
	if _, _, err := s.Add(bad, recs, false); err == nil {
		t.Error("added to the unreadable file")
	}
	if b, _ := os.ReadFile(bad); string(b) != "not bgn [" {
		t.Errorf("the unreadable file was changed: %q", b)
	}
	// Written anew (--force), it takes every new game, not only the first.
	more := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 5, 1), "")), Options{})
	more = append(more, mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 4, 1), "")), Options{})...)
	if added, _, err := s.Add(bad, more, true); added != 2 || err != nil {
		t.Errorf("alpha.bgn written anew: added %d, %v; want 2", added, err)
	}
}
