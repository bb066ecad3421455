package event

import (
	"path/filepath"
	"sync"

	"github.com/bao-archive/bao/notation"
)

// Group commit: the boards of a round share its file, and each save rewrites the whole file
// (read, replace the board's game, write, sync, rename). Saves of several boards that arrive
// together are written in one rewrite: a round of 64 boards recording a move a second each
// took 64 rewrites a second, more than the disk and the parser kept up with. A save returns
// once its rewrite is on disk.

// committer gathers the saves into one record file.
type committer struct {
	path    string
	mu      sync.Mutex
	queue   []pendingSave
	writing bool
}

type pendingSave struct {
	round string
	rec   *notation.Record
	done  chan error
}

var committers sync.Map // the file's path -> *committer

func committerOf(path string) *committer {
	c, _ := committers.LoadOrStore(path, &committer{path: path})
	return c.(*committer)
}

// save writes rec as the game of round in the file of the event in dir. The first save to
// find no rewrite under way starts one, for itself and every save queued meanwhile; the
// rewrites go on while saves are queued.
func (c *committer) save(dir, round string, rec *notation.Record) error {
	done := make(chan error, 1)
	c.mu.Lock()
	c.queue = append(c.queue, pendingSave{round, rec, done})
	lead := !c.writing
	c.writing = true
	c.mu.Unlock()
	if lead {
		go c.write(dir)
	}
	return <-done
}

// write rewrites the file until no save is queued.
func (c *committer) write(dir string) {
	for {
		c.mu.Lock()
		batch := c.queue
		c.queue = nil
		if len(batch) == 0 {
			c.writing = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		errs := func() []error {
			unlock, err := lock(filepath.Join(dir, lockFile))
			if err != nil {
				errs := make([]error, len(batch))
				for i := range errs {
					errs[i] = err
				}
				return errs
			}
			defer unlock()
			edits := make([]gameEdit, len(batch))
			for i, p := range batch {
				edits[i] = gameEdit{round: p.round, edit: func(*notation.Record) (*notation.Record, error) { return p.rec, nil }}
			}
			return rewriteGames(c.path, edits)
		}()
		for i, p := range batch {
			p.done <- errs[i]
		}
	}
}
