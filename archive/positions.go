package archive

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/bao-archive/bao/engine"
)

// The position store keeps, beside the bleve shards, every main line of every indexed file as
// its pit counts, the rest of each position's BPN and the moves played, in one file per archive
// file: INDEX/positions/HASH.pos, HASH the content hash of the file's manifest entry. A pattern
// or a sequence played anywhere (Query.Pattern, Query.Played) is answered by scanning these
// files (see doc.go for why a scan and not index terms).
//
// A store file is a magic line, the games' records in any order, a table of strings and an
// 8-byte footer giving where the table starts. Each record is its length (uvarint), then, all
// uvarints but the counts: the game's number in its file, its variant and its Date tag
// (strings of the table), its number of positions N, its number of pits P, then N times the P pit counts (one byte
// each, in BPN order) and the rest of that position's BPN (a string of the table), then the N-1
// moves (strings of the table). The strings are few (sides, reserves, houses, blocks and move
// tokens recur), so that what a query asks of them is decided once per string, not once per
// position.
const (
	positionsDir   = "positions"
	positionsMagic = "bao positions 2\n"
)

// positionsFile is where the store of the archive file with content hash hash lives.
func positionsFile(indexDir, hash string) string {
	return filepath.Join(indexDir, positionsDir, hash+".pos")
}

// hasPositions tells whether the store of the file with content hash hash is there. A file
// indexed without one (by an older bao, or in a run stopped before the store was renamed into
// place) is read again.
func hasPositions(indexDir, hash string) bool {
	if hash == "" {
		return true // unreadable: nothing to keep
	}
	_, err := os.Stat(positionsFile(indexDir, hash))
	return err == nil
}

// positionWriter writes one archive file's store while its games are read, by several workers.
type positionWriter struct {
	dir  string
	mu   sync.Mutex
	f    *os.File
	w    *bufio.Writer
	ids  map[string]uint64
	strs []string
	buf  []byte
}

func newPositionWriter(indexDir string) (*positionWriter, error) {
	dir := filepath.Join(indexDir, positionsDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "tmp-*.pos")
	if err != nil {
		return nil, err
	}
	pw := &positionWriter{dir: dir, f: f, w: bufio.NewWriterSize(f, 64<<10), ids: map[string]uint64{}}
	_, err = pw.w.WriteString(positionsMagic)
	if err != nil {
		pw.abort()
		return nil, err
	}
	return pw, nil
}

// add writes game n of the file.
func (pw *positionWriter) add(n int, s gameSource) error {
	if s.variant == nil || len(s.path) == 0 {
		return nil
	}
	bpns := make([]string, len(s.path))
	for i, p := range s.path {
		bpns[i] = p.String()
	}
	pw.mu.Lock()
	defer pw.mu.Unlock()
	b := pw.buf[:0]
	b = binary.AppendUvarint(b, uint64(n))
	b = binary.AppendUvarint(b, pw.id(s.variant.ID()))
	b = binary.AppendUvarint(b, pw.id(strings.TrimSpace(s.tags["Date"])))
	b = binary.AppendUvarint(b, uint64(len(bpns)))
	pits := 0
	for i, bpn := range bpns {
		rows, tail, _ := strings.Cut(bpn, " ")
		at := len(b)
		if i == 0 {
			pits = strings.Count(rows, ",") + strings.Count(rows, "/") + 1
			b = binary.AppendUvarint(b, uint64(pits))
			at = len(b)
		}
		var ok bool
		if b, ok = appendCounts(b, rows); !ok || len(b)-at != pits {
			return fmt.Errorf("position store: %q is not a position of %d pits", bpn, pits)
		}
		b = binary.AppendUvarint(b, pw.id(tail))
	}
	for _, m := range s.moves {
		b = binary.AppendUvarint(b, pw.id(m))
	}
	pw.buf = b
	var l [binary.MaxVarintLen64]byte
	if _, err := pw.w.Write(l[:binary.PutUvarint(l[:], uint64(len(b)))]); err != nil {
		return err
	}
	_, err := pw.w.Write(b)
	return err
}

// id is the number of s in the file's table of strings.
func (pw *positionWriter) id(s string) uint64 {
	if id, ok := pw.ids[s]; ok {
		return id
	}
	id := uint64(len(pw.strs))
	pw.ids[s] = id
	pw.strs = append(pw.strs, s)
	return id
}

