package analysis

import "github.com/bao-archive/bao/engine"

// The evaluation is linear in a few features of a position, each counted for the player to
// move minus the same count for the opponent, and weighed per game (weights.go, tuned by
// ./analysis/tune). Scores are in centiseeds from the mover's point of view: a seed of material
// is worth 100 (on the board; in Bao Kingulu, in the store, whose seeds are final), and the
// other features what the tuning found them worth in seeds.
//
// The features, the same for every game (a feature a game lacks is always zero there):
//   - board: seeds (Kimasai: stones) in the player's pits (a Kingulu pit reserved by kuweka
//     mtoto holds none: its seeds go to the store);
//   - bank: seeds off the board, the reserve (ghala) of the 4x8 games or Kingulu's store;
//   - front: seeds in the front row, the only row that captures and is captured;
//   - nyumba: the player still owns his house (4x8 games);
//   - mobility: pits with at least two seeds, the pits that can start a sowing in mtaji;
//   - threats: seeds in the opponent's front pits that face an occupied front pit of the
//     player, what he could capture next (front-row capture threats);
//   - tempo: one for the player to move.
const (
	fBoard = iota
	fBank
	fFront
	fNyumba
	fMobility
	fThreats
	fTempo
	nFeatures
)

// featureNames name the features in weights.go and in the tuning script's output.
var featureNames = [nFeatures]string{"board", "bank", "front", "nyumba", "mobility", "threats", "tempo"}

// Weights are the centiseeds each feature is worth in one game.
type Weights [nFeatures]int32

// geometry is a board's layout as tables: the evaluation is on the search's hot path, and the
// variant's own methods divide.
type geometry struct {
	pits     int
	owner    [48]engine.Side
	front    [48]bool
	opposite [48]engine.Pit
}

var geometries = func() map[*engine.Variant]*geometry {
	m := map[*engine.Variant]*geometry{}
	for _, v := range engine.Variants() {
		g := &geometry{pits: v.Pits()}
		for x := range engine.Pit(v.Pits()) {
			g.owner[x] = v.Owner(x)
			g.front[x] = v.Row(x) == 0
			if g.front[x] {
				g.opposite[x] = v.Opposite(x)
			}
		}
		m[v] = g
	}
	return m
}()

// features counts the features of p for the player to move.
func features(p *engine.Position) (f [nFeatures]int32) {
	g := geometries[p.Variant()]
	me := p.ToMove()
	for x := range engine.Pit(g.pits) {
		n := int32(p.Seeds(x))
		if n == 0 {
			continue
		}
		sg := int32(1)
		if g.owner[x] != me {
			sg = -1
		}
		f[fBoard] += sg * n
		if n >= 2 {
			f[fMobility] += sg
		}
		if g.front[x] {
			f[fFront] += sg * n
			// The pit faces an occupied pit of the other side: its seeds are under threat.
			if p.Seeds(g.opposite[x]) != 0 {
				f[fThreats] -= sg * n
			}
		}
	}
	f[fBank] = int32(p.Reserve(me)) - int32(p.Reserve(me.Other()))
	if p.HouseOwned(me) {
		f[fNyumba]++
	}
	if p.HouseOwned(me.Other()) {
		f[fNyumba]--
	}
	f[fTempo] = 1
	return f
}

// evaluate is the static evaluation of p in centiseeds for the player to move, by weights w.
// It does not look at whether the game is over: the search does. It stays below the scores
// of proven results (tuned weights times a full store can reach them), which a heuristic
// score must never be taken for.
func evaluate(p *engine.Position, w *Weights) int {
	f := features(p)
	var s int32
	for i, x := range f {
		s += w[i] * x
	}
	return max(-maxEval, min(int(s), maxEval))
}

// maxEval bounds static scores: every proven result scores more (see WinScore).
const maxEval = WinScore - maxPly - 1

// weightsOf finds the tuned weights of v's game.
func weightsOf(v *engine.Variant) *Weights {
	if w, ok := tuned[v.ID()]; ok {
		return &w
	}
	return &defaultWeights
}

// defaultWeights count material alone, for a game without tuned weights.
var defaultWeights = Weights{fBoard: 100, fBank: 100}
