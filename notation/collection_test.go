package notation

import (
	"fmt"
	"strings"
	"testing"
)

func TestPlayedOf(t *testing.T) {
	recs := parseAll(t, `[Variant "kingulu"] 1. A3 a1 *

[Variant "Bao Kingulu"] [South "Someone else"] 1. A3 a1 1-0

[Variant "kingulu"] 1. A3 a2 A4 *

[Variant "zanzibar"] 1. A6<* *

[Variant "kiswahili"] 1. A6< *

[Variant "chess"] 1. e4 *
`)
	tests := []struct {
		rec   int
		moves string
		plies int
		same  int // the record it is the same game as, or -1
	}{
		{0, "A3 a1", 2, -1},
		{1, "A3 a1", 2, 0},     // other tags, the same game
		{2, "A3 a2 A4", 1, -1}, // a2 is illegal: kept as written from there
		{3, "A6<*", 1, -1},
		{4, "A6<*", 1, 3}, // a suffix left out: the same move
		{5, "e4", 0, -1},
	}
	var d Duplicates
	for _, tc := range tests {
		p := PlayedOf(recs[tc.rec])
		if got := strings.Join(p.Moves, " "); got != tc.moves || p.Plies != tc.plies {
			t.Errorf("record %d: moves %q (%d played), want %q (%d)", tc.rec, got, p.Plies, tc.moves, tc.plies)
		}
		of, dup := d.Add(recs[tc.rec])
		switch {
		case tc.same < 0 && dup:
			t.Errorf("record %d: a duplicate of game %d", tc.rec, of.Game)
		case tc.same >= 0 && (!dup || of.Game != tc.same+1):
			t.Errorf("record %d: want a duplicate of game %d, got %v %v", tc.rec, tc.same+1, of, dup)
		}
	}
}

func TestTally(t *testing.T) {
	recs := parseAll(t, `[Date "1998.07.12"] [South "Ali"] [North "Bakari"] [Result "1-0"] [Variant "kingulu"] 1. A3 a1 2. A4 1-0

[Date "????.??.??"] [South "Bakari"] [North "Ali"] [Result "*"] [Variant "kingulu"] 1. A3 a3 *

[Date "1999.01.02"] [South "Chausiku"] [North "Ali"] [Result "*"] [Variant "kimasai"] *
`)
	var tl Tally
	for _, r := range recs {
		tl.Add(r)
	}
	s := tl.Stats(2)
	got := fmt.Sprint(s.Games, s.Variant, s.Result, s.Year, s.Player, s.Opening, s.Length)
	want := "3 [{kingulu 2} {kimasai 1}] [{* 2} {1-0 1}] [{? 1} {1998 1} {1999 1}] [{Ali 3} {Bakari 2}] [{? 1} {A3 a1 1}] [{0-19 3}]"
	if got != want {
		t.Errorf("stats\n got %s\nwant %s", got, want)
	}
}

func ExampleDuplicates() {
	recs, _ := Parse("games.bgn", strings.NewReader(`[Event "Club final"] [Variant "kingulu"] 1. A3 a1 *

[Event "The same game, sent in again"] [Variant "Bao Kingulu"] 1. A3 a1 *
`))
	var d Duplicates
	for _, r := range recs {
		if of, dup := d.Add(r); dup {
			fmt.Printf("game %d repeats game %d\n", r.Number, of.Game)
		}
	}
	// Output: game 2 repeats game 1
}

func parseAll(t *testing.T, src string) []*Record {
	t.Helper()
	recs, err := Parse("t.bgn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// With PlayerKey, spellings of one player count together under the first seen, spaces
// collapsed; a name without letters is an unknown player, counted once a game.
func TestTallyPlayerKey(t *testing.T) {
	recs := parseAll(t, `[South "Ali  Juma"] [North "Bakari"] [Variant "kingulu"] *

[South "bakari"] [North "ali juma"] [Variant "kingulu"] *

[South "?"] [North ""] [Variant "kingulu"] *
`)
	key := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, "?"))), " ") }
	for _, c := range []struct {
		key  func(string) string
		want string
	}{
		{nil, "[{? 1} {Ali Juma 1} {Bakari 1} {ali juma 1} {bakari 1}]"},
		{key, "[{Ali Juma 2} {Bakari 2} {? 1}]"},
	} {
		tl := Tally{PlayerKey: c.key}
		for _, r := range recs {
			tl.Add(r)
		}
		if got := fmt.Sprint(tl.Stats(0).Player); got != c.want {
			t.Errorf("players %s, want %s", got, c.want)
		}
	}
}
