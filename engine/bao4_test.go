package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// legalTokens lists the tokens of p's legal moves, sorted.
func legalTokens(p Position) []string {
	ts := tokens(p.v, p.Children(nil))
	slices.Sort(ts)
	return ts
}

// TestLegalSets checks the complete legal sets that the worked examples state (section 7 of
// each rules file), and a few engine conventions.
func TestLegalSets(t *testing.T) {
	tests := []struct {
		v    *Variant
		name string
		bpn  string
		want string
	}{
		// Kiswahili 7.1: the opening, four moves, the house barred.
		{Kiswahili, "Z7.1", "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh -",
			"A6<* A6>* A7<* A7>*"},
		// 7.2: exactly A2< A3< A3> (A2's kichwa side is forced).
		{Kiswahili, "Z7.2", "0,0,0,0,0,0,0,0/0,3,7,6,0,0,0,0/0,1,1,0,6,0,0,0/0,0,0,0,0,0,0,0 S 20-20 Hh -",
			"A2< A3< A3>"},
		// 7.3 (a): A3 both ways; the functional nyumba may not take the seed.
		{Kiswahili, "Z7.3a", "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 S 28-27 H -",
			"A3<* A3>*"},
		// 7.3 (b): three moves, stop and safari at the nyumba being two of them.
		{Kiswahili, "Z7.3b", "0,0,0,0,0,0,0,0/0,0,4,0,0,0,0,1/0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 S 26-26 H -",
			"A3< A3> A3>+"},
		// 7.4 (a): the tax move, both ways.
		{Kiswahili, "Z7.4a", "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 29-28 H -",
			"A5<* A5>*"},
		// 7.4 (b): exactly {A5<*, A5>*}: no functional nyumba, so not the singletons.
		{Kiswahili, "Z7.4b", "0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,5,1,1,0/0,0,0,0,0,0,0,0 S 28-28 H -",
			"A5<* A5>*"},
		// 7.5: the 16-seed rule: tier M2 is A4 both ways, and both impose takasia.
		{Kiswahili, "Z7.5", "0,0,0,0,0,0,22,22/0,1,0,0,2,0,0,0/0,0,0,17,0,0,0,0/0,0,0,0,0,0,0,0 S 0-0 - -",
			"A4<** A4>**"},
		// 7.6: a lone kichwa goes toward the centre; the only move, and it wins.
		{Kiswahili, "Z7.6", "0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/3,0,0,0,0,0,0,0/0,0,0,2,0,0,29,29 S 0-0 - -",
			"A1>*#"},
		// 7.7: North under takasia on a3: a6 and a8, both ways.
		{Kiswahili, "Z7.7 restricted", "0,0,1,1,2,0,1,0/2,0,2,0,0,2,0,0/0,2,0,2,1,1,1,0/0,0,1,22,22,0,0,1 N 0-0 - a3",
			"a6<* a6>* a8<* a8>*"},
		// 7.7: then South may play any capture (no obligation in Zanzibar).
		{Kiswahili, "Z7.7 free", "0,0,1,1,2,0,1,0/0,1,0,1,1,3,0,0/0,2,0,2,1,1,1,0/0,0,1,22,22,0,0,1 S 0-0 - -",
			"A2> A4< A4>"},
		// 7.8: bao hamna with either kichwa.
		{Kiswahili, "Z7.8", "0,4,0,0,0,0,0,0/0,0,3,0,0,0,0,0/0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 S 25-25 H -",
			"A3<# A3>#"},
		// 7.10: B5< and B1> never end and are illegal.
		{Kiswahili, "Z7.10", "0,0,0,0,0,0,26,26/0,0,0,0,0,0,0,1/1,0,1,0,1,0,1,0/2,0,1,0,2,1,0,1 S 0-0 - -",
			"B1<* B5>*"},
		// 7.11: a7 may not start, so tier M2 is a5 both ways.
		{Kiswahili, "Z7.11", "1,0,0,0,0,1,0,0/0,2,1,18,0,0,0,0/0,1,0,0,0,0,0,0/35,0,0,5,0,0,0,0 N 0-0 h a7",
			"a5<* a5>*"},
		// 7.12: six moves, none imposing takasia (the last namua move).
		{Kiswahili, "Z7.12 namua", "1,7,0,3,1,0,3,8/3,0,2,1,0,1,7,0/0,0,0,0,18,0,0,1/0,2,1,0,1,1,0,2 N 0-1 H -",
			"a2<* a2>* a6<* a6>* a8<* a8>*"},
		// 7.12: tier M2 is A5 alone.
		{Kiswahili, "Z7.12 mtaji", "1,7,0,3,1,0,3,8/3,0,0,2,1,0,8,1/0,0,0,0,18,0,0,1/0,2,1,0,1,1,0,2 S 0-0 H -",
			"A5<* A5>*"},

		// Kete 7.1: a 6-seed kuu is emptied (D2), both ways.
		{Kete, "L7.1", "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 29-28 H -",
			"A5<* A5>*"},
		// 7.3: D3, only the kuu.
		{Kete, "L7.3", "0,0,0,0,0,0,25,26/0,0,0,0,0,0,0,2/0,3,0,0,8,0,0,0/0,0,0,0,0,0,0,0 S 0-0 H -",
			"A5<* A5>*"},
		// 7.4: North's four moves under hizi zetu.
		{Kete, "L7.4 restricted", "0,0,1,1,2,0,1,0/2,0,2,0,0,2,0,0/0,2,0,2,1,1,1,0/0,0,1,22,22,0,0,1 N 0-0 - a3",
			"a6<* a6>* a8<* a8>*"},
		// 7.4: D4, the only legal move captures a3.
		{Kete, "L7.4 obliged", "0,0,1,1,2,0,1,0/0,1,0,1,1,3,0,0/0,2,0,2,1,1,1,0/0,0,1,22,22,0,0,1 S 0-0 - a3",
			"A4>"},
		// 7.5: D3 again; A2 may not start.
		{Kete, "L7.5", "0,0,0,0,0,0,23,23/0,2,1,6,0,0,0,0/0,3,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 0-0 Hh -",
			"A5<* A5>*"},
		// 7.6 (= Z7.2).
		{Kete, "L7.6", "0,0,0,0,0,0,0,0/0,3,7,6,0,0,0,0/0,1,1,0,6,0,0,0/0,0,0,0,0,0,0,0 S 20-20 Hh -",
			"A2< A3< A3>"},
		// 7.7 (= Z7.1).
		{Kete, "L7.7", "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh -",
			"A6<* A6>* A7<* A7>*"},
		// 7.8: the kuu both ways, then B4< is South's only move.
		{Kete, "L7.8 restricted", "1,0,0,0,0,1,0,0/0,2,1,18,0,0,0,0/0,1,0,0,0,0,0,0/35,0,0,5,0,0,0,0 N 0-0 h a7",
			"a5<* a5>*"},
		{Kete, "L7.8 obliged", "3,2,0,2,0,3,0,2/2,1,4,0,2,0,2,0/0,1,0,0,0,0,0,0/35,0,0,5,0,0,0,0 S 0-0 - a7",
			"B4<"},
		// Engine convention (Kete 4.2): with no capture of the obliged pit (here a3 is empty)
		// the obligation lapses and the captures of a5 and a7 are legal.
		{Kete, "L4.2 lapse", "3,0,1,1,2,0,1,0/0,1,0,1,1,0,0,0/0,2,0,2,1,1,1,0/0,0,1,22,22,0,0,1 S 0-0 - a3",
			"A2> A4<"},

		// Kingulu 7.1: A1 and A2 end their first lap in an occupied own pit.
		{Kingulu, "K7.1", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -", "A3 A4 A5 A6"},
		// 7.2: A1 ends in its own occupied A3.
		{Kingulu, "K7.2", "0,2,0,1,3,0/2,0,1,0,0,2 S 20-17 -", "A3 A6"},
		// 7.2 after A6: a2 is South's now.
		{Kingulu, "K7.2 reserved", "0,2,0,1,0,0/2,0,1,0,0,0 N 25-17 a2", "a3 a5"},
		// 7.4: a first lap into a pit the opponent reserved is legal.
		{Kingulu, "K7.4", "1,0,0,0,0,2/1,0,2,0,0,0 S 20-22 A2", "A1 A3"},
		// 7.6: no legal move; the game is over.
		{Kingulu, "K7.6", "0,0,2,0,0,5/0,0,0,0,0,0 S 20-21 A2,a2", ""},

		// Kimasai 7.1: the opening is forced, and so nearly is the reply.
		{Kimasai, "M7.1", Kimasai.start, "A2"},
		{Kimasai, "M7.1 reply", "0,1,1,1,1,1,1,1,1,1,1,1/0,1,1,1,1,1,1,1,1,1,1,0/1,0,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 N", "a2 b11"},
		// 7.2: A6 is blocked by A5.
		{Kimasai, "M7.2", "0,0,0,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,1,0,1/0,0,0,0,1,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,0,0,1 S", "A11 A5 B12"},
	}
	for _, tc := range tests {
		p, err := ParsePosition(tc.v, tc.bpn)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := strings.Join(legalTokens(p), " ")
		if got != tc.want {
			t.Errorf("%s %s: legal moves\n got %s\nwant %s", tc.v.id, tc.name, got, tc.want)
		}
	}
}

// b4EndlessBPN is README 2.3's position from random play whose move A1> repeats with a period
// of about 16.7 million laps.
const b4EndlessBPN = "2,1,3,0,0,1,1,5/1,1,0,0,0,0,0,0/4,6,5,0,1,7,12,0/1,0,5,0,1,4,1,2 S 0-0 - -"

// TestBao4NeverEnding: A1> of README 2.3 never ends, so it is illegal in both games; the
// other nine takasa moves are legal. Without -short a plain relay simulation, independent of
// the engine's cycle detector, confirms that the sowing is periodic.
func TestBao4NeverEnding(t *testing.T) {
	want := "A1<* A2<* A2>* A3<* A3>* A6<* A6>* A7<* A7>*"
	for _, v := range []*Variant{Kiswahili, Kete} {
		p, err := ParsePosition(v, b4EndlessBPN)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(legalTokens(p), " "); got != want {
			t.Errorf("%s: legal moves\n got %s\nwant %s", v.id, got, want)
		}
		if _, err := p.ParseMove("A1>"); err == nil {
			t.Errorf("%s: A1> accepted", v.id)
		}
	}
	if testing.Short() {
		return
	}
	// Found by FuzzApply4x8: a7< repeats with a period of 250,377,344 laps, from its first
	// relay on (a separate plain simulation with Brent's algorithm measured both). Deciding
	// it takes seconds.
	far, err := ParsePosition(Kiswahili, "8,1,8,1,0,7,4,0/1,2,0,1,11,1,9,1/0,0,0,0,1,0,0,0/1,1,0,0,2,1,2,1 N 0-0 - -")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if got, want := strings.Join(legalTokens(far), " "), "a2<* a2>* a4<* a4>* a7>*"; got != want {
		t.Errorf("period 250M: legal moves\n got %s\nwant %s", got, want)
	}
	t.Logf("a7< (period 250,377,344 laps) judged in %v", time.Since(start))
	// A1> is a takasa (it lands in A5, facing the empty a4) with no house and no takasia, so
	// every lap is a plain relay in South's ring, clockwise.
	p, _ := ParsePosition(Kiswahili, b4EndlessBPN)
	r := p.v.ring[South]
	pits := p.pits
	relay := func(L int) int {
		n := int(pits[r[L]])
		pits[r[L]] = 0
		return sow(&pits, r, wrap(L+1, 16), 1, n)
	}
	L := relay(0)
	for range 20_000_000 { // past the pre-period
		if pits[r[L]] == 1 {
			t.Fatal("A1> ended")
		}
		L = relay(L)
	}
	save, saveL := pits, L
	for i := 1; i <= 20_000_000; i++ {
		if pits[r[L]] == 1 {
			t.Fatal("A1> ended")
		}
		if L = relay(L); pits == save && L == saveL {
			t.Logf("A1> repeats with period %d laps", i)
			return
		}
	}
	t.Fatal("no period found within 20 million laps")
}

// b4Check holds the invariants of one position and all its legal moves: 64 seeds, BPN round
// trip, each token read back to the same move and result, Wins exactly when the result is
// decided, and a finished result has no block.
func b4Check(t *testing.T, p Position, cs []Child) {
	t.Helper()
	v := p.v
	if n := p.total(); n != 64 {
		t.Fatalf("%s: %d seeds", p, n)
	}
	if q, err := ParsePosition(v, p.String()); err != nil || q != p {
		t.Fatalf("BPN round trip of %s: %v (%s)", p, err, q)
	}
	seen := map[string]bool{}
	for _, c := range cs {
		tok := v.FormatMove(c.Move)
		if seen[tok] {
			t.Fatalf("%s: %s listed twice", p, tok)
		}
		seen[tok] = true
		if n := c.Position.total(); n != 64 {
			t.Fatalf("%s: %s leaves %d seeds", p, tok, n)
		}
		back, err := p.ParseChild(tok, cs)
		if err != nil {
			t.Fatalf("%s: %s does not read back: %v", p, tok, err)
		}
		if back.Move != c.Move || back.Position != c.Position {
			t.Fatalf("%s: %s reads back as %s", p, tok, v.FormatMove(back.Move))
		}
		won := c.Position.Status() != Ongoing
		if won != (c.Move.Flags&Wins != 0) {
			t.Fatalf("%s: %s: Wins flag %v, status after %s", p, tok, !won, c.Position.Status())
		}
		if w, _ := c.Position.Status().Winner(); won && w != p.toMove {
			t.Fatalf("%s: %s: the mover did not win", p, tok)
		}
		if c.Move.Flags&Takasa == 0 && c.Move.Flags&Takasia != 0 {
			t.Fatalf("%s: %s: takasia flag on a capture", p, tok)
		}
		if (c.Move.Flags&Takasia != 0) != (c.Position.block != NoPit && v.Owner(c.Position.block) == c.Position.toMove) {
			t.Fatalf("%s: %s: takasia flag and block %s disagree", p, tok, c.Position)
		}
	}
}

// b4MidGame are mtaji positions of README section 6, starting points that reach the mtaji
// rules more often than games from the start, which random play often ends in namua.
var b4MidGame = map[*Variant][]string{
	Kiswahili: {
		"3,7,3,0,3,0,2,2/4,1,1,2,2,2,1,1/0,3,3,2,1,1,1,1/1,1,3,1,2,4,3,3 S 0-0 - -",
		"0,0,0,0,4,1,3,0/3,6,3,5,1,0,0,0/0,0,0,0,2,7,7,1/4,3,1,2,5,2,1,3 S 0-0 - -",
	},
	Kete: {
		"1,6,1,5,0,4,6,0/2,3,1,4,1,2,5,6/0,0,0,2,0,0,1,0/4,1,0,4,0,3,2,0 S 0-0 - -",
		"3,0,1,1,3,0,1,0/3,5,4,1,1,2,3,1/1,4,0,7,7,1,0,1/3,0,3,2,2,1,2,1 S 0-0 - -",
	},
}

// b4Games plays n seeded random games of v, from the start and from each b4MidGame position
// in turn, calling visit on every position with its moves. Every game must end or reach the
// ply cap. It returns the plies played.
func b4Games(t *testing.T, v *Variant, seed uint64, n, maxPlies int, visit func(Position, []Child)) int {
	starts := []Position{v.Start()}
	for _, s := range b4MidGame[v] {
		p, err := ParsePosition(v, s)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	plies := 0
	var buf []Child
	for i := range n {
		r := NewRand(seed, uint64(i))
		p := starts[i%len(starts)]
		for ply := 0; ; ply++ {
			buf = p.Children(buf[:0])
			visit(p, buf)
			if len(buf) == 0 {
				if p.Status() == Ongoing {
					t.Fatalf("%s game %d ply %d: no moves, but ongoing: %s", v.id, i, ply, p)
				}
				if p.block != NoPit {
					t.Fatalf("%s game %d: finished with a block: %s", v.id, i, p)
				}
				break
			}
			if p.Status() != Ongoing {
				t.Fatalf("%s game %d ply %d: moves in a finished game: %s", v.id, i, ply, p)
			}
			if ply == maxPlies {
				break
			}
			p = buf[r.IntN(len(buf))].Position
			plies++
		}
	}
	return plies
}

// TestBao4RandomGames holds the invariants of b4Check over thousands of plies of seeded
// random play in both games.
func TestBao4RandomGames(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 15
	}
	for _, v := range []*Variant{Kiswahili, Kete} {
		var takasia, safari, wins, mtaji int
		plies := b4Games(t, v, 4, games, 400, func(p Position, cs []Child) {
			b4Check(t, p, cs)
			if p.bank[p.toMove] == 0 {
				mtaji++
			}
			for _, c := range cs {
				switch {
				case c.Move.Flags&Takasia != 0:
					takasia++
				case c.Move.Safari:
					safari++
				case c.Move.Flags&Wins != 0:
					wins++
				}
			}
		})
		t.Logf("%s: %d plies in %d games; %d mtaji positions; moves seen: %d takasia, %d safari, %d winning",
			v.id, plies, games, mtaji, takasia, safari, wins)
	}
}

// b4Replay checks a trace against the move's result: replaying its laps (and, for capture
// laps, the captures in order) from p gives the board of q.
func b4Replay(t *testing.T, p, q Position, tr Trace) {
	t.Helper()
	pits, bank := p.pits, p.bank
	ci := 0
	for _, l := range tr.Laps {
		switch {
		case l.Kind == Placed:
			bank[p.toMove]--
		case l.Kind == Captured:
			c := tr.Captures[ci]
			ci++
			pits[c.Pit] -= uint8(c.Seeds)
			if c.Seeds != l.Seeds || c.Kichwa != l.Sown[0] {
				t.Fatalf("%s: %s: capture %v does not match its lap", p, p.v.FormatMove(tr.Move), c)
			}
		default:
			pits[l.From] -= uint8(l.Seeds)
		}
		for _, x := range l.Sown {
			pits[x]++
		}
	}
	if ci != len(tr.Captures) || pits != q.pits || bank != q.bank {
		t.Fatalf("%s: %s: the trace does not replay to %s", p, p.v.FormatMove(tr.Move), q)
	}
}

// TestBao4TraceMatchesChildren: Trace of every legal move of random positions gives the
// position Children gave, and its laps replay to it.
func TestBao4TraceMatchesChildren(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, v := range []*Variant{Kiswahili, Kete} {
		b4Games(t, v, 5, games, 400, func(p Position, cs []Child) {
			for _, c := range cs {
				q, tr, err := p.Trace(c.Move)
				if err != nil || q != c.Position {
					t.Fatalf("%s: trace of %s gives %s, want %s (%v)", p, v.FormatMove(c.Move), q, c.Position, err)
				}
				b4Replay(t, p, q, tr)
				won := slices.ContainsFunc(tr.Events, func(e Event) bool { return e.Kind == GameWon })
				if won != (c.Move.Flags&Wins != 0) {
					t.Fatalf("%s: %s: GameWon event %v", p, v.FormatMove(c.Move), won)
				}
			}
		})
	}
}

// TestIllegalReasons: a token that names no legal move says why, where the rules tell.
func TestIllegalReasons(t *testing.T) {
	cases := []struct {
		v      *Variant
		bpn    string
		tok    string
		reason string
		never  bool
	}{
		// README 2.3: A1> never ends.
		{Kiswahili, "2,1,3,0,0,1,1,5/1,1,0,0,0,0,0,0/4,6,5,0,1,7,12,0/1,0,5,0,1,4,1,2 S 0-0 - -", "A1>", "never ends", true},
		// After A6<* North can capture, so a takasa is not allowed.
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,1,1,7,0,2,0/0,0,0,0,0,0,0,0 N 21-22 Hh -", "a7<", "capturing is compulsory", false},
		// Kiswahili 7.10: B5< and B1> never end.
		{Kiswahili, "0,0,0,0,0,0,26,26/0,0,0,0,0,0,0,1/1,0,1,0,1,0,1,0/2,0,1,0,2,1,0,1 S 0-0 - -", "B5<", "never ends", true},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -", "A1", "first lap ends in an occupied pit", false},
		{Kingulu, "1,4,3,6,7,1/5,4,6,4,3,4 S 0-0 -", "A3", "never ends", true},
		{Kimasai, Kimasai.start, "A3", "the next pit, A2, is occupied", false},
		{Kimasai, Kimasai.start, "A2-A3", "steps to A1, not A3", false},
		{Kiswahili, Kiswahili.start, "a6<", "not South's pit", false},
	}
	for _, c := range cases {
		p, err := ParsePosition(c.v, c.bpn)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseMove(c.tok)
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || !strings.Contains(me.Reason, c.reason) {
			t.Errorf("%s %s: %v; want an illegal move because %q", c.v.id, c.tok, err, c.reason)
			continue
		}
		if errors.Is(err, ErrNeverEnding) != c.never {
			t.Errorf("%s %s: errors.Is(ErrNeverEnding) = %v", c.v.id, c.tok, !c.never)
		}
	}
}
