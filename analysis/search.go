package analysis

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bao-archive/bao/engine"
)

const (
	// WinScore is the score of a won finished position; a win d plies away scores
	// WinScore - d, a loss -(WinScore - d), so that the search prefers the quickest win and
	// the slowest loss.
	WinScore = 30000
	infinity = 32000
	maxPly   = 120 // deepest line the search follows
)

// Limits bound a search. Zero values mean no limit, but at least one of Depth, MoveTime,
// Nodes or a cancelled context must end the search; Search stops at depth maxPly anyway.
type Limits struct {
	Depth    int           // iterations of deepening, in plies
	MoveTime time.Duration // wall-clock budget
	Nodes    int64         // positions visited, over all threads
	MultiPV  int           // how many best moves to rank (default 1)
	Threads  int           // search threads sharing the table (default 1; lazy SMP)
}

// Line is a ranked move with its score and the expected continuation.
type Line struct {
	Moves []engine.Move // the move, then the principal variation
	Score int           // centiseeds for the player to move at the root, or a win score
}

// WinIn is the number of the mover's own moves to a forced win (1: the first move wins),
// negative for a forced loss, and false when the score proves nothing.
func (l Line) WinIn() (int, bool) {
	switch {
	case l.Score >= WinScore-maxPly:
		return (WinScore - l.Score + 1) / 2, true
	case l.Score <= -WinScore+maxPly:
		return -(WinScore + l.Score) / 2, true
	}
	return 0, false
}

// Seeds is the score in seeds, a proven win +1000 and a proven loss -1000.
func (l Line) Seeds() float64 {
	if n, ok := l.WinIn(); ok {
		if n > 0 {
			return 1000
		}
		return -1000
	}
	return float64(l.Score) / 100
}

// Result is what a search found: its lines best first (up to MultiPV), from the last
// iteration it completed.
type Result struct {
	Lines   []Line
	Depth   int
	Nodes   int64
	Elapsed time.Duration
}

// NPS is the nodes searched per second.
func (r Result) NPS() int64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return int64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Searcher searches positions of any game with a transposition table it keeps from one
// search to the next (the moves of one game share much). It is not safe for concurrent use;
// its searches use threads of their own.
type Searcher struct {
	tt *table
	// MaterialOnly evaluates by material alone instead of the tuned weights: the tuning's
	// self-play, whose games must not depend on the weights they are used to tune.
	MaterialOnly bool
}

// MaxHashMB is the largest transposition table a Searcher takes, in megabytes.
const MaxHashMB = 4096

// NewSearcher makes a searcher with a transposition table of about hashMB megabytes (1 to
// MaxHashMB).
func NewSearcher(hashMB int) *Searcher {
	return &Searcher{tt: newTable(min(max(hashMB, 1), MaxHashMB))}
}

// Clear forgets what earlier searches stored, so that the next search is the same as in a
// new Searcher.
func (s *Searcher) Clear() { s.tt.clear() }

// SearchGame searches the position g has reached, with its history (Bao la Kimasai's draw by
// repetition). info, if not nil, is called after each completed iteration.
func (s *Searcher) SearchGame(ctx context.Context, g *engine.Game, lim Limits, info func(Result)) Result {
	if g.Status() != engine.Ongoing {
		return Result{}
	}
	ps, ms := g.Positions(), g.Moves()
	v := g.Position().Variant()
	var hist []engine.Position
	if v.DrawsByRepetition() {
		// The positions since the last capture, before the current one.
		i := len(ps) - 1
		for i > 0 && !v.IsCapture(ms[i-1]) {
			i--
		}
		hist = ps[i : len(ps)-1]
	}
	return s.Search(ctx, g.Position(), hist, lim, info)
}

