package archive

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
)

// UpdateOptions tunes Update; the zero value is the usual choice.
type UpdateOptions struct {
	IndexDir string // default DefaultIndexDir(root)
	// Shards is the shard count of a new index; 0 chooses one from the archive's size. Asking
	// for a count other than an existing index's rebuilds it.
	Shards  int
	Rebuild bool // rebuild from scratch even if the index is sound
	// BatchSize is the most documents in a batch, default 2000. A batch also ends when its
	// games hold batchPositions positions between them.
	BatchSize int
	// Progress, if set, is called about five times a second while files are read.
	Progress func(Progress)
	// Notice, if set, is told why the index is being rebuilt.
	Notice func(string)
}

// Progress is how far an Update has come.
type Progress struct {
	Files, FilesToRead int    // files read so far, of those that changed
	Games              int    // games indexed so far
	Bytes, BytesToRead int64  // bytes of records read so far, of those in the files to read
	Now                string // what is being done: the file most recently started, or a step
}

// Summary is what an Update did and what the index now holds.
type Summary struct {
	Files, Games, Positions int // the whole archive as indexed now
	ErrorGames              int // games indexed with problems
	Read, Unchanged         int // files read (new or changed) and skipped in this run
	Removed                 int // files that left the index because they left the archive
	Shards                  int
	Rebuilt                 string // why the index was rebuilt, if it was
	Elapsed                 time.Duration
}

const defaultBatch = 2000

// batchPositions is how many positions a batch holds at most. What bleve holds while it
// analyses a batch and builds its segment grows with the batch's positions, not its documents
// (about 1.4 KB a position, bleve analysing each position as a field of its own), so that a
// batch of 2,000 games of Bao la Kimasai (177 plies a game) would cost three times one of
// Bao la Kiswahili (55); this is 2,000 of the latter.
const batchPositions = 110_000

// pieceDocs is how many documents a reader sends its shard's writer at a time: small pieces
// keep what waits between readers and writer small, while the writer's batches stay large
// (bleve builds one segment per batch, and fewer, larger segments cost less to merge).
const pieceDocs = 100

// shardBytes is how many bytes of records a new index gives each shard (see autoShards).
const shardBytes = 64 << 20

// Update brings the index of the archive at root up to date with its files: new and changed
// files are read, files that are gone leave the index, unchanged files (same size and
// modification time, or same content) are not read. A missing index is built; an index of
// another MappingVersion, or one that cannot be opened, is rebuilt in a sibling directory that
// then takes its place. Update can be stopped at any moment, even by SIGKILL: the next run
// finds a consistent index (every file's documents are written with its manifest entry) and
// carries on.
func Update(ctx context.Context, root string, o UpdateOptions) (Summary, error) {
	start := time.Now()
	if o.IndexDir == "" {
		o.IndexDir = DefaultIndexDir(root)
	}
	if o.BatchSize <= 0 {
		o.BatchSize = defaultBatch
	}
	lock, err := lockIndex(o.IndexDir, lockWait)
	if err != nil {
		return Summary{}, err
	}
	defer lock.unlock()
	// The mark stays if this run fails or is killed: searches then warn that games may be
	// missing (they answered 0 hits and exit 0 without a word).
	if err := os.WriteFile(unfinishedMark(o.IndexDir), nil, 0o644); err != nil {
		return Summary{}, err
	}
	files, skipped, _, err := walk(root)
	if err != nil {
		return Summary{}, err
	}
	openings, err := LoadOpenings(root)
	if err != nil {
		return Summary{}, err
	}
	for _, s := range skipped {
		if o.Notice != nil {
			o.Notice(filepath.Join(root, s))
		}
	}
	dir := o.IndexDir
	// leftovers of a rebuild that was stopped: the index it would have replaced is still whole
	// or missing, and either way is dealt with below
	if err := errors.Join(os.RemoveAll(dir+".new"), os.RemoveAll(dir+".old")); err != nil {
		return Summary{}, err
	}
	damaged := verifySegments(dir)
	if damaged == nil && !o.Rebuild {
		if sum, ok := unchanged(dir, files, o.Shards, openings); ok {
			sum.Elapsed = time.Since(start)
			return sum, os.Remove(unfinishedMark(dir))
		}
	}
	set, why, err := openForUpdate(dir, o, damaged, openings)
	if err != nil {
		return Summary{}, err
	}
	target, created := dir, set == nil
	if created {
		n := o.Shards
		if n <= 0 {
			n = autoShards(files)
		}
		if why != "" {
			target = dir + ".new"
			if o.Notice != nil {
				o.Notice(fmt.Sprintf("index %s: %s; rebuilding it", dir, why))
			}
		} else if err := os.RemoveAll(dir); err != nil {
			return Summary{}, err
		}
		if set, err = createShards(target, n); err != nil {
			return Summary{}, err
		}
	}
	u := &updater{set: set, openings: openings, fresh: created, batch: o.BatchSize, batchPos: batchPositions}
	sum, err := u.run(ctx, files, o.Progress)
	if cerr := set.Close(); err == nil {
		err = cerr
	}
	if err == nil { // stamp the segments this run wrote, so that Open need not read them
		err = checkSegments(target, true)
	}
	if err != nil {
		return sum, err
	}
	if target != dir {
		if err := swapIndex(dir, target); err != nil {
			return sum, err
		}
		sum.Rebuilt = why
	}
	sum.Elapsed = time.Since(start)
	return sum, os.Remove(unfinishedMark(dir))
}