// commit writes the table and puts the store in place as the store of content hash hash.
func (pw *positionWriter) commit(hash string) error {
	end, err := pw.f.Seek(0, 1)
	if err == nil {
		end += int64(pw.w.Buffered())
		b := binary.AppendUvarint(nil, uint64(len(pw.strs)))
		for _, s := range pw.strs {
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(b, s...)
		}
		b = binary.LittleEndian.AppendUint64(b, uint64(end))
		_, err = pw.w.Write(b)
	}
	if err == nil {
		err = pw.w.Flush()
	}
	if cerr := pw.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(pw.f.Name(), filepath.Join(pw.dir, hash+".pos"))
	}
	if err != nil {
		os.Remove(pw.f.Name())
	}
	return err
}

// abort drops what was written.
func (pw *positionWriter) abort() {
	pw.f.Close()
	os.Remove(pw.f.Name())
}

// prunePositions removes the stores no file of the manifests has, and leftovers of runs that
// were stopped.
func prunePositions(indexDir string, mans []*manifest) error {
	stale, err := stalePositions(indexDir, mans)
	var errs []error
	for _, name := range stale {
		errs = append(errs, os.Remove(name))
	}
	return errors.Join(append(errs, err)...)
}

// stalePositions lists the files of the stores' folder that no file of the manifests has.
func stalePositions(indexDir string, mans []*manifest) ([]string, error) {
	dir := filepath.Join(indexDir, positionsDir)
	names, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	keep := map[string]bool{}
	for _, m := range mans {
		for _, e := range m.files {
			keep[e.Hash+".pos"] = true
		}
	}
	var stale []string
	for _, d := range names {
		if !keep[d.Name()] {
			stale = append(stale, filepath.Join(dir, d.Name()))
		}
	}
	return stale, nil
}

// lineQuery is what a scan looks for in one variant's main lines: positions of a pattern,
// a sequence of moves, or both (then reached is the pattern's).
type lineQuery struct {
	variant *engine.Variant
	pattern *Pattern
	played  []string
}

// scanLines finds the games whose main lines q matches, with the plies at which it matched:
// the positions of the pattern, or else the position before each place the sequence starts.
// Stores are read by one worker per core.
func (ix *Index) scanLines(ctx context.Context, q lineQuery) (map[string][]int, error) {
	var stores []storeOf
	for _, s := range ix.set.shards {
		m, err := loadManifest(s)
		if err != nil {
			return nil, err
		}
		for _, e := range m.files {
			if e.Hash != "" && e.Games > 0 {
				stores = append(stores, storeOf{e.Path, positionsFile(ix.set.dir, e.Hash)})
			}
		}
	}
	return scanStores(ctx, stores, q)
}

// eachJob runs do on each of jobs, one worker per core, and returns when all are done; once
// ctx is done the jobs not yet handed out are left.
func eachJob[J any](ctx context.Context, jobs []J, do func(J)) {
	todo := make(chan J)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				do(j)
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case todo <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
}

// storeOf names an archive file and its position store.
type storeOf struct{ file, store string }

// scanStores runs scanStore over the stores, one worker per core, giving document id ->
// plies.
func scanStores(ctx context.Context, jobs []storeOf, q lineQuery) (map[string][]int, error) {
	out := map[string][]int{}
	var mu sync.Mutex
	var errs []error
	eachJob(ctx, jobs, func(j storeOf) {
		found, err := scanStore(j.store, q)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, err)
		}
		for n, plies := range found {
			out[docID(j.file, n)] = plies
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("%w: %w (bao index --rebuild makes it again)", ErrDamaged, err)
	}
	return out, nil
}

// storeGame is one game of a position store: its number in its file, its variant and Date
// tag, and its main line: npos positions of pits counts each (counts holds them one after
// another), the rest of each position's BPN and the moves, as numbers of strs.
type storeGame struct {
	n             int
	variant, date string
	npos, pits    int
	counts        []byte
	tails, moves  []uint64
	strs          []string
}

