// Package archive indexes a folder of BGN records for search.
//
// An archive is a directory tree of .bgn files. The files are the source of truth; the index
// (by default ARCHIVE/.bao/index) is a cache derived from them that can always be deleted and
// rebuilt. Update brings the index up to date, reading only new and changed files; Open opens
// it read-only for Search and Explore.
//
//	sum, err := archive.Update(ctx, "games", archive.UpdateOptions{})
//	ix, err := archive.Open(archive.DefaultIndexDir("games"))
//	defer ix.Close()
//	res, err := ix.Search(ctx, archive.Query{Player: "ali juma", Since: "1998", Facets: true})
//	tree, err := ix.Explore(ctx, archive.ExploreQuery{Variant: "kiswahili", After: []string{"A6<*"}})
//
// Each game is one document (id "FILE#N", N counting from 1 in the file) holding its tags as
// exact keywords, names, event and comments as text, its date, length and round as numbers, and
// every position of its main line as a keyword "KEY|MOVE": the position's key (a hash of its
// canonical BPN) and the move played from it. A position search is a prefix query on "KEY|";
// the opening tree of a position is read from the term dictionary under that prefix. Records
// that fail verification are indexed with errors:true and their messages, never dropped.
//
// The index is a set of bleve shards searched through an index alias; a file's games and its
// manifest entry (size, modification time, content hash) go to one shard in one batch, so an
// Update stopped at any moment leaves an index that the next Update completes.
//
// One Update at a time writes an index: it takes an flock on INDEX.lock before it touches
// anything, and another waits two seconds for it, then fails with ErrBusy. Before opening the
// index, Update checks the CRC-32 that ends every segment file (about 0.2 s for a 65 MB
// index) and rebuilds a damaged index, saying why in one line. Waits for the disk have a
// deadline, and a write error (a full disk) fails the Update at once. Only regular files
// inside the archive are read (see SourceFile). Queries are bounded (MaxQueryBytes, MaxLimit,
// MaxOffset): bleve's query-string lexer is quadratic in the text.
//
// # Limits, as measured
//
// On the 2-core development machine (shared with other work, so wall-clock rates vary by a
// factor of two or more), with the benchmarks in bench_test.go on a generated archive of
// 100,000 random games of the four variants (1,000 files, about 100 positions a game):
//
//   - Building the index: 167 games/s wall-clock, 335 games per CPU-second, for the whole
//     pipeline (read, verify, replay, index), when each record was played through the engine
//     twice (verified, then replayed) and that took about 80% of the CPU. notation.Check now
//     verifies and replays in one walk (notation.Walk), which brought the build to about 1,300
//     games/s on the same archive; bleve alone (BenchmarkIndexBatch) indexes 1,500 to 2,000
//     games a second with all their positions.
//   - Index size: about 6 KB a game (606 MB for 100,000 games), most of it the position terms
//     and their term vectors.
//   - Queries on that index (2 shards), p50 / p99: position search 11 / 32 ms, player search
//     13 / 23 ms, the opening tree of a start position 15 / 42 ms, a year filter with all
//     facets 95 / 184 ms.
//   - A search or explore waits at most 2 s for a running bao index, then fails with ErrBusy.
package archive
