package event

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/notation"
)

// The Berger tables as arbiters publish them (FIDE Handbook C.05, annex 1), {white, black}:
// here {South, North}.
var published = map[int][][][2]int{
	4: {{{1, 4}, {2, 3}}, {{4, 3}, {1, 2}}, {{2, 4}, {3, 1}}},
	6: {{{1, 6}, {2, 5}, {3, 4}}, {{6, 4}, {5, 3}, {1, 2}}, {{2, 6}, {3, 1}, {4, 5}},
		{{6, 5}, {1, 4}, {2, 3}}, {{3, 6}, {4, 2}, {5, 1}}},
	8: {{{1, 8}, {2, 7}, {3, 6}, {4, 5}}, {{8, 5}, {6, 4}, {7, 3}, {1, 2}}, {{2, 8}, {3, 1}, {4, 7}, {5, 6}}},
}

func TestBergerPublished(t *testing.T) {
	for n, want := range published {
		got := Berger(n, 1)
		for r := range want {
			if fmt.Sprint(got[r]) != fmt.Sprint(want[r]) {
				t.Errorf("%d players, round %d: %v, want %v", n, r+1, got[r], want[r])
			}
		}
	}
}

func TestBergerEveryPairOnce(t *testing.T) {
	for n := 3; n <= 16; n++ {
		for cycles := 1; cycles <= 2; cycles++ {
			rounds := Berger(n, cycles)
			m := n + n%2
			if len(rounds) != cycles*(m-1) {
				t.Fatalf("%d players: %d rounds", n, len(rounds))
			}
			met := map[[2]int]int{}
			colour := map[int]int{}
			for r, round := range rounds {
				seen := map[int]bool{}
				for _, p := range round {
					for _, x := range p {
						if x != 0 && seen[x] {
							t.Fatalf("%d players, round %d: %d plays twice", n, r+1, x)
						}
						seen[x] = true
					}
					if p[1] == 0 {
						continue
					}
					met[[2]int{min(p[0], p[1]), max(p[0], p[1])}]++
					colour[p[0]]++
					colour[p[1]]--
				}
			}
			if len(met) != n*(n-1)/2 {
				t.Errorf("%d players: %d distinct pairings", n, len(met))
			}
			for k, c := range met {
				if c != cycles {
					t.Errorf("%d players: %v meet %d times", n, k, c)
				}
			}
			for p, c := range colour {
				if cycles == 2 && c != 0 || c < -1 || c > 1 {
					t.Errorf("%d players, %d cycles: player %d colour balance %d", n, cycles, p, c)
				}
			}
		}
	}
}

