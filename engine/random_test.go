package engine

import (
	"testing"
)

// TestRandomGames holds the invariants of every game over seeded random play: seeds are
// conserved (Kimasai: stones never increase), every visited position round-trips through
// BPN, every legal move's token reads back to the same move and position, a traced move
// reaches the same position, and every game ends or reaches the ply cap.
func TestRandomGames(t *testing.T) {
	games, maxPlies := 300, 600
	if testing.Short() {
		games = 30
	}
	for _, v := range Variants() {
		t.Run(v.id, func(t *testing.T) {
			ended := 0
			for i := range games {
				r := NewRand(7, uint64(i))
				g := NewGame(v.Start())
				var buf []Child
				for ply := 0; ply < maxPlies && g.Status() == Ongoing; ply++ {
					p := g.Position()
					checkPosition(t, p)
					buf = p.Children(buf[:0])
					if len(buf) == 0 {
						t.Fatalf("game %d ply %d: no moves but status ongoing: %s", i, ply, p)
					}
					for _, c := range buf {
						checkChild(t, p, c)
					}
					if ply%7 == 0 {
						checkEveryToken(t, p, buf)
					}
					c := buf[r.IntN(len(buf))]
					if err := g.Play(c.Move); err != nil {
						t.Fatalf("game %d ply %d: %v", i, ply, err)
					}
				}
				if g.Status() != Ongoing {
					ended++
					if n := len(g.Position().Children(nil)); n != 0 && g.Status() != Draw {
						t.Errorf("game %d: finished (%s) with %d moves left: %s", i, g.Status(), n, g.Position())
					}
				}
			}
			t.Logf("%s: %d of %d games ended within %d plies", v.id, ended, games, maxPlies)
		})
	}
}

func checkPosition(t *testing.T, p Position) {
	t.Helper()
	s := p.String()
	q, err := ParsePosition(p.v, s)
	if err != nil {
		t.Fatalf("position does not read back: %v\n%s", err, s)
	}
	if q != p {
		t.Fatalf("BPN round trip changed the position: %s -> %s", s, q)
	}
}

func checkChild(t *testing.T, p Position, c Child) {
	t.Helper()
	v := p.v
	tok := v.FormatMove(c.Move)
	switch v {
	case Kimasai:
		if c.Position.stones(South) > p.stones(South) || c.Position.stones(North) > p.stones(North) {
			t.Fatalf("%s: stones increased after %s", p, tok)
		}
	default:
		if c.Position.total() != p.total() {
			t.Fatalf("%s: %s changed the seed total %d -> %d", p, tok, p.total(), c.Position.total())
		}
	}
	back, err := p.ParseChild(tok, nil)
	if err != nil {
		t.Fatalf("%s: token %s does not read back: %v", p, tok, err)
	}
	if back.Position != c.Position || !back.Move.same(c.Move) {
		t.Fatalf("%s: token %s reads back as another move", p, tok)
	}
	q, _, err := p.Trace(c.Move)
	if err != nil || q != c.Position {
		t.Fatalf("%s: trace of %s gives %s, want %s (%v)", p, tok, q, c.Position, err)
	}
	if (c.Move.Flags&Wins != 0) != (c.Position.Status() != Ongoing) && v != Kingulu {
		t.Fatalf("%s: %s: wins flag %v but status after is %s", p, tok, c.Move.Flags&Wins != 0, c.Position.Status())
	}
}

// checkEveryToken reads a token for every pit (with each direction, and with safari) and
// checks that exactly the legal moves are accepted: reading a token plays only the moves at
// its pit, so this holds that shortcut to the full legal set.
func checkEveryToken(t *testing.T, p Position, legal []Child) {
	t.Helper()
	v := p.v
	want := map[string]Position{}
	for _, c := range legal {
		want[v.FormatMove(Move{Pit: c.Move.Pit, Dir: c.Move.Dir, Safari: c.Move.Safari})] = c.Position
	}
	dirs := []Dir{NoDir}
	if v.rows == 2 && v != Kimasai {
		dirs = []Dir{Left, Right}
	}
	for x := Pit(0); int(x) < v.Pits(); x++ {
		for _, d := range dirs {
			for _, safari := range []bool{false, true} {
				if safari && d == NoDir {
					continue
				}
				tok := v.FormatMove(Move{Pit: x, Dir: d, Safari: safari})
				c, err := p.ParseChild(tok, nil)
				pos, ok := want[tok]
				switch {
				case ok && err != nil:
					t.Fatalf("%s: legal %s rejected: %v", p, tok, err)
				case !ok && err == nil:
					t.Fatalf("%s: %s accepted, but the legal moves are %v", p, tok, tokens(v, legal))
				case ok && c.Position != pos:
					t.Fatalf("%s: %s read as another move", p, tok)
				}
			}
		}
	}
}

