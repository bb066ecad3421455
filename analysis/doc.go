// Package analysis is bao's searching engine: it finds the best moves of a position of any of
// the four games, judges the moves of a recorded game and speaks an engine protocol, so that
// other programs can use it.
//
// # Search
//
// Searcher.Search is iterative deepening over negamax alpha-beta with principal variation
// search. A transposition table, keyed by engine.Position.Hash and shared lock-free by the
// threads of a search (lazy SMP: Limits.Threads), keeps each position's bound, depth and best
// move. Moves are tried in the order: the table's move, winning moves, captures, the two killer
// moves of the ply, then by history. A search ends at a depth, a time or a node budget, or
// when its context is cancelled, and reports the last iteration it completed; MultiPV ranks
// several moves with exact scores.
//
// Where several moves score alike below a proven win (a proven draw, or a loss put off as
// long; Bao Kingulu's balanced positions are mostly drawn), the last tenth of the budget
// chooses among them the move that leaves the opponent the largest share of replies that give
// ground, as a strong player sets the opponent problems; with a depth limit this step searches
// to the same depth, so the search stays deterministic.
//
// Nodes are expanded with engine.Position.Expand, which leaves out the Wins flag where only a
// look at the opponent's moves would set it: a position without moves is then found lost
// when it is expanded, and a leaf is asked its Status, so a win is seen at the same depth as
// with the flag (the "winning moves" tried early are those Expand flags, such as bao hamna;
// where several moves win alike, the line may show another of them). The lines reported carry
// Children's flags again. BenchmarkSearch gives 1.0-1.3M nodes per CPU-second for the 4x8
// games on one core of the shared development machine, 1.3-1.4 times as many as with the flag
// on every child (0.75-1M), and 2.4-3M for Bao Kingulu and Bao la Kimasai, whose leaves are
// now judged too (a Kingulu leaf plays its moves to tell whether the game is over).
//
// Scores are centiseeds for the player to move (eval.go describes the evaluation's features,
// and weights.go holds their weights per game, tuned by ./analysis/tune). A finished position
// scores ±WinScore less its distance from the root, so the search proves forced results
// exactly: Line.WinIn counts the mover's own moves to a forced win (1: the move wins at once),
// negative for a forced loss.
//
// Bao la Kimasai is drawn when a position repeats since the last capture. The search follows
// that window of positions (Searcher.SearchGame takes it from a Game), scores a repetition 0
// and keys the table by the position together with the set of positions in the window: the
// future of the game depends on both, so no stored result is ever carried to a node where a
// repetition would change it.
//
// # Analysing games
//
// AnalyseRecord searches every position of a record's main line and marks each move by what
// it lost against the engine's best move (InaccuracyLoss, MistakeLoss, BlunderLoss); Annotate
// writes the evaluations, marks and best lines into the record as [%eval] and [%best]
// comment commands, NAGs and variations, leaving the players' own text alone.
//
// # Engine protocol
//
// Serve speaks a line protocol modelled on UCI on standard input and output (`bao engine`;
// docs/engine-protocol.md has examples). Commands:
//
//	uci                                  answers id name, id author, the options, then uciok
//	isready                              answers readyok
//	setoption name NAME value N          Hash (MB), Threads, MultiPV
//	ucinewgame                           forgets the table
//	position VARIANT startpos [moves TOKEN...]
//	position VARIANT bpn BPN [moves TOKEN...]
//	go [depth N] [movetime MS] [nodes N] [infinite]
//	stop                                 ends the search, which answers bestmove
//	quit
//
// While searching, the engine writes after each iteration one line per ranked move:
//
//	info depth D multipv K score cs N|win N nodes N nps N time MS pv TOKEN...
//
// (score cs N: centiseeds for the player to move; score win N: a forced win in N of his
// moves, negative for a loss), and at the end "bestmove TOKEN", or "bestmove (none)" when
// the game is over. A command that changes what is searched waits for the running search
// (an infinite one is stopped first). go without limits searches one second. Errors are
// answered with "info string error: ..." and the engine goes on.
package analysis