// play runs rounds of an event folder, deciding each stub with results from rnd.
func play(t *testing.T, dir string, rounds int, rnd *rand.Rand) {
	t.Helper()
	for range rounds {
		path, _, err := Pair(dir)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		results := []string{"1-0", "0-1", "1/2-1/2"}
		var out []string
		for _, part := range strings.Split(string(b), "[Result \"*\"]") {
			out = append(out, part)
		}
		s := out[0]
		for _, part := range out[1:] {
			res := results[rnd.IntN(3)]
			s += `[Result "` + res + `"]` + "\n[Termination \"adjudication\"]" + strings.Replace(part, "\n*\n", "\n"+res+"\n", 1)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func newEvent(t *testing.T, format string, n int, mod func(*Config)) string {
	dir := t.TempDir()
	c := Config{Name: "Test", Variant: "kiswahili", Format: format}
	for i := range n {
		c.Players = append(c.Players, Player{Name: fmt.Sprintf("Player %02d", i+1), Rating: 2000 - 10*i})
	}
	if mod != nil {
		mod(&c)
	}
	if err := New(dir, c); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSwiss24Players7Rounds(t *testing.T) {
	var first string
	for run := range 2 {
		dir := newEvent(t, "swiss", 24, func(c *Config) { c.Rounds = 7 })
		play(t, dir, 7, rand.New(rand.NewPCG(1, 2)))
		if _, _, err := Pair(dir); !errors.Is(err, ErrComplete) {
			t.Errorf("an eighth round: %v", err)
		}
		c, _ := Load(dir)
		games, problems, err := Games(dir, c)
		if err != nil || len(problems) > 0 {
			t.Fatal(err, problems)
		}
		h := newHistory(nil)
		met := map[[2]string]bool{}
		for _, g := range games {
			k := [2]string{min(g.South, g.North), max(g.South, g.North)}
			if met[k] {
				t.Errorf("round %d: %s and %s meet again", g.Round, g.South, g.North)
			}
			met[k] = true
			h.colour[g.South]++
			h.colour[g.North]--
		}
		for p, c := range h.colour {
			if c < -1 || c > 1 {
				t.Errorf("%s: South minus North %d", p, c)
			}
		}
		if len(games) != 7*12 {
			t.Errorf("%d games", len(games))
		}
		var b strings.Builder
		for _, g := range games {
			fmt.Fprintf(&b, "%d.%d %s-%s %s\n", g.Round, g.Board, g.South, g.North, g.Result)
		}
		if run == 0 {
			first = b.String()
		} else if b.String() != first {
			t.Error("the same results paired differently")
		}
	}
}

func TestPairRefusesUnfinishedRound(t *testing.T) {
	dir := newEvent(t, "round-robin", 5, nil)
	path, r, err := Pair(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Boards) != 3 || r.Boards[2].North != "" {
		t.Errorf("5 players: boards %v, want 2 games and a bye last", r.Boards)
	}
	if _, _, err := Pair(dir); !errors.Is(err, ErrUnfinished) || !strings.Contains(err.Error(), filepath.Base(path)) {
		t.Errorf("pairing over an unfinished round: %v", err)
	}
}

// A small event with hand-computed standings. Players A B C D, round robin:
// round 1: A-D 1-0, B-C 1/2; round 2: D-C 0-1 forfeit (no moves), A-B 0-1;
// round 3: B-D 1-0, C-A 1/2.
// Points: A 1.5, B 2.5, C 2, D 0. A bye scores 1 (none here).
// Buchholz: A: D0+B2.5+C2 = 4.5; B: C2+A1.5+D0 = 3.5; C: B2.5+D0+A1.5 = 4; D: A1.5+C2+B2.5 = 6.
// Sonneborn-Berger: A: 1*0 + 0*2.5 + .5*2 = 1; B: .5*2 + 1*1.5 + 1*0 = 2.5; C: .5*2.5 + 1*0 + .5*1.5 = 2;
// D: 0.
// Median Buchholz (highest and lowest dropped): A 2, B 1.5, C 1.5, D 2.
func TestStandingsByHand(t *testing.T) {
	dir := newEvent(t, "round-robin", 0, func(c *Config) {
		for _, n := range []string{"A", "B", "C", "D"} {
			c.Players = append(c.Players, Player{Name: n})
		}
	})
	games := []Game{
		{Round: 1, Board: 1, South: "A", North: "D", Result: "1-0", Moves: 30},
		{Round: 1, Board: 2, South: "B", North: "C", Result: "1/2-1/2", Moves: 30},
		{Round: 2, Board: 1, South: "D", North: "C", Result: "0-1", Termination: "forfeit"},
		{Round: 2, Board: 2, South: "A", North: "B", Result: "0-1", Moves: 30},
		{Round: 3, Board: 1, South: "B", North: "D", Result: "1-0", Moves: 30},
		{Round: 3, Board: 2, South: "C", North: "A", Result: "1/2-1/2", Moves: 30},
	}
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tab := Standings(c, games, 0)
	want := []struct {
		player                   string
		rank                     int
		points, bh, sb, med, win float64
		north                    float64
	}{
		{"B", 1, 2.5, 3.5, 2.5, 1.5, 2, 1},
		{"C", 2, 2, 4, 2, 1.5, 1, 2},
		{"A", 3, 1.5, 4.5, 1, 2, 1, 1},
		{"D", 4, 0, 6, 0, 2, 0, 2},
	}
	for i, w := range want {
		s := tab.Standings[i]
		got := []float64{s.Points, s.TieBreaks["buchholz"], s.TieBreaks["sonneborn-berger"], s.TieBreaks["median-buchholz"], s.TieBreaks["wins"], s.TieBreaks["north"]}
		if s.Player != w.player || s.Rank != w.rank || fmt.Sprint(got) != fmt.Sprint([]float64{w.points, w.bh, w.sb, w.med, w.win, w.north}) {
			t.Errorf("rank %d: %s %d %v, want %+v", i+1, s.Player, s.Rank, got, w)
		}
	}
	if tab.Cross[1][3] != "+" || tab.Cross[3][1] != "-" {
		t.Errorf("the forfeit in the crosstable: %v", tab.Cross)
	}
	// After round 1 only.
	if t1 := Standings(c, games, 1); t1.Standings[0].Player != "A" || t1.Standings[0].Games != 1 {
		t.Errorf("after round 1: %+v", t1.Standings[0])
	}
	// Direct encounter breaks a tie of points between two who met.
	// A beat B, B beat C: 1 point each, and A first by their game.
	games = []Game{{Round: 1, Board: 1, South: "A", North: "B", Result: "1-0", Moves: 9},
		{Round: 2, Board: 1, South: "C", North: "B", Result: "0-1", Moves: 9}}
	tab = Standings(c, games, 0)
	if tab.Standings[0].Player != "A" || tab.Standings[0].TieBreaks["direct"] != 1 || tab.Standings[1].TieBreaks["direct"] != 0 {
		t.Errorf("direct encounter: %+v", tab.Standings[:2])
	}
}

func TestByeAndUnfinishedCount(t *testing.T) {
	c := &Config{Name: "x", Format: "swiss", Players: []Player{{Name: "A"}, {Name: "B"}, {Name: "C"}}}
	c.defaults()
	games := []Game{
		{Round: 1, Board: 1, South: "A", North: "B", Result: "*", Moves: 12},
		{Round: 1, Board: 2, South: "C", North: "-", Result: "1-0", Termination: "bye"},
	}
	tab := Standings(c, games, 0)
	for _, s := range tab.Standings {
		switch s.Player {
		case "C":
			if s.Points != 1 || s.Games != 0 || s.Byes != 1 {
				t.Errorf("bye: %+v", s)
			}
		default:
			if s.Points != 0 || s.Games != 0 {
				t.Errorf("a game with Result * counts: %+v", s)
			}
		}
	}
}

func TestBestOfThree(t *testing.T) {
	dir := newEvent(t, "match", 2, func(c *Config) { c.Games = 3 })
	c, _ := Load(dir)
	result := []string{"1-0", "1-0"} // Player 01 South in game 1 wins; Player 01 North in game 2 loses
	var games []Game
	for i, res := range result {
		r, err := Next(c, games)
		if err != nil {
			t.Fatal(err)
		}
		b := r.Boards[0]
		games = append(games, Game{Round: r.Number, South: b.South, North: b.North, Result: res, Moves: 20})
		if i == 0 && b.South != "Player 01" {
			t.Errorf("game 1 South %s", b.South)
		}
	}
	tab := Standings(c, games, 0)
	if len(tab.Matches) != 1 || tab.Matches[0].Winner != "" {
		t.Fatalf("1-1 after two games: %+v", tab.Matches)
	}
	r, err := Next(c, games)
	if err != nil || r.Number != 3 {
		t.Fatal(r, err)
	}
	games = append(games, Game{Round: 3, South: r.Boards[0].South, North: r.Boards[0].North, Result: "0-1", Moves: 20})
	tab = Standings(c, games, 0)
	if w := tab.Matches[0].Winner; w != r.Boards[0].North {
		t.Errorf("winner %q after %+v", w, tab.Matches[0])
	}
	if _, err := Next(c, games); !errors.Is(err, ErrComplete) {
		t.Errorf("a fourth game: %v", err)
	}
	// Two wins end it at once.
	two := []Game{{Round: 1, South: "Player 01", North: "Player 02", Result: "1-0"}, {Round: 2, South: "Player 02", North: "Player 01", Result: "0-1"}}
	if _, err := Next(c, two); !errors.Is(err, ErrComplete) {
		t.Errorf("2-0: %v", err)
	}
}

func TestKnockoutSeeds(t *testing.T) {
	ps := Knockout([]string{"1", "2", "3", "4", "5", "6"})
	// The bracket of 8 (1-8, 4-5, 2-7, 3-6) with seeds 7 and 8 missing: byes for 1 and 2.
	if got := fmt.Sprint(ps); got != "[{1 1 } {2 4 5} {3 2 } {4 3 6}]" {
		t.Errorf("6 players: %s", got)
	}
}

func TestKey(t *testing.T) {
	for _, s := range []string{"Ali Juma", "ali  juma", "Juma, Ali", " ALI-JUMA "} {
		if Key(s) != "ali juma" {
			t.Errorf("Key(%q) = %q", s, Key(s))
		}
	}
	// The same name in composed and decomposed form, and in full-width letters.
	for _, s := range []string{"José Ali", "Jose\u0301 Ali", "Ｊｏｓé Ａｌｉ"} {
		if Key(s) != "josé ali" {
			t.Errorf("Key(%q) = %q", s, Key(s))
		}
	}
}

func TestRatings(t *testing.T) {
	games := []Rated{
		{Date: "2001.01.02", Family: "4x8", South: "A", North: "B", Score: 1},
		{Date: "2001.01.01", Family: "4x8", South: "B", North: "A", Score: 0.5},
		{Date: "2001.01.01", Family: "2x6", South: "A", North: "C", Score: 0},
		// The same players spelt otherwise (they were rated as two others): A draws with B.
		{Date: "2001.01.03", Family: "4x8", South: "a", North: " b ", Score: 0.5},
	}
	rs := Ratings(games, true)
	// 4x8: the draw first (no change between equals), then A beats B: +10.
	want := "2x6 C 1510 1; 2x6 A 1490 1; 4x8 A 1509.4 3; 4x8 B 1490.6 3; "
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%s %s %g %d; ", r.Family, r.Player, r.Rating, r.Games)
	}
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}

// An event that cannot be paired or written is refused when it is created (a knockout of one
// player panicked; a newline in a name wrote round files that do not parse).
func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct {
		name    string
		format  string
		players []string
	}{
		{"no players", "knockout", nil},
		{"one player", "knockout", []string{"Ali"}},
		{"one player swiss", "swiss", []string{"Ali"}},
		{"newline", "swiss", []string{"Ali\nJuma", "Bakari"}},
		{"control", "round-robin", []string{"Ali\x01", "Bakari"}},
		{"twice", "swiss", []string{"Ali Juma", "ali  JUMA"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Config{Name: "Open", Variant: "kete", Format: tc.format}
			for _, p := range tc.players {
				c.Players = append(c.Players, Player{Name: p})
			}
			if err := New(t.TempDir(), c); !errors.Is(err, ErrConfig) {
				t.Errorf("New: %v, want ErrConfig", err)
			}
		})
	}
}

// Pairs run at once pair the round once: the others find it unfinished (without the lock each
// saw no round file and wrote it over the other's).
func TestPairConcurrent(t *testing.T) {
	dir := newEvent(t, "swiss", 6, nil)
	errs := make(chan error, 8)
	for range 8 {
		go func() { _, _, err := Pair(dir); errs <- err }()
	}
	ok := 0
	for range 8 {
		err := <-errs
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, ErrUnfinished):
			t.Errorf("Pair: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of 8 Pairs wrote the round, want 1", ok)
	}
}

// Games leaves out, and reports, what the event cannot count: a result entered twice (it
// counted twice), a game of a stranger, a player against themselves, a game never paired. A
// replay is kept.
func TestGamesProblems(t *testing.T) {
	dir := newEvent(t, "swiss", 4, nil)
	play(t, dir, 1, rand.New(rand.NewPCG(1, 2)))
	first, _ := os.ReadFile(filepath.Join(dir, "round-01.bgn"))
	game := func(round, south, north, result, termination string) string {
		return fmt.Sprintf("[Event \"Test\"]\n[Round %q]\n[South %q]\n[North %q]\n[Result %q]\n[Termination %q]\n\n%s\n\n",
			round, south, north, result, termination, result)
	}
	extra := string(first) + "\n" + // every result of round 1 again
		game("1.3", "Player 01", "Stranger", "1-0", "forfeit") +
		game("1.4", "Player 02", "player  02", "1-0", "forfeit") +
		game("1.5", "Player 01", "Player 03", "1-0", "forfeit") // never paired: both play on another board
	if err := os.WriteFile(filepath.Join(dir, "z-results.bgn"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, problems, err := Games(dir, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || len(problems) != 5 {
		t.Errorf("%d games, %d problems %q; want 2 games and 5 problems", len(games), len(problems), problems)
	}
	for _, p := range problems {
		if !errors.Is(p, ErrConfig) || !strings.Contains(p.Error(), "z-results.bgn:") {
			t.Errorf("problem %q: want ErrConfig located in z-results.bgn", p)
		}
	}
	total := 0.0
	for _, s := range Standings(c, games, 0).Standings {
		total += s.Points
	}
	if total != 2 {
		t.Errorf("standings share %g points after one round of two games", total)
	}
	// A game voided for a replay leaves its board to the replay.
	replay := game("2.1", "Player 01", "Player 02", "1-0", "replayed") + game("2.1", "Player 01", "Player 02", "0-1", "normal")
	if err := os.WriteFile(filepath.Join(dir, "z-results.bgn"), []byte(replay), 0o644); err != nil {
		t.Fatal(err)
	}
	if games, problems, _ = Games(dir, c); len(games) != 4 || len(problems) != 0 {
		t.Errorf("replay: %d games, problems %q; want 4 and none", len(games), problems)
	}
}

// RatedOf takes a result from the movetext when the Result tag is missing (such games were
// left out of the ratings), rates a game played but not recorded, and leaves out what cannot
// be rated: forfeits among them.
func TestRatedOf(t *testing.T) {
	for _, tc := range []struct {
		name, bgn string
		want      float64 // South's score; -1: not rated
	}{
		{"no Result tag", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n\nA6< 1-0\n", 1},
		{"tag only", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Result \"0-1\"]\n[Termination \"unrecorded\"]\n\n", 0},
		{"draw", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Termination \"agreement\"]\n\n1/2-1/2\n", 0.5},
		{"forfeit", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Termination \"forfeit\"]\n\n1-0\n", -1},
		{"no moves, no Termination", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n\n1-0\n", -1},
		{"replayed", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Termination \"replayed\"]\n\nA6< 1-0\n", -1},
		{"unfinished", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Result \"*\"]\n\n*\n", -1},
		{"no date", "[Variant \"kete\"]\n[South \"A\"]\n[North \"B\"]\n\n1-0\n", -1},
		{"year unknown", "[Variant \"kete\"]\n[Date \"????.02.03\"]\n[South \"A\"]\n[North \"B\"]\n\n1-0\n", -1},
		{"no variant", "[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n\n1-0\n", -1},
		{"no North", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n\n1-0\n", -1},
		{"against themselves", "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \" a \"]\n[Result \"1-0\"]\n\n1-0\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := notation.Parse("t.bgn", strings.NewReader(tc.bgn))
			if err != nil || len(recs) != 1 {
				t.Fatalf("%d records, %v", len(recs), err)
			}
			g, ok := RatedOf(recs[0], Aliases{})
			switch {
			case tc.want < 0 && ok:
				t.Errorf("rated: %+v", g)
			case tc.want >= 0 && (!ok || g.Score != tc.want):
				t.Errorf("got %+v, %v; want score %g", g, ok, tc.want)
			}
		})
	}
}

// A hand-edited event.toml that cannot be read is an ErrConfig at its line and column (a value
// of the wrong type and an unknown key had no position).
func TestDecodeConfigLocated(t *testing.T) {
	const head = "name = \"X\"\nvariant = \"kete\"\nformat = \"swiss\"\n"
	const players = "[[players]]\nname = \"A\"\n[[players]]\nname = \"B\"\n"
	for _, tc := range []struct{ name, data, at string }{
		{"wrong type", head + "rounds = \"five\"\n" + players, "e.toml:4:1: "},
		{"wrong type in a table", head + players + "[scoring]\n  win = \"x\"\n", "e.toml:9:3: "},
		{"unknown key", head + players + "  age = 3\n", "e.toml:8:3: "},
		{"unknown top key", head + "colour = 1\n" + players, "e.toml:4:1: "},
		{"truncated", head + "[[players]]\nname = \"A", "e.toml:5:"},
		{"no players", head, "e.toml: "},
		{"a billion games", head + "games = 1000000000\n" + players, "e.toml: "},
		{"nan", head + players + "[scoring]\n  win = nan\n", "e.toml: "},
		{"inf", head + players + "[scoring]\n  win = 1.0\n  bye = inf\n", "e.toml: "},
		{"withdrawn before the start", head + players + "withdrawn = -1\n", "e.toml: "},
		// values that overflowed the standings (+Inf in JSON) or made round files unreadable
		{"a huge win", head + players + "[scoring]\n  win = 1e308\n", "e.toml: "},
		{"a huge name", strings.Replace(head, `"X"`, `"`+strings.Repeat("x", 50<<10)+`"`, 1) + players, "e.toml: "},
		{"a huge player", head + players + "[[players]]\nname = \"" + strings.Repeat("y", 1000) + "\"\n", "e.toml: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeConfig("e.toml", []byte(tc.data))
			if !errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), tc.at) {
				t.Errorf("got %v, want ErrConfig at %q", err, tc.at)
			}
		})
	}
}

// GameOf refuses a Result it cannot score, at the tag's value: "1:0" counted as a game that
// both players lost, and let the next round be paired.
func TestGameOfResult(t *testing.T) {
	for _, tc := range []struct{ result, movetext, err string }{
		{"1-0", "1-0", ""},
		{"1/2-1/2", "*", ""},
		{"*", "*", ""},
		{"1:0", "*", "t.bgn:3:9: "},
		{"2-0", "*", "t.bgn:3:9: "},
		{"½-½", "*", "t.bgn:3:9: "},
	} {
		bgn := "[Event \"E\"]\n[Round \"1.1\"]\n[Result \"" + tc.result + "\"]\n[South \"A\"]\n[North \"B\"]\n\n" + tc.movetext + "\n"
		recs, err := notation.Parse("t.bgn", strings.NewReader(bgn))
		if len(recs) != 1 {
			t.Fatalf("%s: %d records, %v", tc.result, len(recs), err)
		}
		_, err = GameOf(recs[0], "t.bgn", "t.bgn")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.result, err)
		case tc.err != "" && (!errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%s: %v, want ErrConfig at %s", tc.result, err, tc.err)
		}
	}
}

// A round robin whose players change after it has begun refuses to pair a game played already
// (a late entry re-dealt the Berger tables and paired B-C and A-D twice).
func TestRoundRobinLateEntry(t *testing.T) {
	for _, cycles := range []int{1, 2} {
		dir := newEvent(t, "round-robin", 4, func(c *Config) { c.Cycles = cycles; c.Games = 2 })
		rnd := rand.New(rand.NewPCG(3, 4))
		play(t, dir, 3*cycles, rnd) // every round: the tables hold while the players do
		if cycles == 2 {
			if _, _, err := Pair(dir); !errors.Is(err, ErrComplete) {
				t.Fatalf("double round robin: %v, want ErrComplete", err)
			}
			continue
		}
		toml, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
		late := append(toml, "\n[[players]]\n  name = \"Late Entry\"\n"...)
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), late, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Pair(dir); !errors.Is(err, ErrNoPairing) {
			t.Errorf("after a late entry: %v, want ErrNoPairing", err)
		}
	}
}

// A record with a syntax error is reported at its place and left out (its result may be
// misread); the records around it count.
func TestGamesBrokenRecord(t *testing.T) {
	dir := newEvent(t, "swiss", 2, nil)
	bgn := "[Event \"Test\"]\n[Round \"1.1\"]\n[South \"Player 01\"]\n[North \"Player 02\"]\n[Result \"1-0\"\n\n1-0\n\n" +
		"[Event \"Test\"]\n[Round \"1.2\"]\n[South \"Player 02\"]\n[North \"Player 01\"]\n[Result \"0-1\"]\n\n0-1\n"
	if err := os.WriteFile(filepath.Join(dir, "r.bgn"), []byte(bgn), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, problems, err := Games(dir, c)
	if err != nil || len(games) != 1 || games[0].Board != 2 || len(problems) != 1 ||
		!strings.Contains(problems[0].Error(), "r.bgn:5:") {
		t.Errorf("games %+v, problems %q, %v; want board 2 only and a problem at r.bgn:5", games, problems, err)
	}
}

// A Swiss event of two players with the default rounds plays one round and is complete (it
// asked for a second and reported that every pairing repeats a game).
func TestSwissTwoPlayersDefaultRounds(t *testing.T) {
	dir := newEvent(t, "swiss", 2, nil)
	play(t, dir, 1, rand.New(rand.NewPCG(5, 6)))
	if _, _, err := Pair(dir); !errors.Is(err, ErrComplete) {
		t.Errorf("after round 1: %v, want ErrComplete", err)
	}
}

// A knockout of one game per pairing plays a drawn pairing again as its game 2 (the next
// game was numbered 1 and pair tried to write round-01.bgn over the round).
func TestKnockoutDrawReplayed(t *testing.T) {
	dir := newEvent(t, "knockout", 4, nil)
	if _, _, err := Pair(dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "round-01.bgn")
	b, _ := os.ReadFile(path)
	s := strings.Replace(string(b), "[Result \"*\"]", "[Result \"1/2-1/2\"]", 1)
	s = strings.Replace(s, "\n*\n", "\n1/2-1/2\n", 1)
	s = strings.ReplaceAll(strings.ReplaceAll(s, "[Result \"*\"]", "[Result \"1-0\"]"), "\n*\n", "\n1-0\n")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	got, r, err := Pair(dir)
	if err != nil || filepath.Base(got) != "round-01-game-2.bgn" || r.Sub != 2 || len(r.Boards) != 1 {
		t.Fatalf("Pair: %s %+v %v; want the drawn pairing's game 2 in round-01-game-2.bgn", got, r, err)
	}
	c, _ := Load(dir)
	games, problems, _ := Games(dir, c)
	if len(games) != 3 || len(problems) != 0 || games[1].Sub != 2 {
		t.Errorf("games %+v, problems %q", games, problems)
	}
}

// When the rank-order search gives up, Swiss still finds the one pairing left: the bottom five
// have met each other and everyone but one top player each (the 101-player event of 33 rounds
// in which this showed could not be paired further, "every pairing repeats a game").
func TestSwissPairingLateInLongEvent(t *testing.T) {
	var players []string
	ratings := map[string]int{}
	for i := range 40 {
		p := fmt.Sprintf("P%02d", i+1)
		players = append(players, p)
		ratings[Key(p)] = 3000 - i
	}
	var games []Game
	meet := func(a, b string) {
		games = append(games, Game{Round: 1, South: a, North: b, Result: "1/2-1/2", Moves: 1})
	}
	bottom := players[35:]
	for i, b := range bottom {
		for _, o := range players[:35] {
			if o != players[i] {
				meet(o, b)
			}
		}
		for _, o := range bottom[i+1:] {
			meet(b, o)
		}
	}
	boards, err := Swiss(players, map[string]float64{}, ratings, games)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range bottom {
		if !slices.ContainsFunc(boards, func(p Pairing) bool {
			return (p.South == b && p.North == players[i]) || (p.North == b && p.South == players[i])
		}) {
			t.Errorf("%s does not meet %s: %+v", b, players[i], boards)
		}
	}
}

// The name a list shows carries no control characters: "\x1b[31m" in a South tag coloured
// the terminal of whoever ran bao players.
func TestAliasesNameVisible(t *testing.T) {
	for in, want := range map[string]string{
		"Ali \x1b[31mJuma": "Ali [31mJuma",
		"Ali\tJuma\x07":    "Ali Juma",
		"  Ali   Juma ":    "Ali Juma",
	} {
		if got := (Aliases{}).Name(in); got != want {
			t.Errorf("Name(%q) = %q, want %q", in, got, want)
		}
	}
}

// A players.toml that cannot be read is an ErrConfig at its place: a misspelt key ("alias")
// was ignored, so the aliases silently did nothing, and a wrong type had no position.
func TestParseAliasesLocated(t *testing.T) {
	for _, tc := range []struct{ name, data, at string }{
		{"misspelt key", "[[player]]\nname = \"Ali Juma\"\nalias = [\"A. Juma\"]\n", "p.toml:3:1: "},
		{"wrong type", "[[player]]\nname = \"Ali Juma\"\naliases = \"A. Juma\"\n", "p.toml:3:1: "},
		{"syntax", "[[player]\nname = \"Ali Juma\"\n", "p.toml:2:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseAliases("p.toml", []byte(tc.data))
			if !errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), tc.at) {
				t.Errorf("got %v, want ErrConfig at %q", err, tc.at)
			}
		})
	}
	a, err := ParseAliases("p.toml", []byte("[[player]]\nname = \"Ali Juma\"\naliases = [\"A. Juma\"]\n"))
	if err != nil || a.Name("a  juma") != "Ali Juma" {
		t.Errorf("aliases %v, %v", a, err)
	}
}