// FuzzApply walks from a start position along legal moves chosen by the fuzzer's bytes (the
// first byte picks the game). No walk may panic; seeds are conserved (Kimasai: stones never
// increase); a position with no moves is a finished game. Walks are at most 300 plies: a
// never-ending move found on the way is decided exactly, which can take seconds when its
// cycle runs to hundreds of millions of laps.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 255, 0, 17, 3, 99, 42, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Add([]byte{2, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 301 {
			return
		}
		v := Variants()[int(data[0])%4]
		p := v.Start()
		var buf []Child
		for _, b := range data[1:] {
			buf = p.Children(buf[:0])
			if len(buf) == 0 {
				if p.Status() == Ongoing {
					t.Fatalf("no moves, but ongoing: %s", p)
				}
				return
			}
			c := buf[int(b)%len(buf)]
			if v == Kimasai {
				if c.Position.stones(South) > p.stones(South) || c.Position.stones(North) > p.stones(North) {
					t.Fatalf("%s: %s adds stones", p, v.FormatMove(c.Move))
				}
			} else if c.Position.total() != p.total() {
				t.Fatalf("%s: %s changes the seed total", p, v.FormatMove(c.Move))
			}
			p = c.Position
		}
	})
}

// FuzzParseMove reads arbitrary tokens in positions of every game: no panic, and a token that
// is accepted names a legal move whose canonical token reads back to the same result.
func FuzzParseMove(f *testing.F) {
	for _, tok := range []string{"A6<*", "a4>", "B3>", "A4>+", "A2<**", "A7>#", "A3", "A3x", "a2=", "B12-A12", "A2x", "A", "<", "A1>+**#x"} {
		f.Add(uint8(0), tok)
	}
	var positions []Position
	for _, v := range Variants() {
		g := RandomGame(v.Start(), NewRand(1, 1), 60)
		positions = append(positions, g.Positions()[0], g.Positions()[len(g.Positions())/2])
	}
	f.Fuzz(func(t *testing.T, which uint8, tok string) {
		p := positions[int(which)%len(positions)]
		c, err := p.ParseChild(tok, nil)
		if err != nil {
			return
		}
		back, err := p.ParseChild(p.v.FormatMove(c.Move), nil)
		if err != nil || back.Position != c.Position {
			t.Fatalf("%s: %q read as %s, which does not read back (%v)", p, tok, p.v.FormatMove(c.Move), err)
		}
	})
}

// randomSetup makes a random position of v that BPN accepts, most of which play cannot reach:
// external checks feed such set-ups too.
func randomSetup(v *Variant, r interface{ IntN(int) int }) Position {
	p := Position{v: v, block: NoPit, toMove: Side(r.IntN(2))}
	switch v {
	case Kimasai:
		for s := South; s <= North; s++ {
			ring := v.ring[s]
			for _, k := range r.(interface{ Perm(int) []int }).Perm(len(ring))[:r.IntN(24)] {
				p.pits[ring[k]] = 1
			}
		}
	case Kingulu:
		for range 48 - r.IntN(20) {
			p.pits[r.IntN(12)]++
		}
		left := 48 - p.total()
		p.bank[South] = uint8(r.IntN(left + 1))
		p.bank[North] = uint8(left - int(p.bank[South]))
		for c := range Pit(12) {
			if p.pits[c] == 0 && r.IntN(6) == 0 {
				p.reserved |= 1 << c
			}
		}
	default:
		bank := 0
		if r.IntN(3) == 0 {
			bank = r.IntN(44)
		}
		for range 64 - bank {
			p.pits[r.IntN(32)]++
		}
		p.bank[South] = uint8(r.IntN(bank + 1))
		p.bank[North] = uint8(bank - int(p.bank[South]))
		p.house = [2]bool{r.IntN(2) == 0, r.IntN(2) == 0}
		if p.bank[p.toMove] == 0 && r.IntN(4) == 0 {
			s := p.toMove
			if v == Kete && r.IntN(2) == 0 {
				s = s.Other()
			}
			p.block = v.pit(s, 0, 1+r.IntN(8))
		}
	}
	return p
}

