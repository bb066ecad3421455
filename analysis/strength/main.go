// Command strength measures the analysis engine in self-play matches, for `make strength`:
//
//	go run ./analysis/strength [-games 20] [-movetime 100ms] [-variant all] [-seed 1]
//		[-match greedy,random,depth] [-deep 6 -shallow 3] [-decided] [-ceiling N] [-v]
//
// For each game it plays three matches of -games games each: the engine at -movetime per move
// against a one-ply greedy player and against a random player, and the engine at depth 6
// against itself at depth 3 (-deep, -shallow). Each pair of games starts from the same -opening random moves
// (seeded by -seed), once with each colour, so that the deterministic engines do not replay
// one game and neither side is favoured by the start.
//
// A match measures play, not the draw of openings. As engine testers use balanced opening
// books, an opening is kept only if a 500,000-node search finds neither a forced result (which
// no play can save against an opponent who finds it) nor an advantage of more than -margin
// seeds for either side; otherwise the next random opening is drawn. Bao Kingulu needs this:
// its own start is a forced win for South in 15 moves, and four random moves on its 48 seeds
// often capture a third of them. Openings that end the game or repeat an earlier one are drawn
// again too, one random move longer once the short ones run out (Bao la Kimasai has only
// seven distinct four-move openings), at most 100 draws an opening; when fewer balanced
// openings exist than pairs of games, the pairs go round the ones found ("openings" says how
// many). "decided" counts the openings set aside; -decided keeps them, and then "lost" counts
// the games whose start is proven lost for the engine's side and "rest" gives the score of
// the other games.
//
// It prints the engine's score in each match (a win 1, a draw or a game stopped at -max-plies
// 1/2). The same flags give the same figures, up to the time budget's effect on how deep each
// search gets; -v prints every game.
//
// What can be scored against a weak player depends on the opening: Bao Kingulu's balanced
// openings are mostly drawn, often with a single drawing line for both sides, where no player
// can win against any opponent. -ceiling N works out, for each game whose tree from the
// opening has at most N positions, the best score any player can expect there against the
// greedy or random player (expectimax: the best move at the player's turns, the average over
// the opponent's choices at his), and prints the engine's score and that best on those games.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
)

func main() {
	games := flag.Int("games", 20, "games per match (even: each colour plays half)")
	movetime := flag.Duration("movetime", 100*time.Millisecond, "the engine's time per move against the greedy and random players")
	variant := flag.String("variant", "all", "the game, or all")
	seed := flag.Uint64("seed", 1, "random seed of the opponents and the openings")
	maxPlies := flag.Int("max-plies", 600, "stop a game after this many plies (a draw)")
	matches := flag.String("match", "greedy,random,depth", "the matches to play")
	opening := flag.Int("opening", 4, "random plies at the start of each pair of games")
	keepDecided := flag.Bool("decided", false, "also play openings that are decided or unbalanced")
	margin := flag.Float64("margin", 4, "the largest advantage, in seeds, of a kept opening")
	ceilingLimit := flag.Int("ceiling", 0, "work out the best possible score against the greedy and random players where the game tree has at most this many positions (Bao Kingulu: 2000000)")
	deep := flag.Int("deep", 6, "the deeper engine's depth in the depth match")
	shallow := flag.Int("shallow", 3, "the shallower engine's depth in the depth match")
	verbose := flag.Bool("v", false, "print each game: its opening, the engine's side, the result and the final position")
	flag.Parse()
	vs := engine.Variants()
	if *variant != "all" {
		v, err := engine.LookupVariant(*variant)
		if err != nil {
			fmt.Fprintln(os.Stderr, "strength:", err)
			os.Exit(2)
		}
		vs = []*engine.Variant{v}
	}
	fmt.Printf("%-10s %-24s %6s %8s %8s %8s %6s %8s %8s %s\n", "game", "match", "games", "openings", "score", "decided", "lost", "rest", "time", "score/best possible")
	for _, v := range vs {
		timed := func() analysis.Player {
			return analysis.SearchPlayer{S: analysis.NewSearcher(16), Lim: analysis.Limits{MoveTime: *movetime}}
		}
		depth := func(d int) analysis.Player {
			return analysis.SearchPlayer{S: analysis.NewSearcher(16), Lim: analysis.Limits{Depth: d}}
		}
		// Games 2k and 2k+1 of a match start from the same opening, with the colours swapped.
		pool, decided := openings(v, (*games+1)/2, *opening, *seed+1, *keepDecided, *margin)
		if len(pool) == 0 {
			fmt.Printf("%-10s no balanced opening in %d draws\n", v.ID(), decided)
			continue
		}
		opened := func(i uint64) engine.Position { return pool[int(i/2)%len(pool)].start }
		report := func(match, name string, play func(i uint64) (*engine.Game, engine.Side), choices func(engine.Position) []engine.Child) {
			if !slices.Contains(strings.Split(*matches, ","), match) {
				return
			}
			start := time.Now()
			points, restPoints, lost := 0.0, 0.0, 0
			// The best score a player could expect in each game, by opening and side, where
			// it could be worked out, and the engine's score in those games.
			bests := map[[2]int]float64{}
			known, best, knownPoints := 0, 0.0, 0.0
			for i := range uint64(*games) {
				g, engineSide := play(i)
				p := analysis.Points(g, engineSide)
				k := int(i/2) % len(pool)
				o := pool[k]
				b, ok := bests[[2]int{k, int(engineSide)}]
				if !ok && choices != nil && *ceilingLimit > 0 {
					if b, ok = ceiling(o.start, engineSide, choices, *maxPlies, *ceilingLimit); ok {
						bests[[2]int{k, int(engineSide)}] = b
					}
				}
				if ok {
					known++
					best += b
					knownPoints += p
				}
				if *verbose {
					fmt.Printf("  %s opening %s (judged %+.2f), engine %v: %v after %d plies, %s", match, o.start, o.judged.Seeds(), engineSide, g.Status(), len(g.Moves()), g.Position())
					if ok {
						fmt.Printf(" (best possible %.3f)", b)
					}
					fmt.Println()
				}
				points += p
				if o.lostFor(engineSide) {
					lost++
				} else {
					restPoints += p
				}
			}
			rest, bound := "-", "-"
			if lost < *games {
				rest = fmt.Sprintf("%.1f%%", 100*restPoints/float64(*games-lost))
			}
			if known > 0 {
				bound = fmt.Sprintf("%.1f%%/%.1f%% of %d", 100*knownPoints/float64(known), 100*best/float64(known), known)
			}
			fmt.Printf("%-10s %-24s %6d %8d %7.1f%% %8d %6d %8s %8s %s\n", v.ID(), name, *games, len(pool), 100*points/float64(*games), decided, lost, rest, time.Since(start).Round(time.Second), bound)
		}
		against := func(opp func(i uint64) analysis.Player) func(i uint64) (*engine.Game, engine.Side) {
			return func(i uint64) (*engine.Game, engine.Side) {
				if i%2 == 0 {
					return analysis.PlayGame(opened(i), timed(), opp(i), *maxPlies), engine.South
				}
				return analysis.PlayGame(opened(i), opp(i), timed(), *maxPlies), engine.North
			}
		}
		report("greedy", fmt.Sprintf("%v vs greedy", *movetime), against(func(i uint64) analysis.Player {
			return analysis.GreedyPlayer{R: engine.NewRand(*seed, i)}
		}), analysis.GreedyMoves)
		report("random", fmt.Sprintf("%v vs random", *movetime), against(func(i uint64) analysis.Player {
			return analysis.RandomPlayer{R: engine.NewRand(*seed, i)}
		}), func(p engine.Position) []engine.Child { return p.Children(nil) })
		report("depth", fmt.Sprintf("depth %d vs depth %d", *deep, *shallow), func(i uint64) (*engine.Game, engine.Side) {
			if i%2 == 0 {
				return analysis.PlayGame(opened(i), depth(*deep), depth(*shallow), *maxPlies), engine.South
			}
			return analysis.PlayGame(opened(i), depth(*shallow), depth(*deep), *maxPlies), engine.North
		}, nil)
	}
}

