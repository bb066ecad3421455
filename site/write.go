package site

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/bao-archive/bao/notation"
)

// gameJob is one game to replay and write.
type gameJob struct {
	file *fileJob
	n    int
	next bool
	rec  *notation.Record
	errs notation.ErrorList
}

// fileJob is a record file being written: its entry for the catalog, filled in as its games
// are written.
type fileJob struct {
	name  string
	entry *fileEntry
	mu    sync.Mutex
}

// writeRecords writes the pages of every game of the archive, except those of record files
// that the last build (old) wrote and that have not changed since, and fills in the catalog.
// One goroutine reads the changed files one record at a time; as many as there are CPUs replay
// and write the games. At most a few games per CPU are held at once, however large a file.
func (b *build) writeRecords(old *manifest) error {
	version := b.version()
	var todo []*fileJob
	for _, name := range b.records {
		size, sum, err := fileSum(b.src, name)
		if err != nil {
			b.warn(fmt.Sprintf("%s: %v", b.where(name), err))
			continue
		}
		if e := old.Files[name]; e != nil && version != "" && old.Version == version &&
			e.Size == size && e.Sum == sum && (!e.Asked || old.Index == b.ixStamp) && e.Novelties == b.noveltiesSum(name) && e.Around == b.around[name] {
			b.entries[name] = e
			b.unchanged++
			continue
		}
		e := &fileEntry{Size: size, Sum: sum, Novelties: b.noveltiesSum(name), Around: b.around[name]}
		b.entries[name] = e
		todo = append(todo, &fileJob{name: name, entry: e})
	}
	for _, e := range b.entries {
		b.games += len(e.Games) // the kept files; the others count as they are written
		for _, w := range e.Warnings {
			b.warn(w)
		}
	}
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	jobs := make(chan gameJob, 4*runtime.GOMAXPROCS(0))
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	fail := func(err error) {
		once.Do(func() { first = err; cancel() })
	}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range jobs {
				if ctx.Err() == nil {
					if err := b.writeJob(j); err != nil {
						fail(err)
					}
				}
			}
		})
	}
	var read, total int64
	for _, fj := range todo {
		total += fj.entry.Size
	}
	for _, fj := range todo {
		if ctx.Err() != nil {
			break
		}
		err := b.scanCounted(fj.name, &read, total, func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error {
			fj.mu.Lock()
			fj.entry.Games = append(fj.entry.Games, gameInfo{}) // its slot, filled in by writeJob
			fj.mu.Unlock()
			select {
			case jobs <- gameJob{file: fj, n: n, next: next, rec: rec, errs: errs}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		if err != nil && ctx.Err() == nil {
			// The file is unreadable from here on: its games before stay, and a problem page
			// takes the next game's place.
			fj.mu.Lock()
			fj.entry.Games = append(fj.entry.Games, gameInfo{})
			n := len(fj.entry.Games)
			fj.mu.Unlock()
			g := unreadable(fj.name, b.where(fj.name), n, err)
			g.href = GameHref(fj.name, n)
			fj.addWarnings(b, g.errs...)
			if err := b.writeRecord(g); err != nil {
				fail(err)
			}
		}
	}
	close(jobs)
	wg.Wait()
	if first == nil {
		first = b.ctx.Err()
	}
	if first != nil {
		return first
	}
	b.removeStale(old)
	return nil
}

// scanCounted is scanGames that tells Options.Progress how many bytes of total are read.
func (b *build) scanCounted(name string, read *int64, total int64, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	progress := b.s.opts.Progress
	if progress == nil {
		return scanGames(b.src, name, b.where(name), f)
	}
	r, err := b.src.Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	progress(*read, total, name)
	return scanReader(countingReader{r, func(n int) {
		*read += int64(n)
		progress(*read, total, name)
	}}, b.where(name), f)
}

// countingReader tells add how many bytes each read gave.
type countingReader struct {
	r   io.Reader
	add func(n int)
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.add(n)
	return n, err
}

// writeRecord writes a game's page, or its problem page if it has no playable start or if
// drawing it fails (a panic while drawing is reported as a problem of that record only).
func (b *build) writeRecord(g *game) (err error) {
	if g.variant() == nil {
		return b.writeProblem(g)
	}
	defer func() {
		if r := recover(); r != nil {
			err = b.fallBack(g, fmt.Errorf("%w: %v", notation.ErrInternal, r))
		}
	}()
	ps, err := b.gamePages(g)
	if err == nil {
		err = b.write(ps...)
	}
	if err != nil {
		return b.fallBack(g, err)
	}
	return nil
}

// fallBack writes the problem page of a game whose page could not be drawn because of err.
func (b *build) fallBack(g *game, err error) error {
	msg := fmt.Sprintf("%s: game %d: cannot draw the game: %v", g.where, g.number, err)
	b.warn(msg)
	g.errs = append(g.errs, msg)
	return b.writeProblem(g)
}

// writeProblem writes the problem page of a game that cannot be drawn.
func (b *build) writeProblem(g *game) error {
	p, err := b.problemPages(g)
	if err != nil {
		return err
	}
	return b.write(p)
}

// writeJob replays one game, writes its page and fills in its row of the catalog.
func (b *build) writeJob(j gameJob) error {
	fj := j.file
	g := newGame(fj.name, b.where(fj.name), j.n, j.next, j.rec, j.errs)
	if err := b.writeRecord(g); err != nil {
		return err
	}
	fj.mu.Lock()
	fj.entry.Games[j.n-1] = b.catalogRow(fj.name, j.rec)
	fj.entry.Asked = fj.entry.Asked || g.asked
	fj.mu.Unlock()
	fj.addWarnings(b, append(g.errs, g.warnings...)...)
	b.mu.Lock()
	b.games++
	b.mu.Unlock()
	return nil
}

// addWarnings reports problems of the file, and keeps them in its entry for the builds that
// will not read it again.
func (fj *fileJob) addWarnings(b *build, ws ...string) {
	fj.mu.Lock()
	fj.entry.Warnings = append(fj.entry.Warnings, ws...)
	fj.mu.Unlock()
	for _, w := range ws {
		b.warn(w)
	}
}

// removeStale removes the game pages that the last build wrote and this one did not: those of
// files gone from the archive, and of games gone from the end of a file.
func (b *build) removeStale(old *manifest) {
	for name, e := range old.Files {
		keep := 0
		if now := b.entries[name]; now != nil {
			keep = len(now.Games)
		}
		for n := keep + 1; n <= len(e.Games); n++ {
			for _, page := range []string{GameHref(name, n), embedHref(name, n)} {
				if err := b.out.remove(page); err != nil {
					b.warn(fmt.Sprintf("removing an old page: %v", err))
				}
			}
		}
	}
}

// version identifies what, beside a record file, its pages depend on: the bao binary, the
// site's title and source, and the archive's event.toml and players.toml files (eventIndex).
func (b *build) version() string {
	v := binaryVersion()
	if v == "" {
		return ""
	}
	return v + "\x00" + b.s.opts.Title + "\x00" + b.s.opts.Source + "\x00" + b.stamp
}

// noveltiesSum identifies the novelties the index gives the games of a record file, "" without
// an index.
func (b *build) noveltiesSum(file string) string {
	if b.ix == nil {
		return ""
	}
	return b.ix.NoveltiesSum(file)
}
