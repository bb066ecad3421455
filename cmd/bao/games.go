package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/analysis/batch"
	"github.com/bao-archive/bao/notation"
)

// gameFlags are the flags of a command that works game by game over an archive (bao analyse,
// bao puzzles): its parts, results folder, resumption, merge and budget.
type gameFlags struct {
	shard  string
	out    string
	resume bool
	merge  bool
	budget time.Duration
	part   batch.Shard // --shard, read by check; the zero Shard (every game) without it
}

func (f *gameFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.shard, "shard", "", "work on part I of N of the games (I/N): game k, counting from 0, is part k mod N + 1")
	fs.StringVar(&f.out, "out", "", "keep each game's result in this folder instead of printing it (for --resume and --merge)")
	fs.BoolVar(&f.resume, "resume", false, "with --out: leave the games whose result the folder holds, and do the rest")
	fs.BoolVar(&f.merge, "merge", false, "the arguments are --out folders of the parts of one run: print what one run prints")
	fs.DurationVar(&f.budget, "budget", 0, "search time per game (e.g. 30s), shared evenly by its positions")
}

// check checks the flags and reads --shard into part.
func (f *gameFlags) check() error {
	if f.shard != "" {
		var err error
		if f.part, err = batch.ParseShard(f.shard); err != nil {
			return usagef("--shard: %v", err)
		}
	}
	switch {
	case f.resume && f.out == "":
		return usagef("--resume continues the results folder of --out: name it")
	case f.merge && (f.out != "" || f.shard != "" || f.resume):
		return usagef("--merge reads results folders: it takes no --out, --shard or --resume")
	case f.budget < 0:
		return usagef("--budget must not be negative")
	}
	return nil
}

// perPosition is the search time of each of a game's positions under --budget (0: none).
func (f *gameFlags) perPosition(positions int) time.Duration {
	if f.budget <= 0 {
		return 0
	}
	return max(f.budget/time.Duration(max(positions, 1)), time.Millisecond)
}

// withBudget bounds lim by the budget of a game of positions positions.
func (f *gameFlags) withBudget(lim analysis.Limits, positions int) analysis.Limits {
	if t := f.perPosition(positions); t > 0 && (lim.MoveTime == 0 || t < lim.MoveTime) {
		lim.MoveTime = t
	}
	return lim
}

// inputGame is one game of a run's inputs.
type inputGame struct {
	index int // in the order of the inputs, from 0
	rec   *notation.Record
	key   string
	file  string // as messages name it
	path  string // to open it
	rel   string // the file relative to the folder argument it was found in
	// lastOfFile: the file has no more games (bao analyse --annotate writes the file then),
	// and fileProblems is then the number of problems reading the file had.
	lastOfFile   bool
	fileProblems int
}

// gameSource reads the games of the arguments in their stable order, as often as asked
// (standard input is kept in memory after the first reading).
type gameSource struct {
	e     *env
	files []sourceFile
	stdin []byte
	read  bool
}

type sourceFile struct{ path, rel string }

func newGameSource(e *env, args []string) (*gameSource, error) {
	s := &gameSource{e: e}
	for _, a := range args {
		paths, err := recordFiles([]string{a})
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			rel := p
			if p != a {
				if r, err := filepath.Rel(a, p); err == nil {
					rel = filepath.ToSlash(r)
				}
			}
			s.files = append(s.files, sourceFile{p, rel})
		}
	}
	return s, nil
}

