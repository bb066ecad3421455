package archive

import (
	"context"
	"fmt"

	"github.com/blevesearch/bleve/v2"

	"github.com/bao-archive/bao/notation"
)

// locationFields are the fields of gameDoc that say where a record starts in its file: stored
// for Locate, not searchable.
var locationFields = []string{"offset", "col", "sum"}

// Location is where a game's record starts in its file, as the index last read the file.
type Location struct {
	Offset int64        // byte offset of the record's first token
	Pos    notation.Pos // line and column of that token
	Sum    uint32       // RecordSum of the record read there
}

// Locate returns where game n (1-based) of an archive file starts, so that a reader can seek
// to it rather than read every record before it (see notation.NewScannerAt); found is false
// if the index does not hold that game. The file may have changed since it was indexed: check
// the record read there against Sum.
func (ix *Index) Locate(ctx context.Context, file string, n int) (loc Location, found bool, err error) {
	defer ix.recoverDamaged(&err)
	req := bleve.NewSearchRequestOptions(bleve.NewDocIDQuery([]string{docID(file, n)}), 1, 0, false)
	req.Fields = append([]string{"line"}, locationFields...)
	shard := ix.set.shards[shardOf(file, len(ix.set.shards))] // a file's games are in one shard
	res, err := shard.SearchInContext(ctx, req)
	if err != nil || len(res.Hits) == 0 {
		return Location{}, false, err
	}
	num := func(name string) (float64, error) {
		v, ok := res.Hits[0].Fields[name].(float64)
		if !ok {
			return 0, fmt.Errorf("%s: %w (game %s has no %s)", ix.set.dir, ErrDamaged, docID(file, n), name)
		}
		return v, nil
	}
	var v [4]float64
	for i, name := range req.Fields {
		if v[i], err = num(name); err != nil {
			return Location{}, false, err
		}
	}
	return Location{Offset: int64(v[1]), Pos: notation.Pos{Line: int(v[0]), Col: int(v[2])}, Sum: uint32(v[3])}, true, nil
}
