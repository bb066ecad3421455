package event

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkStandings: a 200-player Swiss of 11 rounds (target: under 100 ms), and one of
// 10,000 players and 7 rounds, past MaxCross (target: under 1 s and 100 MB, memory in the
// players and games, not their square; it took 519 s and 5.6 GB when each game looked its
// opponent's rating up among all the players and the crosstable had players² cells).
func BenchmarkStandings(b *testing.B) {
	for _, size := range []struct{ players, rounds int }{{200, 11}, {10_000, 7}} {
		b.Run(fmt.Sprint(size.players), func(b *testing.B) {
			c, games := swiss(size.players, size.rounds)
			b.ResetTimer()
			for b.Loop() {
				Standings(c, games, 0)
			}
		})
	}
}

// swiss is an event of n players and rounds random pairings with random results.
func swiss(n, rounds int) (*Config, []Game) {
	c := &Config{Name: "x", Format: "swiss"}
	for i := range n {
		c.Players = append(c.Players, Player{Name: fmt.Sprintf("P%05d", i)})
	}
	c.defaults()
	rnd := rand.New(rand.NewPCG(3, 4))
	var games []Game
	for r := 1; r <= rounds; r++ {
		perm := rnd.Perm(n)
		for i := 0; i+1 < n; i += 2 {
			games = append(games, Game{Round: r, Board: i/2 + 1, South: c.Players[perm[i]].Name,
				North: c.Players[perm[i+1]].Name, Result: []string{"1-0", "0-1", "1/2-1/2"}[rnd.IntN(3)], Moves: 40})
		}
	}
	return c, games
}

// BenchmarkRatings: Elo over 100,000 games (target: under 2 s).
func BenchmarkRatings(b *testing.B) {
	rnd := rand.New(rand.NewPCG(5, 6))
	games := make([]Rated, 100_000)
	for i := range games {
		games[i] = Rated{Date: fmt.Sprintf("%04d.%02d.%02d", 1990+rnd.IntN(30), 1+rnd.IntN(12), 1+rnd.IntN(28)),
			Family: []string{"4x8", "2x6", "4x12"}[rnd.IntN(3)], South: fmt.Sprintf("P%d", rnd.IntN(2000)),
			North: fmt.Sprintf("P%d", rnd.IntN(2000)), Score: float64(rnd.IntN(3)) / 2}
	}
	b.ResetTimer()
	for b.Loop() {
		Ratings(games, false)
	}
}