// Search searches root. hist, for a game drawn by repetition, are the positions since the
// last capture that led to root (without root); a position that repeats one of them or one
// of the line searched is a draw. info, if not nil, is called after each completed iteration.
func (s *Searcher) Search(ctx context.Context, root engine.Position, hist []engine.Position, lim Limits, info func(Result)) Result {
	start := time.Now()
	// The search proper has nine tenths of a budget; the last tenth is for choosing among
	// moves that score alike (preferTraps).
	sh := &shared{tt: s.tt, nodeLimit: lim.Nodes - lim.Nodes/10, material: s.MaterialOnly}
	if lim.MoveTime > 0 {
		sh.deadline = start.Add(lim.MoveTime - lim.MoveTime/10)
	}
	if ctx != nil && ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { sh.stop.Store(true) })
		defer stop()
	}
	depth := lim.Depth
	if depth <= 0 || depth > maxPly-1 {
		depth = maxPly - 1
	}
	multi := max(lim.MultiPV, 1)
	threads := max(lim.Threads, 1)
	threads = min(threads, 4*runtime.NumCPU())

	main := newWorker(sh, root, hist)
	var wg sync.WaitGroup
	for i := 1; i < threads; i++ {
		w := newWorker(sh, root, hist)
		w.helper = i
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.deepen(depth, multi, nil)
		}()
	}
	report := func(r Result) Result {
		r.Nodes = sh.nodes.Load() + main.local
		r.Elapsed = time.Since(start)
		if info != nil {
			info(r)
		}
		return r
	}
	res := main.deepen(depth, multi, func(r Result) { report(r) })
	sh.stop.Store(true)
	wg.Wait()
	// The rest of the budget, unless the search was cancelled.
	sh.stop.Store(false)
	if ctx == nil || ctx.Err() == nil {
		sh.nodeLimit = lim.Nodes
		if lim.MoveTime > 0 {
			sh.deadline = start.Add(lim.MoveTime)
		}
		if r, changed := main.preferTraps(res, multi); changed {
			res = report(r)
		}
	}
	res.Nodes = sh.nodes.Load() + main.local
	res.Elapsed = time.Since(start)
	return res
}

// shared is what the threads of one search share.
type shared struct {
	tt        *table
	stop      atomic.Bool
	nodes     atomic.Int64 // flushed from the workers' local counts
	nodeLimit int64
	deadline  time.Time
	material  bool // see Searcher.MaterialOnly
}

// worker is one thread of a search, with its own move-ordering tables.
type worker struct {
	sh   *shared
	v    *engine.Variant
	w    *Weights
	root engine.Position
	rep  bool // the game is drawn by repetition
	// path holds the hashes of the positions from the root's history to the node searched;
	// those from winStart on can repeat, and set is their XOR (Bao la Kimasai).
	path       []uint64
	winStart   int
	set        uint64
	mustFinish bool  // the first iteration ignores the limits, so that there is a move
	helper     int   // 0 for the main thread; helpers search deeper or in another order
	local      int64 // nodes not yet added to sh.nodes
	aborted    bool
	settled    []rootMove // the root moves as the last completed iteration ranked them

	kids    [maxPly + 1][]engine.Child
	order   [maxPly + 1][]int32
	keys    [maxPly + 1][]int32 // ordering scores, beside order
	killers [maxPly + 1][2]int
	history [engine.MoveKeys]int32
	pv      [maxPly + 1][maxPly + 1]engine.Move
	pvLen   [maxPly + 1]int
}

func newWorker(sh *shared, root engine.Position, hist []engine.Position) *worker {
	v := root.Variant()
	w := &worker{sh: sh, v: v, w: weightsOf(v), root: root, rep: v.DrawsByRepetition()}
	if sh.material {
		w.w = &defaultWeights
	}
	if w.rep {
		for _, p := range hist {
			w.path = append(w.path, p.Hash())
			w.set ^= p.Hash()
		}
	}
	for i := range w.killers {
		w.killers[i] = [2]int{-1, -1}
	}
	return w
}

// rootMove is a move of the root with the score of the last iteration that searched it.
type rootMove struct {
	child engine.Child
	score int
	exact bool
	pv    []engine.Move
}

// deepen is iterative deepening: each iteration orders the root moves by the scores of the
// one before. It returns the last completed iteration.
func (w *worker) deepen(maxDepth, multi int, done func(Result)) Result {
	var moves []rootMove
	for _, c := range w.root.Expand(nil) {
		moves = append(moves, rootMove{child: c})
	}
	var res Result
	if len(moves) == 0 {
		return res
	}
	multi = min(multi, len(moves))
	rootHash := w.root.Hash()
	for d := 1; d <= maxDepth; d++ {
		sd := d
		if w.helper%2 == 1 {
			sd++ // lazy SMP: half the helpers look one ply further
		}
		w.mustFinish = d == 1 && w.helper == 0
		if !w.searchRoot(moves, rootHash, sd, multi) {
			break
		}
		slices.SortStableFunc(moves, func(a, b rootMove) int {
			if a.exact != b.exact {
				if a.exact {
					return -1
				}
				return 1
			}
			return b.score - a.score
		})
		w.settled = append(w.settled[:0], moves...)
		res = linesOf(moves, d, multi)
		if done != nil {
			done(res)
		}
		// A proven result cannot change with depth: every line up to this depth was seen.
		if _, ok := res.Lines[0].WinIn(); ok && multi == 1 && d >= WinScore-abs(res.Lines[0].Score) {
			break
		}
	}
	return res
}

