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
package archive
