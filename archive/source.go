package archive

import (
	"errors"
	"io"
	"sync"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// readGames reads every record of one BGN file, verifies it and hands it to emit as a
// gameSource with its number in the file (from 1). Problems never stop the reading: a record
// with syntax or rule errors is emitted with its messages, and a file that cannot be read to
// its end is emitted as one more game holding the error, so that it still shows up in a search
// for errors:true.
//
// Records are verified by workers goroutines (worker w calls emit(w, ...), so emit needs no
// lock for per-worker state) while this one reads ahead: replaying is most of the cost, and a
// file of 100,000 games then uses every core. At most a few records per worker are held at
// once, whatever the size of the file.
func readGames(file string, r io.Reader, workers int, emit func(w, n int, s gameSource) error) error {
	type item struct {
		n      int
		rec    *notation.Record
		syntax notation.ErrorList
		offset int64
	}
	workers = max(1, workers)
	todo := make(chan item, 2*workers)
	errs := make([]error, workers)
	stop := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range todo {
				if errs[w] != nil {
					continue // drain, so that the reader never blocks
				}
				s := safeSource(it.rec, it.syntax)
				s.offset = it.offset
				if errs[w] = emit(w, it.n, s); errs[w] != nil {
					once.Do(func() { close(stop) })
				}
			}
		}()
	}
	sc := notation.NewScanner(r, file)
	n := 0
read:
	for sc.Scan() {
		n++
		select {
		case todo <- item{n, sc.Record(), sc.Errors(), sc.Offset()}:
		case <-stop:
			break read
		}
	}
	close(todo)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := sc.Err(); err != nil {
		return emit(0, n+1, gameSource{line: errLine(err), errs: []string{err.Error()}})
	}
	return nil
}

// safeSource is sourceOf, with a panic while reading the record (a bug) indexed as the
// record's problem instead of stopping the index.
func safeSource(rec *notation.Record, syntax notation.ErrorList) (s gameSource) {
	defer func() {
		if p := recover(); p != nil {
			s = gameSource{line: max(rec.Pos.Line, 1), errs: []string{rec.Internal(p).Error()}}
		}
	}()
	return sourceOf(rec, syntax)
}

// sourceOf flattens one record: its tags, its main line as far as it replays, every comment,
// and the syntax errors found by the scanner plus the verifier's.
func sourceOf(rec *notation.Record, syntax notation.ErrorList) gameSource {
	s := gameSource{line: rec.Pos.Line, col: rec.Pos.Col, sum: RecordSum(rec), tags: make(map[string]string, len(rec.Tags))}
	for _, t := range rec.Tags {
		s.tags[t.Name] = t.Value
	}
	if s.line == 0 {
		s.line = 1
	}
	for _, e := range syntax {
		s.errs = append(s.errs, e.Error())
	}
	rp, errs := notation.Check(rec)
	for _, e := range errs {
		s.errs = append(s.errs, e.Error())
	}
	s.variant, _ = engine.LookupVariant(rec.Tag("Variant"))
	if rp != nil {
		s.variant = rp.Variant
		s.setUp = rec.Tag("Position") != ""
		s.path = make([]engine.Position, 0, len(rp.Plies)+1)
		s.path = append(s.path, rp.Start)
		s.moves = make([]string, 0, len(rp.Plies))
		for _, p := range rp.Plies {
			if p.Before != s.path[len(s.path)-1] { // a gap: no move led there, its checkpoint
				s.moves = append(s.moves, notation.GapToken)
				s.shift = append(s.shift, len(s.path), p.Number-1-len(s.path))
				s.path = append(s.path, p.Before)
			}
			s.plies = p.Number
			s.path = append(s.path, p.After)
			s.moves = append(s.moves, p.Token)
		}
	}
	s.comments = comments(s.comments, rec.Comments)
	s.comments = lineComments(s.comments, rec.Moves)
	return s
}

// lineComments appends the text of every comment of a line and of its variations.
func lineComments(dst []string, line []*notation.Node) []string {
	for _, n := range line {
		dst = comments(dst, n.Before)
		dst = comments(dst, n.After)
		for _, v := range n.Variations {
			dst = lineComments(dst, v.Moves)
			dst = comments(dst, v.After)
		}
	}
	return dst
}

func comments(dst []string, cs []notation.Comment) []string {
	for _, c := range cs {
		dst = append(dst, c.Text)
	}
	return dst
}

// errLine is the line of a notation error, or 1.
func errLine(err error) int {
	if e, ok := err.(*notation.Error); ok && e.Pos.Line > 0 {
		return e.Pos.Line
	}
	return 1
}
