package event

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// The organiser's day at a 6-player round robin: pair every round by the Berger tables,
// record one game's moves, enter the other results (played but not recorded, an agreed draw,
// a forfeit), correct one, and check the standings, every tie-break, the rating report and
// the TRF report against values worked out by hand.
func TestOrganiserDayRoundRobin(t *testing.T) {
	dir := t.TempDir()
	c := Config{Name: "Club Night", Site: "Stone Town", Start: "2026.05.02", End: "2026.05.02", Variant: "kiswahili",
		Format: "round-robin", Rating: RatingSettings{K: 10},
		TieBreak: []string{"direct", "sonneborn-berger", "buchholz", "median-buchholz", "buchholz-cut1", "progressive", "opponents-rating", "wins"}}
	for i, n := range []string{"Asha", "Baraka", "Chiku", "Daudi", "Esi", "Faraji"} {
		c.Players = append(c.Players, Player{Name: n, Rating: []int{1800, 1700, 1600, 1500, 1400, 0}[i]})
	}
	if err := New(dir, c); err != nil {
		t.Fatal(err)
	}
	type res struct {
		board  int
		result string
		term   string
	}
	// The Berger tables for six: round 1 Asha-Faraji, Baraka-Esi, Chiku-Daudi; round 2
	// Faraji-Daudi, Esi-Chiku, Asha-Baraka; round 3 Baraka-Faraji, Chiku-Asha, Daudi-Esi;
	// round 4 Faraji-Esi, Asha-Daudi, Baraka-Chiku; round 5 Chiku-Faraji, Daudi-Baraka,
	// Esi-Asha (South first).
	pairs := [][3][2]string{
		{{"Asha", "Faraji"}, {"Baraka", "Esi"}, {"Chiku", "Daudi"}},
		{{"Faraji", "Daudi"}, {"Esi", "Chiku"}, {"Asha", "Baraka"}},
		{{"Baraka", "Faraji"}, {"Chiku", "Asha"}, {"Daudi", "Esi"}},
		{{"Faraji", "Esi"}, {"Asha", "Daudi"}, {"Baraka", "Chiku"}},
		{{"Chiku", "Faraji"}, {"Daudi", "Baraka"}, {"Esi", "Asha"}},
	}
	rounds := [][]res{
		{{1, "1-0", ""}, {2, "1/2-1/2", "agreement"}, {3, "0-1", "resignation"}},
		{{1, "0-1", ""}, {2, "1-0", ""}, {3, "1/2-1/2", ""}},
		{{1, "1-0", ""}, {2, "0-1", ""}, {3, "1/2-1/2", ""}},
		{{1, "0-1", "forfeit"}, {2, "1-0", ""}, {3, "1-0", ""}},
		{{1, "1-0", ""}, {2, "0-1", ""}, {3, "1/2-1/2", ""}},
	}
	for r, results := range rounds {
		_, round, err := Pair(dir)
		if err != nil {
			t.Fatalf("round %d: %v", r+1, err)
		}
		for i, b := range round.Boards {
			if want := pairs[r][i]; b.South != want[0] || b.North != want[1] {
				t.Errorf("round %d board %d: %s-%s, want %s-%s", r+1, b.Board, b.South, b.North, want[0], want[1])
			}
		}
		// Chiku-Daudi is recorded for ten plies, then Chiku resigns; Faraji-Daudi for six, and
		// the arbiter enters the result without saying how it ended: an adjudication.
		recorded := map[int]int{}
		if r <= 1 {
			recorded[3-2*r] = 10 - 4*r
		}
		for board, plies := range recorded {
			s, err := Record(dir, r+1, board, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range testgame.Line(engine.Kiswahili, plies, 2, 1) {
				if _, err := s.Exec(m); err != nil {
					t.Fatal(err)
				}
			}
			s.Close()
		}
		for _, x := range results {
			done, err := SetResult(dir, Entry{Round: r + 1, Board: x.board, Result: x.result, Termination: x.term})
			if err != nil {
				t.Fatalf("round %d board %d: %v", r+1, x.board, err)
			}
			want := map[bool]string{true: "unrecorded", false: "adjudication"}[recorded[x.board] == 0]
			if x.term != "" {
				want = x.term
			}
			if done.Termination != want {
				t.Errorf("round %d board %d: Termination %q, want %q", r+1, x.board, done.Termination, want)
			}
		}
		if r == 0 {
			// Standings are "after round 1" only now that round 1 has its results.
			cfg, _ := Load(dir)
			games, _, _ := Games(dir, cfg)
			if tb := Standings(cfg, games, 0); tb.Round != 1 {
				t.Errorf("after round 1: standings say round %d", tb.Round)
			}
		}
	}
	// Baraka-Chiku of round 4 was a draw: the arbiter corrects it.
	done, err := SetResult(dir, Entry{Round: 4, Board: 3, Result: "1/2-1/2"})
	if err != nil || done.Was != "1-0" || done.Note == "" {
		t.Fatalf("correction: %+v, %v", done, err)
	}
	if _, _, err := Pair(dir); err == nil {
		t.Error("a sixth round of a round robin of six was paired")
	}
	cfg, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, problems, err := Games(dir, cfg)
	if err != nil || len(problems) > 0 {
		t.Fatalf("games: %v %v", problems, err)
	}
	// By hand: Asha W Faraji, D Baraka, W Chiku, W Daudi, D Esi = 4; Baraka D Esi, D Asha,
	// W Faraji, D Chiku, W Daudi = 3½; Esi D Baraka, W Chiku, D Daudi, W Faraji (forfeit),
	// D Asha = 3½; Daudi W Chiku, W Faraji, D Esi, L Asha, L Baraka = 2½; Chiku 0, 0, 0, ½
	// (the correction), W Faraji = 1½; Faraji 0.
	// Sonneborn-Berger: Asha 0 + 3½·½ + 1½ + 2½ + 3½·½ = 7½; Baraka 3½·½ + 4·½ + 0 + 1½·½
	// + 2½ = 7; Esi 3½·½ + 1½ + 2½·½ + 0 + 4·½ = 6½; Daudi 1½ + 0 + 3½·½ = 3¼; Chiku 3½·½
	// + 0 = 1¾; Faraji 0. Baraka and Esi drew their game (direct ½ each): Sonneborn-Berger
	// puts Baraka second.
	// Buchholz (everyone met everyone): 15 − own points. Median: without the best and the
	// worst opponent. Cut 1: without the worst (Faraji's 0 for all but Faraji, whose worst
	// is Chiku's 1½). Progressive: the sums of the running score after each round: Asha 1 +
	// 1½ + 2½ + 3½ + 4 = 12½; Baraka ½ + 1 + 2 + 2½ + 3½ = 9½; Esi ½ + 1½ + 2 + 3 + 3½ =
	// 10½; Daudi 1 + 2 + 2½ + 2½ + 2½ = 10½; Chiku 0 + 0 + 0 + ½ + 1½ = 2. Opponents'
	// rating: the games played (Esi's forfeit win is not), Faraji unrated counts 1500: Asha
	// (1500+1700+1600+1500+1400)/5 = 1540; Esi (1700+1600+1500+1800)/4 = 1650; Faraji's
	// four played: (1800+1700+1500+1600)/4 = 1650.
	want := []struct {
		player                       string
		rank                         int
		points, direct, sb, bh, med  float64
		cut1, progressive, aro, wins float64
	}{
		{"Asha", 1, 4, 0, 7.5, 11, 7.5, 11, 12.5, 1540, 3},
		{"Baraka", 2, 3.5, 0.5, 7, 11.5, 7.5, 11.5, 9.5, 1560, 2},
		{"Esi", 3, 3.5, 0.5, 6.5, 11.5, 7.5, 11.5, 10.5, 1650, 2},
		{"Daudi", 4, 2.5, 0, 3.25, 12.5, 8.5, 12.5, 10.5, 1600, 2},
		{"Chiku", 5, 1.5, 0, 1.75, 13.5, 9.5, 13.5, 2, 1580, 1},
		{"Faraji", 6, 0, 0, 0, 15, 9.5, 13.5, 0, 1650, 0},
	}
	tb := Standings(cfg, games, 0)
	if len(tb.Standings) != len(want) || tb.Round != 5 {
		t.Fatalf("%d players after round %d", len(tb.Standings), tb.Round)
	}
	for i, w := range want {
		s := tb.Standings[i]
		x := s.TieBreaks
		got := []float64{float64(s.Rank), s.Points, x["direct"], x["sonneborn-berger"], x["buchholz"], x["median-buchholz"],
			x["buchholz-cut1"], x["progressive"], x["opponents-rating"], x["wins"]}
		exp := []float64{float64(w.rank), w.points, w.direct, w.sb, w.bh, w.med, w.cut1, w.progressive, w.aro, w.wins}
		if s.Player != w.player || !equalFloats(got, exp) {
			t.Errorf("line %d: %s %v\nwant %s %v", i+1, s.Player, got, w.player, exp)
		}
	}
	// The crosstable: Esi's forfeit win is +, the games played but not recorded are 1, ½, 0.
	if tb.Cross[2][5] != "+" || tb.Cross[5][2] != "-" || tb.Cross[0][5] != "1" || tb.Cross[1][2] != "½" {
		t.Errorf("crosstable %q", tb.Cross)
	}
	// The rating report, K = 10: Esi's four played games against 1700, 1600, 1500 and 1800
	// scored 2½ (the forfeit is not rated); performance 1650 + 400·(1 − 0)/4 = 1750.
	var esi RatingLine
	for _, l := range RatingReport(cfg, games, 0) {
		if l.Player == "Esi" {
			esi = l
		}
	}
	exp := func(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }
	change := 10 * (2.5 - exp(1400, 1700) - exp(1400, 1600) - exp(1400, 1500) - exp(1400, 1800))
	if esi.Games != 4 || esi.Score != 2.5 || esi.Opponents != 1650 || esi.Performance != 1750 || esi.K != 10 ||
		math.Abs(esi.Change-change) > 0.05 || esi.Before != 1400 || math.Abs(esi.After-1400-esi.Change) > 0.05 {
		t.Errorf("Esi's rating line %+v; want 4 games, 2½, opponents 1650, performance 1750, change %.1f", esi, change)
	}
	// Ratings over the folder: 15 games, the forfeit is not rated, the unrecorded ones are.
	rated, _, err := RatedGames(dir, Aliases{})
	if err != nil || len(rated) != 14 {
		t.Errorf("%d games rated, want 14: %v", len(rated), err)
	}
	// Every record validates, the unrecorded games and the one with moves alike.
	for _, f := range []string{"round-01.bgn", "round-02.bgn", "round-03.bgn", "round-04.bgn", "round-05.bgn"} {
		recs, err := notation.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if errs := notation.Verify(r); errs != nil {
				t.Errorf("%s: %v", f, errs)
			}
		}
	}
	// The TRF report, written by hand from the table above: columns 1-3 001, 5-8 starting
	// rank, 15-47 name, 49-52 rating, 81-84 points, 86-89 rank, then from 92 for each round
	// the opponent's starting rank, the colour (w South, b North) and the result.
	var trf bytes.Buffer
	if err := WriteTRF(&trf, cfg, games, 0); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("testdata/club-night.trf")
	if err != nil {
		t.Fatal(err)
	}
	if trf.String() != string(golden) {
		t.Errorf("TRF differs from testdata/club-night.trf:\n%s", strings.ReplaceAll(trf.String(), "\r", ""))
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

// The organiser's day at a 12-player, 5-round Swiss: one player asks for a half-point bye in
// round 2, one withdraws after round 3, one enters late (from round 3). Every game is entered
// by hand: the higher seed wins, except on board 2, a draw; one result is corrected. The
// pairings, the points and the tie-breaks are checked against values worked out by hand from
// the pairings.
func TestOrganiserDaySwiss(t *testing.T) {
	dir := t.TempDir()
	c := Config{Name: "Open", Variant: "kiswahili", Format: "swiss", Rounds: 5,
		TieBreak: []string{"buchholz-cut1", "buchholz", "progressive", "opponents-rating"},
		Byes:     []Bye{{Round: 2, Player: "P05", Points: "half"}}}
	for i := range 12 {
		p := Player{Name: fmt.Sprintf("P%02d", i+1), Rating: 2000 - 10*i}
		if i == 11 {
			p.Joined = 3
		}
		c.Players = append(c.Players, p)
	}
	if err := New(dir, c); err != nil {
		t.Fatal(err)
	}
	var log []string
	for r := 1; r <= 5; r++ {
		if r == 4 { // P08 withdraws after round 3
			data, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
			data = bytes.Replace(data, []byte("name = \"P08\"\n"), []byte("name = \"P08\"\nwithdrawn = 3\n"), 1)
			os.WriteFile(filepath.Join(dir, ConfigFile), data, 0o644)
		}
		_, round, err := Pair(dir)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		for _, b := range round.Boards {
			if b.North == "" {
				log = append(log, fmt.Sprintf("%d.%d %s bye", r, b.Board, b.South))
				continue
			}
			res := "1-0"
			if b.South > b.North {
				res = "0-1"
			}
			if b.Board == 2 {
				res = "1/2-1/2"
			}
			if r == 3 && b.Board == 1 { // first entered the wrong way round, then corrected
				wrong := map[string]string{"1-0": "0-1", "0-1": "1-0"}[res]
				if _, err := SetResult(dir, Entry{Round: r, Board: b.Board, Result: wrong}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := SetResult(dir, Entry{Round: r, Board: b.Board, Result: res}); err != nil {
				t.Fatal(err)
			}
			log = append(log, fmt.Sprintf("%d.%d %s-%s %s", r, b.Board, b.South, b.North, res))
		}
	}
	// The pairings: P05 is not paired in round 2 (a half-point bye), P12 from round 3, P08 not
	// after round 3; the bye goes to the lowest ranked player without one.
	wantLog := `1.1 P01-P06 1-0|1.2 P02-P07 1/2-1/2|1.3 P03-P08 1-0|1.4 P04-P09 1-0|1.5 P05-P10 1-0|1.6 P11 bye|` +
		`2.1 P07-P01 0-1|2.2 P06-P03 1/2-1/2|2.3 P08-P04 0-1|2.4 P09-P11 1-0|2.5 P10-P02 0-1|` +
		`3.1 P01-P04 1-0|3.2 P02-P03 1/2-1/2|3.3 P09-P05 0-1|3.4 P11-P06 0-1|3.5 P07-P08 1-0|3.6 P12-P10 0-1|` +
		`4.1 P05-P01 0-1|4.2 P04-P02 1/2-1/2|4.3 P03-P07 1-0|4.4 P06-P09 1-0|4.5 P10-P11 1-0|4.6 P12 bye|` +
		`5.1 P01-P03 1-0|5.2 P02-P05 1/2-1/2|5.3 P04-P06 1-0|5.4 P07-P10 1-0|5.5 P11-P12 1-0|5.6 P09 bye`
	if got := strings.Join(log, "|"); got != wantLog {
		t.Errorf("pairings\n%s\nwant\n%s", got, wantLog)
	}
	cfg, _ := Load(dir)
	games, problems, _ := Games(dir, cfg)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	// By hand from the pairings. Points: P01 5 wins; P04 W W L D W 3½; P03 W D D W L 3; P02 D
	// W D D D 3; P05 W, ½ (bye), W L D 3; P06 L D W W L 2½; P07 D L W L W 2½; P10 L L W W L 2;
	// P09 L W L L, 1 (bye) 2; P11 1 (bye), L L L W 2; P12 (from round 3) L, 1 (bye), L 1; P08
	// L L L, withdrawn, 0. Buchholz, opponents' points (a bye is no opponent): P01 P06 2½ +
	// P07 2½ + P04 3½ + P05 3 + P03 3 = 14½, cut 1 (without the lowest, 2½) 12; P04 2 + 0 +
	// 5 + 3 + 2½ = 12½, cut 12½; P03 0 + 2½ + 3 + 2½ + 5 = 13, cut 13; P02 2½ + 2 + 3 + 3½ +
	// 3 = 14, cut 12; P05 2 + 2 + 5 + 3 = 12, cut 10 (the three on 3 in that order by cut 1).
	// P06 5 + 3 + 2 + 2 + 3½ = 15½, cut 13½, before P07 3 + 5 + 0 + 3 + 2 = 13, cut 13. P10 3
	// + 3 + 1 + 2 + 2½ = 11½, cut 10½; P09 3½ + 2 + 3 + 2½ = 11, cut 9; P11 2 + 2½ + 2 + 1 =
	// 7½, cut 6½. P12 2 + 2 = 4, cut 2; P08 3 + 3½ + 2½ = 9, cut 6½. Progressive, the running
	// scores added: P01 1+2+3+4+5 = 15; P04 1+2+2+2½+3½ = 11; P03 1+1½+2+3+3 = 10½; P02
	// ½+1½+2+2½+3 = 9½; P05 1+1½+2½+2½+3 = 10½; P12 0+0+0+1+1 = 2. Opponents' rating (P01
	// 2000, each seed 10 less): P01 (1950+1940+1970+1960+1980)/5 = 1960; P12 (1910+1900)/2 =
	// 1905; P08 (1980+1970+1940)/3 = 1963⅓, 1963.
	want := []struct {
		player                      string
		points, cut1, bh, prog, aro float64
		byes, games                 int
	}{
		{"P01", 5, 12, 14.5, 15, 1960, 0, 5},
		{"P04", 3.5, 12.5, 12.5, 11, 1958, 0, 5},
		{"P03", 3, 13, 13, 10.5, 1962, 0, 5},
		{"P02", 3, 12, 14, 9.5, 1952, 0, 5},
		{"P05", 3, 10, 12, 10.5, 1955, 1, 4},
		{"P06", 2.5, 13.5, 15.5, 7, 1954, 0, 5},
		{"P07", 2.5, 13, 13, 6.5, 1962, 0, 5},
		{"P10", 2, 10.5, 11.5, 5, 1936, 0, 5},
		{"P09", 2, 9, 11, 5, 1945, 1, 4},
		{"P11", 2, 6.5, 7.5, 6, 1918, 1, 4},
		{"P12", 1, 2, 4, 2, 1905, 1, 2},
		{"P08", 0, 6.5, 9, 0, 1963, 0, 3},
	}
	tb := Standings(cfg, games, 0)
	for i, w := range want {
		s := tb.Standings[i]
		x := s.TieBreaks
		got := []float64{s.Points, x["buchholz-cut1"], x["buchholz"], x["progressive"], x["opponents-rating"], float64(s.Byes), float64(s.Games)}
		exp := []float64{w.points, w.cut1, w.bh, w.prog, w.aro, float64(w.byes), float64(w.games)}
		if s.Player != w.player || s.Rank != i+1 || !equalFloats(got, exp) {
			t.Errorf("rank %d: %s %v, want %s %v", s.Rank, s.Player, got, w.player, exp)
		}
	}
	// After round 2, P05's half-point bye counts: 1½.
	for _, s := range Standings(cfg, games, 2).Standings {
		if s.Player == "P05" && (s.Points != 1.5 || s.Byes != 1) {
			t.Errorf("P05 after round 2: %g points, %d byes; want 1½ and 1", s.Points, s.Byes)
		}
	}
	// The TRF: P05's round 2 is a half-point bye (H), P11's round 1 the pairing's (U), P12's
	// rounds 1 and 2 and P08's 4 and 5 absences (0000 - Z).
	var trf bytes.Buffer
	if err := WriteTRF(&trf, cfg, games, 0); err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(trf.String(), "\r\n") {
		if strings.HasPrefix(l, "001 ") {
			rows[strings.TrimSpace(l[14:47])] = l
		}
	}
	round := func(player string, r int) string { return rows[player][91+10*(r-1) : 91+10*(r-1)+8] }
	for _, c := range []struct {
		player string
		round  int
		want   string
	}{{"P05", 2, "0000 - H"}, {"P11", 1, "0000 - U"}, {"P12", 1, "0000 - Z"}, {"P12", 3, "  10 w 0"},
		{"P08", 4, "0000 - Z"}, {"P08", 3, "   7 b 0"}, {"P01", 5, "   3 w 1"}} {
		if got := round(c.player, c.round); got != c.want {
			t.Errorf("TRF %s round %d: %q, want %q", c.player, c.round, got, c.want)
		}
	}
	if p := rows["P01"]; strings.TrimSpace(p[80:84]) != "5.0" || strings.TrimSpace(p[85:89]) != "1" || p[48:52] != "2000" {
		t.Errorf("TRF P01: %q", p)
	}
}