// unfinishedMark is the file an Update of the index at dir leaves while it runs.
func unfinishedMark(dir string) string { return dir + ".unfinished" }

// unchanged reads the index at dir without writing and reports whether it holds every file
// as it is on disk and no other, in the number of shards asked for (0: any). Such a run then
// writes nothing: opening the index for writing alone changes its files (bleve's root.bolt),
// hence its Stamp, and the site would rewrite every page whose diagrams asked the index.
func unchanged(dir string, files []diskFile, shards int, openings *Openings) (Summary, bool) {
	set, err := openShards(dir, true)
	if err != nil {
		return Summary{}, false
	}
	defer set.Close()
	n := len(set.shards)
	if shards > 0 && shards != n || namedWith(set.shards[0]) != openings.Sum() {
		return Summary{}, false
	}
	sum := Summary{Shards: n, Unchanged: len(files)}
	var mans []*manifest
	for _, idx := range set.shards {
		m, err := loadManifest(idx)
		if err != nil {
			return Summary{}, false
		}
		mans = append(mans, m)
		for _, e := range m.files {
			sum.Files++
			sum.Games += e.Games
			sum.Positions += e.Positions
			sum.ErrorGames += e.Errors
		}
	}
	if sum.Files != len(files) {
		return Summary{}, false // files left the archive
	}
	for _, f := range files {
		old, ok := mans[shardOf(f.path, n)].files[f.path]
		if !ok || !current(dir, old, f) {
			return Summary{}, false
		}
	}
	if stale, err := stalePositions(dir, mans); err != nil || len(stale) > 0 || !hasNovelties(dir) {
		return Summary{}, false
	}
	return sum, true
}

// current tells whether the manifest's entry old holds f as it is on disk, with its store of
// positions: such a file is not read again.
func current(indexDir string, old entry, f diskFile) bool {
	return old.Size == f.size && old.MTime == f.mtime && hasPositions(indexDir, old.Hash)
}

// openForUpdate opens the index for writing. It returns nil and the reason when the index must
// be rebuilt (damaged is what verifySegments found), and nil and "" when there is none yet.
func openForUpdate(dir string, o UpdateOptions, damaged error, openings *Openings) (*shardSet, string, error) {
	if damaged != nil {
		return nil, oneLine(damaged.Error()), nil
	}
	set, err := openShards(dir, false)
	switch {
	case errors.Is(err, errNoIndex):
		return nil, "", nil
	case errors.Is(err, ErrBusy):
		return nil, "", err
	case err != nil:
		return nil, oneLine(err.Error()), nil
	case o.Rebuild:
		set.Close()
		return nil, "rebuild requested", nil
	case o.Shards > 0 && o.Shards != len(set.shards):
		n := len(set.shards)
		set.Close()
		return nil, fmt.Sprintf("it has %d shards, %d asked for", n, o.Shards), nil
	case namedWith(set.shards[0]) != openings.Sum():
		// every game's opening may have another name: read them all again
		set.Close()
		return nil, OpeningsFile + " changed", nil
	}
	return set, "", nil
}