// each calls f with every game in order; problems (a file that cannot be read, syntax
// errors) go to problem. It stops at f's first error.
func (s *gameSource) each(problem func(error), f func(g *inputGame) error) error {
	index := 0
	for _, sf := range s.files {
		r, name, err := s.open(sf.path)
		if err != nil {
			problem(err)
			continue
		}
		err = batch.Scan(r, name, problem, func(rec *notation.Record, last bool, problems int) error {
			g := &inputGame{index: index, rec: rec, key: batch.Key(rec), file: name, path: sf.path, rel: sf.rel, lastOfFile: last, fileProblems: problems}
			index++
			return f(g)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// open opens the file path, or standard input, and returns the name messages give it.
func (s *gameSource) open(path string) (io.ReadCloser, string, error) {
	if path != stdinName {
		rc, _, err := openRecords(s.e, path)
		return rc, path, err
	}
	if !s.read {
		b, err := io.ReadAll(s.e.in)
		if err != nil {
			return nil, "", &notation.Error{File: "stdin", Err: err}
		}
		s.stdin, s.read = b, true
	}
	return io.NopCloser(bytes.NewReader(s.stdin)), "stdin", nil
}

// gameRun is one run of a command over the games of its arguments.
type gameRun struct {
	e        *env
	flags    gameFlags
	command  string // "analyse", "puzzles"
	settings string // what changes the results: the search's limits and the command's options
	// work makes the result of one game; done counts the positions of the game done so far,
	// problem reports what is wrong with the game (the run goes on). An error stops the run.
	work func(g *inputGame, done func(int), problem func(error)) ([]byte, error)
	// emit prints the result of one game, in the order of the games.
	emit func(data []byte) error
	// fileDone, if not nil, is called after the last game of a file, with --out neither.
	fileDone func(g *inputGame) error
}

// run works through the games of args and reports whether a problem was reported.
func (r *gameRun) run(args []string) (failed bool, err error) {
	sh := r.flags.part
	if r.flags.merge {
		return r.mergeRun(args)
	}
	src, err := newGameSource(r.e, args)
	if err != nil {
		return false, err
	}
	// A first reading counts the games and their positions, for the shard's order, the
	// results folder's check and the progress bar's total.
	var keys []string
	positions := 0
	quiet := func(error) {}
	err = src.each(quiet, func(g *inputGame) error {
		keys = append(keys, g.key)
		if sh.Has(g.index) {
			positions += len(g.rec.Moves)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	var store *batch.Store
	if r.flags.out != "" {
		store, err = batch.Open(r.flags.out, batch.Run{Command: r.command, Settings: r.settings, Games: len(keys), Inputs: batch.Inputs(keys)})
		if err != nil {
			return false, err
		}
	}
	bar := newProgress(r.e.err, int64(positions), "positions")
	defer bar.Finish()
	problem := func(err error) {
		bar.Print(err.Error() + "\n")
		failed = true
	}
	var total int64 // positions done before the current game
	tally := batch.NewTally()
	err = src.each(problem, func(g *inputGame) error {
		if !sh.Has(g.index) {
			return nil
		}
		data, kept, err := store.Result(r.flags.resume, g.index, g.key, func() ([]byte, error) {
			bar.Describe(fmt.Sprintf("%s game %d", g.file, g.rec.Number))
			return r.work(g, func(done int) { bar.Set(total+int64(done), -1) }, problem)
		})
		if err != nil {
			return err
		}
		total += int64(len(g.rec.Moves))
		tally.Add(len(g.rec.Moves), kept)
		if kept {
			bar.Set(total, -1)
		}
		if store != nil {
			return nil
		}
		if err := r.emit(data); err != nil {
			return err
		}
		if g.lastOfFile && r.fileDone != nil {
			return r.fileDone(g)
		}
		return nil
	})
	bar.Finish()
	fmt.Fprintln(r.e.err, tally.Summary(r.flags.out))
	return failed, err
}

// mergeRun prints the results of the folders dirs as one run prints them.
func (r *gameRun) mergeRun(dirs []string) (bool, error) {
	run, results, err := batch.Merge(dirs)
	if err != nil {
		return false, err
	}
	if run.Command != r.command {
		return false, fmt.Errorf("%s: results of bao %s, not bao %s", dirs[0], run.Command, r.command)
	}
	for _, d := range results {
		if err := r.emit(d); err != nil {
			return false, err
		}
	}
	return false, nil
}