// eachStoreGame calls f with each game of the store at path, in the store's order; g's slices
// are reused from game to game.
func eachStoreGame(path string, f func(g *storeGame)) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	bad := fmt.Errorf("%s: not a position store", path)
	if len(data) < len(positionsMagic)+8 || string(data[:len(positionsMagic)]) != positionsMagic {
		return bad
	}
	tableAt := binary.LittleEndian.Uint64(data[len(data)-8:])
	if tableAt < uint64(len(positionsMagic)) || tableAt > uint64(len(data)-8) {
		return bad
	}
	strs, ok := readTable(data[tableAt : len(data)-8])
	if !ok {
		return bad
	}
	str := func(id uint64) (string, bool) {
		if id >= uint64(len(strs)) {
			return "", false
		}
		return strs[id], true
	}
	g := &storeGame{strs: strs}
	rd := reader{b: data[len(positionsMagic):tableAt]}
	for len(rd.b) > 0 {
		size := rd.uvarint()
		if rd.bad || size > uint64(len(rd.b)) {
			return bad
		}
		rec := reader{b: rd.b[:size]}
		rd.b = rd.b[size:]
		n, variant, date, npos := rec.uvarint(), rec.uvarint(), rec.uvarint(), rec.uvarint()
		var okV, okD bool
		g.variant, okV = str(variant)
		g.date, okD = str(date)
		if rec.bad || !okV || !okD || npos > uint64(len(rec.b)) {
			return bad
		}
		g.n, g.npos = int(n), int(npos)
		g.pits = int(rec.uvarint())
		g.counts, g.tails, g.moves = g.counts[:0], g.tails[:0], g.moves[:0]
		for range g.npos {
			if rec.bad || len(rec.b) < g.pits {
				return bad
			}
			g.counts = append(g.counts, rec.b[:g.pits]...)
			rec.b = rec.b[g.pits:]
			tail := rec.uvarint()
			if rec.bad || tail >= uint64(len(strs)) {
				return bad
			}
			g.tails = append(g.tails, tail)
		}
		for range max(g.npos-1, 0) {
			m := rec.uvarint()
			if rec.bad || m >= uint64(len(strs)) {
				return bad
			}
			g.moves = append(g.moves, m)
		}
		f(g)
	}
	return nil
}

// scanStore matches q against the games of one store, giving game number -> plies.
func scanStore(path string, q lineQuery) (map[int][]int, error) {
	found := map[int][]int{}
	// what each string says, decided on first use: 0 not yet, 1 yes, 2 no
	var tailOK []int8
	var moveOK [][]int8
	decide := func(strs []string, memo []int8, id uint64, f func(string) bool) bool {
		if memo[id] == 0 {
			memo[id] = 2
			if f(strs[id]) {
				memo[id] = 1
			}
		}
		return memo[id] == 1
	}
	err := eachStoreGame(path, func(g *storeGame) {
		if tailOK == nil {
			tailOK = make([]int8, len(g.strs))
			moveOK = make([][]int8, len(q.played))
			for k := range moveOK {
				moveOK[k] = make([]int8, len(g.strs))
			}
		}
		if g.variant != q.variant.ID() {
			return
		}
		var plies []int
		if q.pattern != nil && g.pits == len(q.pattern.pits) {
			for i := range g.npos {
				counts := g.counts[i*g.pits : (i+1)*g.pits]
				if q.pattern.matchPits(counts) && decide(g.strs, tailOK, g.tails[i], q.pattern.matchTail) {
					plies = append(plies, i)
				}
			}
		}
		if len(q.played) > 0 {
			var starts []int
			for i := 0; i+len(q.played) <= len(g.moves); i++ {
				k := 0
				for k < len(q.played) && decide(g.strs, moveOK[k], g.moves[i+k], func(s string) bool { return sameMove(q.played[k], s) }) {
					k++
				}
				if k == len(q.played) {
					starts = append(starts, i)
				}
			}
			if len(starts) == 0 || (q.pattern != nil && len(plies) == 0) {
				return
			}
			if q.pattern == nil {
				plies = starts
			}
		}
		if len(plies) > 0 {
			found[g.n] = plies
		}
	})
	return found, err
}

// sameMove tells whether the token asked for names the canonical token played. The informative
// suffixes (* ** #) may be left off, as the reader of records allows; written, they must agree.
func sameMove(asked, played string) bool {
	if asked == played {
		return true
	}
	if strings.ContainsAny(asked, "*#") {
		return false
	}
	return strings.TrimRight(played, "*#") == asked
}

// readTable reads the strings of a store.
func readTable(b []byte) ([]string, bool) {
	rd := reader{b: b}
	n := rd.uvarint()
	if rd.bad || n > uint64(len(b)) {
		return nil, false
	}
	strs := make([]string, 0, n)
	for range n {
		l := rd.uvarint()
		if rd.bad || l > uint64(len(rd.b)) {
			return nil, false
		}
		strs = append(strs, string(rd.b[:l]))
		rd.b = rd.b[l:]
	}
	return strs, len(rd.b) == 0
}

// reader reads uvarints, remembering whether one was malformed.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

// sortedIDs gives the ids of found games in order, for a query that selects them.
func sortedIDs(found map[string][]int) []string {
	ids := make([]string, 0, len(found))
	for id := range found {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