// An opening is a start position and the engine's judgement of it.
type opening struct {
	start  engine.Position
	judged analysis.Line
}

// lostFor tells whether the engine proves the opening lost for side s.
func (o opening) lostFor(s engine.Side) bool {
	n, ok := o.judged.WinIn()
	return ok && (o.start.ToMove() == s) != (n > 0)
}

// openings draws up to n distinct openings of plies random moves of v from seed (one move
// more each time more than 10n draws at one length were repeats or finished games), setting
// aside, unless keepDecided, those the engine judges decided or beyond margin seeds; it stops
// after 100 draws an opening, and returns the openings and how many were set aside.
func openings(v *engine.Variant, n, plies int, seed uint64, keepDecided bool, margin float64) ([]opening, int) {
	var pool []opening
	seen := map[string]bool{}
	decided, repeats := 0, 0
	for draw := uint64(0); len(pool) < n && draw < 100*uint64(n); draw++ {
		if repeats > 10*n { // the game has few openings this long (Kimasai's start is forced)
			plies, repeats = plies+1, 0
		}
		start := engine.RandomGame(v.Start(), engine.NewRand(seed, draw), plies).Position()
		if start.Status() != engine.Ongoing || seen[start.String()] {
			repeats++
			continue
		}
		seen[start.String()] = true
		o := opening{start: start, judged: judge(start)}
		if !keepDecided && math.Abs(o.judged.Seeds()) > margin {
			decided++
			continue
		}
		pool = append(pool, o)
	}
	return pool, decided
}

// ceiling is the best score side x can expect from p against an opponent who plays at random
// among choices(p): expectimax over the whole game tree, with a game stopped after plies and
// a position met again on its own line counted as drawn. It gives up, reporting false, after
// limit positions (only Bao Kingulu's trees are small enough).
func ceiling(p engine.Position, x engine.Side, choices func(engine.Position) []engine.Child, plies, limit int) (float64, bool) {
	known := map[uint64]float64{}
	var value func(p engine.Position, ply int) float64
	value = func(p engine.Position, ply int) float64 {
		if st := p.Status(); st != engine.Ongoing || ply >= plies {
			w, ok := st.Winner()
			switch {
			case !ok:
				return 0.5
			case w == x:
				return 1
			}
			return 0
		}
		h := p.Hash()
		if v, ok := known[h]; ok || len(known) > limit {
			return v
		}
		known[h] = 0.5 // a line that comes back here goes round for ever
		var v float64
		if p.ToMove() == x {
			for _, c := range p.Children(nil) {
				v = max(v, value(c.Position, ply+1))
			}
		} else {
			cs := choices(p)
			for _, c := range cs {
				v += value(c.Position, ply+1)
			}
			v /= float64(len(cs))
		}
		known[h] = v
		return v
	}
	v := value(p, 0)
	return v, len(known) <= limit
}

// judge is the engine's best line from start within 500,000 nodes; a proven result scores
// ±1000 seeds.
func judge(start engine.Position) analysis.Line {
	r := analysis.NewSearcher(16).Search(context.Background(), start, nil, analysis.Limits{Nodes: 500000}, nil)
	if len(r.Lines) == 0 {
		return analysis.Line{}
	}
	return r.Lines[0]
}