// linesOf is the result of an iteration to depth d whose root moves are ranked in moves.
func linesOf(moves []rootMove, d, multi int) Result {
	res := Result{Depth: d}
	for _, m := range moves[:multi] {
		res.Lines = append(res.Lines, Line{Moves: m.pv, Score: m.score})
	}
	return res
}

// searchRoot searches every root move to depth d; the first multi get exact scores. It
// reports false when the search was stopped before it finished.
func (w *worker) searchRoot(moves []rootMove, rootHash uint64, d, multi int) bool {
	alpha := -infinity
	defer w.atRoot(rootHash)()
	if w.helper > 0 && d > 1 { // helpers start from different moves
		k := w.helper % len(moves)
		moves = append(moves[k:len(moves):len(moves)], moves[:k]...)
	}
	var exact []int // scores of the moves with exact scores, to find the multi-th best
	for i := range moves {
		m := &moves[i]
		if len(exact) >= multi {
			alpha = exact[multi-1]
		}
		var s int
		if len(exact) < multi {
			s = -w.child(&m.child, 0, d-1, -infinity, infinity)
		} else {
			s = -w.child(&m.child, 0, d-1, -alpha-1, -alpha)
			if s > alpha && !w.aborted {
				s = -w.child(&m.child, 0, d-1, -infinity, -alpha)
			}
		}
		if w.aborted {
			return false
		}
		m.score, m.exact = s, len(exact) < multi || s > alpha
		if m.exact {
			m.pv = flagged(w.root, append([]engine.Move{m.child.Move}, w.pv[1][1:w.pvLen[1]]...))
			exact = append(exact, s)
			slices.SortFunc(exact, func(a, b int) int { return b - a })
		}
	}
	return true
}

// atRoot puts the root on the path of a game drawn by repetition, and returns what takes it
// off again.
func (w *worker) atRoot(rootHash uint64) func() {
	if !w.rep {
		return func() {}
	}
	w.path = append(w.path, rootHash)
	w.set ^= rootHash
	return func() { w.path, w.set = w.path[:len(w.path)-1], w.set^rootHash }
}

// flagged gives the moves of line, played from p, the flags engine.Position.Children sets:
// the search expands with Expand, whose moves may lack the Wins flag, which tokens show (#).
func flagged(p engine.Position, line []engine.Move) []engine.Move {
	var buf []engine.Child
	for i, m := range line {
		buf = p.Children(buf[:0])
		j := slices.IndexFunc(buf, func(c engine.Child) bool { return c.Move.Key() == m.Key() })
		if j < 0 { // every move of a line is legal where it is played
			panic("analysis: the line holds an illegal move: " + p.Variant().FormatMove(m))
		}
		line[i], p = buf[j].Move, buf[j].Position
	}
	return line
}

// child scores the position after c, played at ply, for the player to move there. It
// handles what the parent can see without searching: a move that wins, a repetition.
func (w *worker) child(c *engine.Child, ply, depth, alpha, beta int) int {
	w.count()
	w.pvLen[ply+1] = ply + 1
	if c.Move.Flags&engine.Wins != 0 {
		return -(WinScore - ply - 1)
	}
	if !w.rep {
		if depth <= 0 { // a leaf: no table, so no hash
			return w.search(&c.Position, 0, ply+1, depth, alpha, beta)
		}
		return w.search(&c.Position, c.Position.Hash(), ply+1, depth, alpha, beta)
	}
	key, back, repeated := w.enter(c)
	if repeated {
		return 0 // draw by repetition
	}
	s := w.search(&c.Position, key, ply+1, depth, alpha, beta)
	w.leave(back)
	return s
}

// window is where Bao la Kimasai's window of positions that can repeat stood before a move.
type window struct {
	start int
	set   uint64
}

// enter adds the position after c to the path of a game drawn by repetition and returns its
// table key and the window to go back to, or reports that it repeats and adds nothing.
func (w *worker) enter(c *engine.Child) (key uint64, back window, repeated bool) {
	h := c.Position.Hash()
	back = window{w.winStart, w.set}
	// The window restarts at a capture, since captures only remove stones.
	if w.v.IsCapture(c.Move) {
		w.winStart, w.set = len(w.path), 0
	} else if slices.Contains(w.path[w.winStart:], h) {
		return 0, back, true
	}
	// The future of a Kimasai game depends on the position and on the set of positions since
	// the last capture: the table's key holds both, so that no entry carries a result to a
	// node where a repetition changes it.
	key = h ^ mix(w.set)
	w.path = append(w.path, h)
	w.set ^= h
	return key, back, false
}

// leave takes the last position entered off the path.
func (w *worker) leave(back window) {
	w.path = w.path[:len(w.path)-1]
	w.winStart, w.set = back.start, back.set
}