// TestRandomSetups lists the moves of thousands of random set-up positions of every game and
// holds each move to the invariants of TestRandomGames.
func TestRandomSetups(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 300
	}
	for _, v := range Variants() {
		r := NewRand(42, 0)
		for i := range n {
			p := randomSetup(v, r)
			if err := v.rules.check(&p); err != nil {
				t.Fatalf("random set-up rejected: %v\n%s", err, p)
			}
			checkPosition(t, p)
			cs := p.Children(nil)
			if (len(cs) == 0) != (p.Status() != Ongoing) {
				t.Fatalf("%s: %d moves but status %s", p, len(cs), p.Status())
			}
			for _, c := range cs {
				checkChild(t, p, c)
			}
			if i%5 == 0 {
				checkEveryToken(t, p, cs)
			}
		}
	}
}

// TestExpandMatchesChildren holds Expand to Children over seeded random play of every game:
// the same moves in the same order with the same flags and positions, Wins aside; a Wins
// flag Expand sets is one Children sets, and a child it leaves unflagged is lost for its
// player to move: it has no moves, and its status says so.
func TestExpandMatchesChildren(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	for _, v := range Variants() {
		t.Run(v.id, func(t *testing.T) {
			starts := []Position{v.Start()}
			for _, s := range b4MidGame[v] { // the 4x8 games reach takasia and hizi zetu sooner
				p, err := ParsePosition(v, s)
				if err != nil {
					t.Fatal(err)
				}
				starts = append(starts, p)
			}
			var positions, unflagged, takasia, blocked int
			var cs, es, gs []Child
			for i := range games {
				r := NewRand(17, uint64(i))
				p := starts[i%len(starts)]
				for range 400 {
					positions++
					if p.block != NoPit {
						blocked++
					}
					cs, es = p.Children(cs[:0]), p.Expand(es[:0])
					if len(cs) != len(es) {
						t.Fatalf("game %d: %d moves, Expand gives %d: %s", i, len(cs), len(es), p)
					}
					for k, c := range cs {
						e := es[k]
						cm, em := c.Move, e.Move
						cm.Flags &^= Wins
						em.Flags &^= Wins
						switch {
						case cm != em || c.Position != e.Position:
							t.Fatalf("game %d: %s: Children gives %s to %s, Expand %s to %s",
								i, p, v.FormatMove(c.Move), c.Position, v.FormatMove(e.Move), e.Position)
						case e.Move.Flags&Wins != 0 && c.Move.Flags&Wins == 0:
							t.Fatalf("game %d: %s: Expand says %s wins, Children does not", i, p, v.FormatMove(e.Move))
						case c.Move.Flags&Wins != 0 && e.Move.Flags&Wins == 0:
							unflagged++
							if gs = e.Position.Expand(gs[:0]); len(gs) != 0 {
								t.Fatalf("game %d: %s: %s wins, but the opponent has %d moves", i, p, v.FormatMove(c.Move), len(gs))
							}
							if w, ok := e.Position.Status().Winner(); !ok || w != p.toMove {
								t.Fatalf("game %d: %s: %s wins, but the status is %s", i, p, v.FormatMove(c.Move), e.Position.Status())
							}
						}
						if c.Move.Flags&Takasia != 0 {
							takasia++
						}
					}
					if len(cs) == 0 {
						break
					}
					p = cs[r.IntN(len(cs))].Position
				}
			}
			t.Logf("%s: %d positions (%d with a block), %d wins left unflagged, %d takasia", v.id, positions, blocked, unflagged, takasia)
		})
	}
}
