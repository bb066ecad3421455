package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// testGame is a game the tests wrote into an archive, with what they know about it without
// asking the index: its id, tags, and the BPN of every main-line position.
type testGame struct {
	id      string
	variant *engine.Variant
	tags    map[string]string
	moves   []string
	path    []string // BPN of the start and of the position after each move
	errors  bool
}

// fixture is a hand-made archive of all four variants, two broken files and their games.
type fixture struct {
	root  string
	games []testGame
}

func (f *fixture) ids(keep func(g testGame) bool) []string {
	var ids []string
	for _, g := range f.games {
		if keep(g) {
			ids = append(ids, g.id)
		}
	}
	slices.Sort(ids)
	return ids
}

// addGames writes random games of v to file: game i is engine.RandomGame with seed and index i,
// its tags from tags(i).
func (f *fixture) addGames(t testing.TB, file string, v *engine.Variant, seed uint64, maxPlies int, tags func(i int) [][2]string, n int) {
	t.Helper()
	var recs []*notation.Record
	for i := range n {
		g := engine.RandomGame(v.Start(), engine.NewRand(seed, uint64(i)), maxPlies)
		var ts []notation.Tag
		for _, kv := range tags(i) {
			ts = append(ts, notation.Tag{Name: kv[0], Value: kv[1]})
		}
		rec := notation.FromGame(ts, g)
		tg := testGame{id: docID(file, i+1), variant: v, tags: map[string]string{}}
		for _, tag := range rec.Tags {
			tg.tags[tag.Name] = tag.Value
		}
		p := g.Start()
		tg.path = append(tg.path, p.String())
		for _, m := range g.Moves() {
			tg.moves = append(tg.moves, v.FormatMove(m))
			p, _ = p.Apply(m)
			tg.path = append(tg.path, p.String())
		}
		recs = append(recs, rec)
		f.games = append(f.games, tg)
	}
	var b strings.Builder
	if err := notation.Write(&b, recs...); err != nil {
		t.Fatal(err)
	}
	f.write(t, file, b.String())
}

func (f *fixture) write(t testing.TB, file, text string) {
	t.Helper()
	p := filepath.Join(f.root, filepath.FromSlash(file))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func roster(event, date, south, north string) [][2]string {
	return [][2]string{{"Event", event}, {"Site", "?"}, {"Date", date}, {"Round", "1"},
		{"South", south}, {"North", north}}
}

// newFixture writes the shared test archive:
//
//	zanzibar/1998.bgn  3 Kiswahili games, Zanzibar Open 1998, Ali Juma vs Mwana Hassan
//	lamu/kete.bgn      2 Kete games, Lamu Festival 2005, Bwana Kombo vs ali juma
//	kingulu.bgn        4 Kingulu games, 1975, Kombo vs Hassan
//	kimasai/k.bgn      2 Kimasai games, no date, no players
//	bad/illegal.bgn    a Kingulu game whose second move is illegal
//	bad/novariant.bgn  a game without a Variant tag
func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{root: t.TempDir()}
	f.addGames(t, "zanzibar/1998.bgn", engine.Kiswahili, 1, 2000, func(i int) [][2]string {
		s, n := "Ali Juma", "Mwana Hassan"
		if i%2 == 1 {
			s, n = n, s
		}
		return roster("Zanzibar Open", "1998.07.1"+fmt.Sprint(i), s, n)
	}, 3)
	f.addGames(t, "lamu/kete.bgn", engine.Kete, 2, 2000, func(i int) [][2]string {
		return roster("Lamu Festival", "2005.??.??", "Bwana Kombo", "ali juma")
	}, 2)
	f.addGames(t, "kingulu.bgn", engine.Kingulu, 3, 2000, func(i int) [][2]string {
		return roster("Kingulu Cup", "1975.03.0"+fmt.Sprint(i+1), "Kombo", "Hassan")
	}, 4)
	f.addGames(t, "kimasai/k.bgn", engine.Kimasai, 4, 40, func(i int) [][2]string {
		return [][2]string{{"Annotator", "Juma"}}
	}, 2)
	f.write(t, "bad/illegal.bgn", `[Event "Broken"]
[South "X"]
[North "Y"]
[Result "*"]
[Variant "Bao Kingulu"]

1. A3 A1 *
`)
	// indexed as far as it replays: the start and the position after A3
	a3, _ := engine.Kingulu.Start().ParseChild("A3", nil)
	f.games = append(f.games, testGame{id: "bad/illegal.bgn#1", variant: engine.Kingulu, errors: true,
		tags:  map[string]string{"Event": "Broken", "South": "X", "North": "Y", "Result": "*"},
		moves: []string{"A3"}, path: []string{engine.Kingulu.Start().String(), a3.Position.String()}})
	f.write(t, "bad/novariant.bgn", "[Event \"Nothing\"]\n\n1. A3 *\n")
	f.games = append(f.games, testGame{id: "bad/novariant.bgn#1", errors: true, tags: map[string]string{"Event": "Nothing"}})
	f.write(t, "notes.txt", "not a record file")
	return f
}

// build indexes the fixture and opens the index for reading.
func (f *fixture) build(t testing.TB, o UpdateOptions) (*Index, Summary) {
	t.Helper()
	sum, err := Update(context.Background(), f.root, o)
	if err != nil {
		t.Fatal(err)
	}
	dir := o.IndexDir
	if dir == "" {
		dir = DefaultIndexDir(f.root)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix, sum
}

// hitIDs runs q for every hit and returns the sorted ids.
func hitIDs(t testing.TB, ix *Index, q Query) []string {
	t.Helper()
	q.Limit = 10000
	res, err := ix.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	if res.Total != len(res.Hits) {
		t.Errorf("%+v: total %d, %d hits", q, res.Total, len(res.Hits))
	}
	var ids []string
	for _, h := range res.Hits {
		ids = append(ids, h.ID)
	}
	slices.Sort(ids)
	return ids
}

func TestWalkSkipsDotDirsAndOtherFiles(t *testing.T) {
	f := newFixture(t)
	f.write(t, ".git/x.bgn", "")
	f.write(t, ".bao/index/y.bgn", "")
	files, _, _, err := walk(f.root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range files {
		got = append(got, d.path)
	}
	want := []string{"bad/illegal.bgn", "bad/novariant.bgn", "kimasai/k.bgn", "kingulu.bgn", "lamu/kete.bgn", "zanzibar/1998.bgn"}
	if !slices.Equal(got, want) {
		t.Errorf("walk found %v, want %v", got, want)
	}
}