// mix spreads the bits of a set's hash so that it does not cancel the position's own.
func mix(x uint64) uint64 {
	x = (x ^ x>>33) * 0xff51afd7ed558ccd
	return x ^ x>>29
}

// count adds a node and now and then checks the limits.
func (w *worker) count() {
	w.local++
	if w.local < 1024 {
		return
	}
	n := w.sh.nodes.Add(w.local)
	w.local = 0
	if w.sh.nodeLimit > 0 && n >= w.sh.nodeLimit ||
		!w.sh.deadline.IsZero() && time.Now().After(w.sh.deadline) {
		w.sh.stop.Store(true)
	}
}

// search is negamax alpha-beta with principal variation search at a position p reached at
// ply, to depth plies. key is the transposition table's key of the node.
func (w *worker) search(p *engine.Position, key uint64, ply, depth, alpha, beta int) int {
	if w.aborted || w.sh.stop.Load() && !w.mustFinish {
		w.aborted = true
		return 0
	}
	if depth <= 0 || ply >= maxPly {
		// The parent was expanded without the Wins check (engine.Position.Expand), so a
		// leaf is asked itself whether the game is over.
		if p.Status() != engine.Ongoing {
			return w.finished(p, ply)
		}
		return evaluate(p, w.w)
	}
	pvNode := beta-alpha > 1
	best := -1
	if e, ok := w.sh.tt.probe(key); ok {
		best = e.move
		if e.depth >= depth && !pvNode {
			s := scoreFromTT(e.score, ply)
			if e.bound == boundExact || e.bound == boundLower && s >= beta || e.bound == boundUpper && s <= alpha {
				return s
			}
		}
	}
	kids := p.Expand(w.kids[ply][:0])
	w.kids[ply] = kids
	if len(kids) == 0 {
		return w.finished(p, ply)
	}
	order := w.orderMoves(kids, ply, best)
	alpha0 := alpha
	bestScore, bestMove := -infinity, -1
	for i, k := range order {
		c := &kids[k]
		var s int
		if i == 0 {
			s = -w.child(c, ply, depth-1, -beta, -alpha)
		} else {
			s = -w.child(c, ply, depth-1, -alpha-1, -alpha)
			if s > alpha && s < beta && !w.aborted {
				s = -w.child(c, ply, depth-1, -beta, -alpha)
			}
		}
		if w.aborted {
			return 0
		}
		if s > bestScore {
			bestScore, bestMove = s, c.Move.Key()
			if s > alpha {
				alpha = s
				w.pv[ply][ply] = c.Move
				copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
				w.pvLen[ply] = w.pvLen[ply+1]
				if s >= beta {
					if !w.v.IsCapture(c.Move) {
						mk := c.Move.Key()
						if w.killers[ply][0] != mk {
							w.killers[ply] = [2]int{mk, w.killers[ply][0]}
						}
						if w.history[mk] += int32(depth * depth); w.history[mk] > 1<<24 {
							for i := range w.history { // keep history below the killers
								w.history[i] /= 2
							}
						}
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case bestScore <= alpha0:
		bound = boundUpper
	case bestScore >= beta:
		bound = boundLower
	}
	w.sh.tt.store(key, entry{score: scoreToTT(bestScore, ply), depth: depth, bound: bound, move: bestMove})
	return bestScore
}

// finished scores a position without legal moves for the player to move there.
func (w *worker) finished(p *engine.Position, ply int) int {
	win, ok := p.Status().Winner()
	switch {
	case !ok:
		return 0
	case win == p.ToMove():
		return WinScore - ply
	}
	return -(WinScore - ply)
}

// orderMoves returns the indexes of kids in the order to search them: the table's move,
// winning moves, captures, the killers, then by history.
func (w *worker) orderMoves(kids []engine.Child, ply, best int) []int32 {
	o := w.order[ply][:0]
	keys := w.keys[ply][:0]
	for i := range kids {
		m := kids[i].Move
		mk := m.Key()
		var s int32
		switch {
		case mk == best:
			s = 1 << 30
		case m.Flags&engine.Wins != 0:
			s = 1 << 29
		case w.v.IsCapture(m):
			s = 1<<28 + w.history[mk]
		case mk == w.killers[ply][0]:
			s = 1 << 27
		case mk == w.killers[ply][1]:
			s = 1<<27 - 1
		default:
			s = w.history[mk]
		}
		o = append(o, int32(i))
		keys = append(keys, s)
	}
	// Insertion sort: the lists are short.
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	w.order[ply], w.keys[ply] = o, keys
	return slices.Clip(o)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Tokens writes moves of v as tokens.
func Tokens(v *engine.Variant, moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = v.FormatMove(m)
	}
	return out
}
