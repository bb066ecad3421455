package archive

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/bao-archive/bao/notation"
)

// Export calls emit with the record of every game q matches (all of them, not one page), in
// the order Search gives, as pgn-extract writes the games a filter selects. The records come
// from the files, which stay the source of truth: each is read from where the index says it
// starts (GameAt), so a game near the end of a large file costs no more than one at its
// start; a file changed since it was indexed is read from its start instead, and gives an
// error rather than another game. It holds the hits and exportChunk records at a time, not
// every record: 100,000 games are no more memory than 1,000. It returns how many it emitted.
func (ix *Index) Export(ctx context.Context, root string, q Query, emit func(*notation.Record) error) (int, error) {
	q.Facets, q.Offset = false, 0
	q.Limit = 1
	res, err := ix.Search(ctx, q)
	if err != nil || res.Total == 0 {
		return 0, err
	}
	q.Limit = res.Total
	if res, err = ix.Search(ctx, q); err != nil {
		return 0, err
	}
	n := 0
	for hits := range slices.Chunk(res.Hits, exportChunk) {
		want := map[string]map[int]int{} // file -> game number -> place in the chunk
		for i, h := range hits {
			if want[h.File] == nil {
				want[h.File] = map[int]int{}
			}
			want[h.File][h.Game] = i
		}
		recs := make([]*notation.Record, len(hits))
		for file, games := range want {
			if err := ix.pickGames(ctx, root, file, games, recs); err != nil {
				return n, err
			}
		}
		for _, r := range recs {
			if err := emit(r); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// exportChunk is how many records Export holds at once.
var exportChunk = 1000

// pickGames reads the numbered games of one file into their places in recs: each from its
// offset, and those not found there by reading the file from its start.
func (ix *Index) pickGames(ctx context.Context, root, file string, games map[int]int, recs []*notation.Record) error {
	path := filepath.Join(root, filepath.FromSlash(file))
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rest := map[int]int{} // the games not where the index says
	var sc *notation.Scanner
	for _, n := range slices.Sorted(maps.Keys(games)) {
		// The record after the last one read needs no seek (nor a new scanner and its
		// buffer): an export is often a run of games.
		if sc != nil && sc.Record().Number == n-1 && sc.Scan() {
			loc, found, err := ix.Locate(ctx, file, n)
			if err != nil {
				return err
			}
			if found && loc.holds(sc.Record()) {
				recs[games[n]] = sc.Record()
				continue
			}
		}
		var ok bool
		if sc, ok, err = ix.GameAt(ctx, f, file, path, n); err != nil {
			return err
		}
		if !ok {
			rest[n] = games[n]
			continue
		}
		recs[games[n]] = sc.Record()
	}
	if len(rest) == 0 {
		return nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	sc = notation.NewScanner(f, path)
	found := 0
	for sc.Scan() && found < len(rest) {
		if i, ok := rest[sc.Record().Number]; ok {
			recs[i] = sc.Record()
			found++
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if found < len(rest) {
		return fmt.Errorf("%s has changed since it was indexed (run bao index again)", path)
	}
	return nil
}