// TestNames: a player query names a player by whole words of any spelling of the name, as bao
// search, bao serve's search and the static search all read it (issue: "--player Haji" found
// nothing, "haji, mzee" nothing in the static search).
func TestNames(t *testing.T) {
	a := Aliases{"ali juma": "Ali Juma", "a juma": "Ali Juma", "ally juma": "Ali Juma"}
	cases := []struct {
		query, spelling string
		want            bool
	}{
		{"Haji", "Mzee Haji", true},
		{"haji, mzee", "Mzee Haji", true},
		{"Mzee Haji", "Haji, Mzee", true},
		{"MZEE", "Mzee Haji", true},
		{"Haj", "Mzee Haji", false},
		{"Haji Mzee", "Mzee Haji", false}, // words in order: not the same name
		{"ali", "Khalid Omar", false},
		{"Ally", "A. Juma", true}, // an alias of the same player
		{"Juma, Ally", "Ali Juma", true},
		{"ally", "Ally Omar", true},
		{"", "Mzee Haji", false},
		{"?", "Mzee Haji", false},
		{"a b c d e f g", "a b c d e f g", true}, // longer than a run: the whole name
		{"b c d e f g", "a b c d e f g h", true},
		{"b c d e f g h", "a b c d e f g h", false},
	}
	for _, c := range cases {
		if got := a.Names(c.query, c.spelling); got != c.want {
			t.Errorf("Names(%q, %q) = %v, want %v", c.query, c.spelling, got, c.want)
		}
	}
	if got := a.KeysNamed("Ally"); !slices.Equal(got, []string{"a juma", "ali juma", "ally juma"}) {
		t.Errorf("KeysNamed(Ally) = %v, want every spelling of Ali Juma", got)
	}
	if got := a.KeysNamed("Omar"); len(got) != 0 {
		t.Errorf("KeysNamed(Omar) = %v, want none", got)
	}
}
