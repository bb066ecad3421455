// Command strength measures the analysis engine in self-play matches, for `make strength`:
//
//	go run ./analysis/strength [-games 20] [-movetime 100ms] [-variant all] [-seed 1] [-match greedy,random,depth] [-decided]
//
// For each game it plays three matches of -games games each: the engine at -movetime per move
// against a one-ply greedy player and against a random player, and the engine at depth 6
// against itself at depth 3. Each pair of games starts from the same -opening random moves
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
// many). "decided" counts the openings set aside; -decided keeps them, and then "lost" counts the games whose start is
// proven lost for the engine's side and "rest" gives the score of the other games.
//
// It prints the engine's score in each match (a win 1, a draw or a game stopped at -max-plies
// 1/2). The same flags give the same figures, up to the time budget's effect on how deep each
// search gets.
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
	fmt.Printf("%-10s %-24s %6s %8s %8s %8s %6s %8s %8s\n", "game", "match", "games", "openings", "score", "decided", "lost", "rest", "time")
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
		report := func(match, name string, play func(i uint64) (*engine.Game, engine.Side)) {
			if !slices.Contains(strings.Split(*matches, ","), match) {
				return
			}
			start := time.Now()
			points, restPoints, lost := 0.0, 0.0, 0
			for i := range uint64(*games) {
				g, engineSide := play(i)
				p := analysis.Points(g, engineSide)
				points += p
				if pool[int(i/2)%len(pool)].lostFor(engineSide) {
					lost++
				} else {
					restPoints += p
				}
			}
			rest := "-"
			if lost < *games {
				rest = fmt.Sprintf("%.1f%%", 100*restPoints/float64(*games-lost))
			}
			fmt.Printf("%-10s %-24s %6d %8d %7.1f%% %8d %6d %8s %8s\n", v.ID(), name, *games, len(pool), 100*points/float64(*games), decided, lost, rest, time.Since(start).Round(time.Second))
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
		}))
		report("random", fmt.Sprintf("%v vs random", *movetime), against(func(i uint64) analysis.Player {
			return analysis.RandomPlayer{R: engine.NewRand(*seed, i)}
		}))
		report("depth", "depth 6 vs depth 3", func(i uint64) (*engine.Game, engine.Side) {
			if i%2 == 0 {
				return analysis.PlayGame(opened(i), depth(6), depth(3), *maxPlies), engine.South
			}
			return analysis.PlayGame(opened(i), depth(3), depth(6), *maxPlies), engine.North
		})
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
		o := opening{start, judge(start)}
		if !keepDecided && math.Abs(o.judged.Seeds()) > margin {
			decided++
			continue
		}
		pool = append(pool, o)
	}
	return pool, decided
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