// namedWith is the Openings.Sum of the table the games of an index were named with.
func namedWith(idx bleve.Index) string {
	v, _ := idx.GetInternal([]byte(keyOpenings))
	return string(v)
}

// swapIndex puts the rebuilt index at dir in place of the old one.
func swapIndex(dir, rebuilt string) error {
	old := dir + ".old"
	if err := os.Rename(dir, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(rebuilt, dir); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// autoShards gives a new index one shard per shardBytes of records, from 1 to 8.
func autoShards(files []diskFile) int {
	var total int64
	for _, f := range files {
		total += f.size
	}
	return int(min(8, 1+total/shardBytes))
}

// updater runs one Update over an open shard set.
type updater struct {
	set      *shardSet
	openings *Openings // the archive's openings.toml, naming each game's opening
	mans     []*manifest
	fresh    bool       // the index was created by this run: no file has documents in it yet
	batch    int        // documents per batch at most
	batchPos int        // positions per batch at most
	building sync.Mutex // held while a shard's batch is analysed and its segment built (build)

	read, games, bytes atomic.Int64
	now                atomic.Pointer[string] // what is being done now, for Progress
}

// piece is part of one file's work for its shard's writer: documents to index and, in the
// file's last piece, the manifest entry that commits them.
type piece struct {
	path      string
	docs      []*document.Document
	positions int // the positions of the games of docs
	entry     *entry
	prune     bool // with the entry: delete the file's documents that this version no longer has
}

type job struct {
	f   diskFile
	old *entry
}

func (u *updater) run(ctx context.Context, files []diskFile, progress func(Progress)) (Summary, error) {
	n := len(u.set.shards)
	sum := Summary{Shards: n}
	for _, idx := range u.set.shards {
		m, err := loadManifest(idx)
		if err != nil {
			return sum, err
		}
		u.mans = append(u.mans, m)
	}
	// plan: what changed, what is gone
	var jobs []job
	onDisk := make(map[string]bool, len(files))
	for _, f := range files {
		onDisk[f.path] = true
		old, ok := u.mans[shardOf(f.path, n)].files[f.path]
		switch {
		case ok && current(u.set.dir, old, f):
			sum.Unchanged++
		case ok:
			jobs = append(jobs, job{f, &old})
		default:
			jobs = append(jobs, job{f: f})
		}
	}
	var gone [][]piece
	for _, m := range u.mans {
		var ps []piece
		for path := range m.files {
			if !onDisk[path] {
				ps = append(ps, piece{path: path, entry: &entry{Path: path, Deleted: true}, prune: true})
			}
		}
		gone = append(gone, ps)
		sum.Removed += len(ps)
	}
	sum.Read = len(jobs)

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	ins := make([]chan piece, n)
	var writers sync.WaitGroup
	for i := range ins {
		ins[i] = make(chan piece, 4)
		writers.Add(1)
		go func() {
			defer writers.Done()
			if err := u.write(ctx, i, ins[i], gone[i]); err != nil {
				cancel(err)
			}
		}()
	}
	var size int64
	for _, j := range jobs {
		size += j.f.size
	}
	stopProgress := u.report(progress, len(jobs), size)
	m := u.set.shards[0].Mapping()
	eachJob(ctx, jobs, func(j job) {
		if err := u.readFile(ctx, m, j, ins[shardOf(j.f.path, n)]); err != nil {
			cancel(err)
		}
	})
	writing := "writing the index"
	u.now.Store(&writing)
	for _, in := range ins {
		close(in)
	}
	writers.Wait()
	stopProgress()
	if err := context.Cause(ctx); err != nil {
		return sum, err
	}
	if err := prunePositions(u.set.dir, u.mans); err != nil {
		return sum, err
	}
	if sum.Read > 0 || sum.Removed > 0 || !hasNovelties(u.set.dir) {
		if err := computeNovelties(u.set.dir, u.mans); err != nil {
			return sum, err
		}
	}
	for _, m := range u.mans {
		for _, e := range m.files {
			sum.Files++
			sum.Games += e.Games
			sum.Positions += e.Positions
			sum.ErrorGames += e.Errors
		}
	}
	return sum, nil
}

// report calls progress periodically until the returned stop is called.
func (u *updater) report(progress func(Progress), total int, size int64) (stop func()) {
	if progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p := Progress{Files: int(u.read.Load()), FilesToRead: total, Games: int(u.games.Load()),
					Bytes: u.bytes.Load(), BytesToRead: size}
				if now := u.now.Load(); now != nil {
					p.Now = *now
				}
				progress(p)
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// readFile reads one new or changed file and sends its documents to its shard's writer, in
// pieces of at most one batch, the last carrying the file's manifest entry.
func (u *updater) readFile(ctx context.Context, m mapping.IndexMapping, j job, out chan<- piece) error {
	send := func(p piece) error {
		select {
		case out <- p:
			return nil
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
	defer u.read.Add(1)
	u.now.Store(&j.f.path)
	e := entry{Path: j.f.path, Size: j.f.size, MTime: j.f.mtime}
	f, err := os.Open(j.f.abs)
	if err == nil {
		defer f.Close()
		if j.old != nil { // touched, not changed? Hashing first costs a read, not a parse.
			if e.Hash, err = hashOf(f); err == nil && j.old.Hash == e.Hash && hasPositions(u.set.dir, e.Hash) {
				e.Games, e.Positions, e.Errors = j.old.Games, j.old.Positions, j.old.Errors
				return send(piece{path: e.Path, entry: &e})
			}
			if err == nil {
				_, err = f.Seek(0, io.SeekStart)
			}
		}
	}
	var store *positionWriter // the file's main lines, for pattern searches
	if err == nil {
		if store, err = newPositionWriter(u.set.dir); err != nil {
			return err
		}
		defer func() {
			if store != nil {
				store.abort()
			}
		}()
	}
	workers := runtime.GOMAXPROCS(0)
	// Each worker gathers its own documents and sends them a batch at a time: the file is
	// streamed, so that a file of 100,000 games is never held whole.
	docs := make([][]*document.Document, workers)
	positions := make([]int, workers)
	var mu sync.Mutex // guards the counts of e
	emit := func(w, n int, s gameSource) error {
		if store != nil {
			if err := store.add(n, s); err != nil {
				return err
			}
		}
		d := newGameDoc(e.Path, n, s, u.openings)
		doc := document.NewDocument(docID(d.File, d.Game))
		if err := m.MapDocument(doc, d); err != nil {
			return err
		}
		mu.Lock()
		e.Games = max(e.Games, n)
		e.Positions += len(d.Pos)
		if d.Errors != "" {
			e.Errors++
		}
		mu.Unlock()
		u.games.Add(1)
		positions[w] += len(d.Pos)
		if docs[w] = append(docs[w], doc); len(docs[w]) < min(u.batch, pieceDocs) {
			return nil
		}
		p := piece{path: e.Path, docs: docs[w], positions: positions[w]}
		docs[w], positions[w] = nil, 0
		return send(p)
	}
	if err != nil {
		// unreadable (or gone since the walk): indexed as a game holding the error; the
		// empty hash makes the next run read it again
		e.Hash = ""
		err = emit(0, 1, gameSource{line: 1, errs: []string{err.Error()}})
	} else {
		h := sha256.New()
		err = readGames(e.Path, io.TeeReader(f, countTo{h, &u.bytes}), workers, emit)
		e.Hash = hex.EncodeToString(h.Sum(nil))
	}
	if err == nil && store != nil {
		err = store.commit(e.Hash)
		store = nil
	}
	if err != nil {
		return err
	}
	last := piece{path: e.Path, entry: &e, prune: !u.fresh}
	for w, ds := range docs {
		last.docs = append(last.docs, ds...)
		last.positions += positions[w]
	}
	return send(last)
}

// countTo is a writer that counts the bytes written to w into n.
type countTo struct {
	w io.Writer
	n *atomic.Int64
}

func (c countTo) Write(b []byte) (int, error) {
	c.n.Add(int64(len(b)))
	return c.w.Write(b)
}

// hashOf is the hex SHA-256 of what r holds.
func hashOf(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// write is shard i's writer: it batches the pieces it is sent, each batch with the manifest
// entries of the files it completes, and removes the files that left the archive.
func (u *updater) write(ctx context.Context, i int, in <-chan piece, gone []piece) error {
	idx, man := u.set.shards[i], u.mans[i]
	b := idx.NewBatch()
	var done []entry
	held := 0 // the positions of the games in b
	flush := func() error {
		if err := man.write(b, done); err != nil {
			return err
		}
		done, held = done[:0], 0
		err := u.build(idx, b)
		b.Reset()
		return err
	}
	full := func() bool { return b.Size() >= u.batch || held >= u.batchPos }
	add := func(p piece) error {
		for _, d := range p.docs {
			if err := b.IndexAdvanced(d); err != nil {
				return err
			}
		}
		held += p.positions
		if p.entry == nil {
			// part of a long file: written without its entry, so that memory stays bounded;
			// a run stopped before the entry leaves documents the next run prunes
			if full() {
				return flush()
			}
			return nil
		}
		if p.prune {
			if err := prune(idx, b, p.path, p.entry.Games); err != nil {
				return err
			}
		}
		done = append(done, *p.entry)
		if full() {
			return flush()
		}
		return nil
	}
	var err error
	for _, p := range gone {
		if err = add(p); err != nil {
			break
		}
	}
	for p := range in {
		if err == nil && ctx.Err() == nil {
			err = add(p)
		}
		// after an error keep draining, so that readers never block on a dead writer
	}
	if err == nil && ctx.Err() == nil {
		err = u.finish(ctx, i, man, b, done)
	}
	return err
}

// finish writes the last batch with a compacted manifest and waits until it is on disk:
// batches are not waited for one by one (unsafe_batch), and closing an index does not write
// what it has not yet persisted.
func (u *updater) finish(ctx context.Context, i int, man *manifest, b *bleve.Batch, done []entry) error {
	if err := man.write(b, done); err != nil {
		return err
	}
	if err := man.compact(b); err != nil {
		return err
	}
	b.SetInternal([]byte(keyVersion), []byte(MappingVersion))
	b.SetInternal([]byte(keyOpenings), []byte(u.openings.Sum()))
	idx := u.set.shards[i]
	return batchPersisted(ctx, func(b *bleve.Batch) error { return u.build(idx, b) }, b, u.set.errs[i])
}

// build writes b to idx, one shard at a time: analysing a batch and building its segment is
// most of what an Update holds, and one at a time keeps that to one batch whatever the number
// of shards. bleve analyses a batch on every core, and the shards' writers gather their next
// batches meanwhile: measured, it costs no CPU time.
func (u *updater) build(idx bleve.Index, b *bleve.Batch) error {
	u.building.Lock()
	defer u.building.Unlock()
	return idx.Batch(b)
}

// prune deletes a file's documents numbered above keep (all of them for keep 0): those of a
// longer earlier version of the file, or of a run stopped part-way through it.
func prune(idx bleve.Index, b *bleve.Batch, file string, keep int) error {
	q := bleve.NewTermQuery(file)
	q.SetField("file")
	// a page at a time, so that a file of 100,000 games is not held as 100,000 hits; the
	// deletions wait in b, so the pages stay as they were
	const page = 10000
	req := bleve.NewSearchRequestOptions(q, page, 0, false)
	req.SortBy([]string{"_id"})
	for {
		res, err := idx.Search(req)
		if err != nil {
			return err
		}
		for _, h := range res.Hits {
			k := strings.LastIndexByte(h.ID, '#')
			if n, err := strconv.Atoi(h.ID[k+1:]); err != nil || n > keep {
				b.Delete(h.ID)
			}
		}
		if len(res.Hits) < page {
			return nil
		}
		req.From += page
	}
}
