package analysis

import (
	"math"

	"github.com/bao-archive/bao/engine"
)

// Sample is a position's features with the game's result for the player to move there
// (1 a win, 0 a loss, 1/2 a draw or an unfinished game): the tuning data.
type Sample struct {
	f      [nFeatures]int32
	result float64
}

// NewSample labels position p of a game that ended with status st (a draw for unfinished).
func NewSample(p engine.Position, st engine.Status) Sample {
	s := Sample{f: features(&p), result: 0.5}
	if w, ok := st.Winner(); ok {
		s.result = 0
		if w == p.ToMove() {
			s.result = 1
		}
	}
	return s
}

// FeatureNames are the evaluation's features in the order of Weights.
func FeatureNames() []string { return featureNames[:] }

// TuneScale is the centiseeds that make odds of e to 1 in the tuning's logistic model: a
// lead of 2 seeds wins about 73% of the games it is found in.
const TuneScale = 200

// Tune fits weights to samples Texel-style: the evaluation, divided by TuneScale, is the log
// odds of the mover winning; the weights maximise the likelihood of the results (logistic
// regression by Newton's method, with a small ridge so that features a game lacks, or that
// repeat another, get weight 0 rather than none). The weights are then scaled so that a seed
// of material (on the board, or off it where that is worth more) is worth 100, as the scores
// are read.
func Tune(samples []Sample) Weights {
	const ridge = 1.0
	var beta [nFeatures]float64
	for range 25 {
		var grad [nFeatures]float64
		var hess [nFeatures][nFeatures]float64
		for _, s := range samples {
			z := 0.0
			for i, x := range s.f {
				z += beta[i] * float64(x)
			}
			p := 1 / (1 + math.Exp(-z))
			for i, xi := range s.f {
				grad[i] += (s.result - p) * float64(xi)
				for j, xj := range s.f {
					hess[i][j] += p * (1 - p) * float64(xi) * float64(xj)
				}
			}
		}
		for i := range beta {
			grad[i] -= ridge * beta[i]
			hess[i][i] += ridge
		}
		step := solve(hess, grad)
		for i := range beta {
			beta[i] += step[i]
		}
	}
	// Scores are read in seeds: scale the weights so that a seed of material is worth 100,
	// on the board or off it, whichever the fit found worth more (Bao Kingulu's store, whose
	// seeds are the final score's, against seeds still in play on the board).
	scale := float64(TuneScale)
	if m := max(beta[fBoard], beta[fBank]); m > 0 {
		scale = 100 / m
	}
	var w Weights
	for i, b := range beta {
		w[i] = int32(math.Round(b * scale))
	}
	return w
}

// solve solves a x = b by Gaussian elimination with partial pivoting (a is positive definite).
func solve(a [nFeatures][nFeatures]float64, b [nFeatures]float64) [nFeatures]float64 {
	n := nFeatures
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			k := a[r][c] / a[c][c]
			for j := c; j < n; j++ {
				a[r][j] -= k * a[c][j]
			}
			b[r] -= k * b[c]
		}
	}
	var x [nFeatures]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for j := r + 1; j < n; j++ {
			s -= a[r][j] * x[j]
		}
		x[r] = s / a[r][r]
	}
	return x
}
