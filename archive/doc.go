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
// that fail verification are indexed with errors:true and their messages, never dropped. Each
// document also stores where its record starts in the file (byte offset, line and column, and a
// sum of the record): Locate gives it, and GameAt reads the game there, so that bao serve and
// Export read one game of a large file without reading all those before it.
//
// # Patterns and sequences: a scan, not index terms
//
// A pattern (Query.Pattern: a BPN whose counts may be x, N-M or N+) or a sequence of moves
// played anywhere (Query.Played) cannot be a term lookup: a pattern with k free pits stands for
// up to 65^k positions, and the position terms are hashes that keep no pit counts. Indexing
// each pit's count as its own field would make every game a document with 32 to 48 more
// multi-valued numeric fields (about 60 terms a position, the index many times larger), and
// still could not tell that two conditions hold in the SAME position of a game. So Update also
// writes, beside the shards, a position store per archive file (positions.go): every
// main-line position as one byte per pit plus the rest of its BPN and the move played, the
// recurring strings (sides, reserves, houses, blocks, moves) written once per file. A pattern
// search reads the stores of the manifest's files, one worker per core, tests each position's
// counts directly and each distinct string once per file, and hands the games found to bleve as
// a document-id query, so that every other part of the query, the order, the paging and the
// facets work as for any search. The stores are about 36 bytes a position (190 MB for 100,000
// games of 55 plies), named by the content hash of their file, so that an unchanged file keeps
// its store, a changed one gets a new one and Update removes those no file has; a file whose
// store is missing is read again. Measured through the CLI on 100,000 self-played Bao la
// Kiswahili games in 100 files (5.54 million positions, stores 183 MB, process start
// included), on the shared machine at a load average of 34: a pattern found in 1,542 games
// 0.33 CPU-seconds (0.93 s wall), one found in every game 0.85 CPU-seconds (3.7 s wall, most
// of it bleve selecting 100,000 ids), --played 'A6<* a5>' (14,799 games) 0.63 CPU-seconds;
// 160 MB peak RSS. BenchmarkPatternScan times the scan alone.
//
// # Openings, novelties and players
//
// A game's opening (Openings, from the archive's openings.toml) is stored as a keyword, so
// that a search by opening and its facet are term lookups; the index records the table's sum
// and reads every game again when the table changes. Novelties (novelties.go) are computed
// at the end of each Update that changed the archive, from the position stores: every
// position's hash with its game's place in date order and its ply, sorted, so that the games
// that reached a position lie together in order (16 bytes a position while it runs). A player
// is found by whole words of a name (event.Aliases.Names): each player's runs of words are
// keywords (player_runs), so a search for "Haji" is one term lookup.
//
// The index is a set of bleve shards searched through an index alias; a file's games go to
// one shard, and its manifest entry (size, modification time, content hash) with its last
// batch, so an Update stopped at any moment leaves an index that the next Update completes
// (documents of a file whose entry was not written are pruned then).
//
// # Memory
//
// Update streams: each file is read as it is hashed, its records are verified by one worker
// per core, and its documents reach the shard's writer in pieces of 100 and are written in
// batches of at most UpdateOptions.BatchSize (2,000) documents and 110,000 positions. Most of
// what Update holds is bleve's work on one batch, and it grows with the batch's positions, not
// its games: the documents mapped, then each position analysed as a field of its own, then the
// segment built from them, about 1.4 KB a position in all. So a batch ends at 110,000
// positions (2,000 games of Bao la Kiswahili, 620 of Bao la Kimasai, whose self-played games
// run to 177 plies), and the shards' writers build their segments one at a time, each
// gathering its next batch meanwhile. What Update holds at once is therefore bounded by the
// batch, the core count and the shard count (a batch being gathered per shard), not by the
// size of a file or of the archive. What does grow with the archive, and by how much:
//   - the list of files and the manifest, about 200 bytes per file;
//   - the hits of one changed file's documents while its old version is pruned: a page of
//     10,000 at a time, a few MB;
//   - bleve's own structures: per segment, small, and the merging of ever larger segments;
//     the index files are memory-mapped, so the pages touched count in RSS (about 220 MB of
//     the peak at 100,000 games) but belong to the page cache.
//
// Search holds one page of hits (Query.Limit) and its facets; Explore the moves played from
// one position (at most a few dozen terms). Neither grows with the archive beyond bleve's
// caches. notation.Validate, which bao validate uses, holds a window of 32 records per core.
//
// One Update at a time writes an index: it takes an flock on INDEX.lock before it touches
// anything, and another waits two seconds for it, then fails with ErrBusy. Before opening the
// index, Update checks the CRC-32 that ends every segment file (about 0.2 s for a 65 MB
// index) and rebuilds a damaged index, saying why in one line. Waits for the disk have a
// deadline, and a write error (a full disk) fails the Update at once. Only regular files
// inside the archive are read (see package archive/tree). Queries are bounded (MaxQueryBytes, MaxLimit,
// MaxOffset): bleve's query-string lexer is quadratic in the text.
//
// # Limits, as measured
//
// On the 2-core development machine, shared with other work (load averages of 8 to 20 while
// these were taken, so CPU seconds say more than wall-clock rates):
//
//   - Building the index: about 850 games per CPU-second for self-played Bao la Kiswahili
//     games of about 55 plies, every position indexed (10,000 games: 11.3 CPU-seconds;
//     100,000 games in 100 files of 1,000: 116 to 133 CPU-seconds); on the idle machine bao
//     index takes 8.4 s for 10,000 games and 87 s for 100,000 (1,150 games/s on two cores).
//     Records are parsed and verified on every core; the profile is bleve's: building each
//     batch's segment 43%, merging segments 23%, parsing and verifying 12%, garbage
//     collection 11%. The 5,000 games/s once aimed at is beyond bleve here.
//   - A mixed archive, 5,000 self-played games a file of each variant in turn (Kiswahili and
//     Kete about 55 plies a game, Kingulu 22, Kimasai 177; 78 positions a game on average):
//     20,000 games (4 files, one shard) 31 CPU-seconds, 100,000 games (20 files, 7.8 million
//     positions, two shards) 146 to 168 CPU-seconds, 96 to 99 s at a load average of 2. The
//     two shards building their segments at once would take the same CPU time and 84 s, but
//     1.46 GB at the peak: one at a time is the cheaper bound.
//   - Index size: about 4 to 5 KB a game (48 MB for 10,000 such games, 406 MB for 100,000),
//     most of it the position terms and their term vectors.
//   - Peak RSS of bao index: 422 MB for 10,000 Kiswahili games in 10 files, 448 MB for the
//     same games in one file, 800 MB for 100,000 in 100 files; for the mixed archive 580 MB
//     at 20,000 games and 1.0 to 1.1 GB at 100,000 (of which 220 MB index pages and 710 to
//     770 MB Go heap at most); batches of 2,000 games whatever their length, built by both shards at once,
//     would take it to 2.7 to 3.0 GB. BenchmarkArchiveUpdate reports the peak heap.
//   - Through the CLI on 100,000 games: bao search (a player, with facets) 0.6 s and 116 MB,
//     bao explore of the start position 0.1 s and 160 MB, process start included.
//
// Earlier figures on 100,000 random games of the four variants (bench_test.go, 1,000 files,
// about 100 positions a game, before the trimmed mapping):
//
//   - Queries on that index (2 shards), p50 / p99: position search 11 / 32 ms, player search
//     13 / 23 ms, the opening tree of a start position 15 / 42 ms, a year filter with all
//     facets 95 / 184 ms.
//
// A search or explore waits at most 2 s for a running bao index, then fails with ErrBusy.
package archive
