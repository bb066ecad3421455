package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/english"
)

// indexOptions are bao index's flags and archive.
type indexOptions struct {
	index         string
	shards        int
	rebuild, json bool
	root          string
}

// check reads the archive; a negative --shards is a usage error.
func (o *indexOptions) check(args []string) error {
	o.root = archiveArg(args)
	if o.shards < 0 {
		return usagef("--shards must be 0 (one per 64 MiB) or more")
	}
	return nil
}

// newIndexCmd is bao index; runF, if not nil, runs it instead of indexing.
func newIndexCmd(e *env, runF func(*indexOptions) error) *cobra.Command {
	var o indexOptions
	c := &cobra.Command{
		Use:   "index [ARCHIVE]",
		Short: "Build or update the search index of a folder of .bgn files",
		Long: `Build or update the search index of an archive: a folder tree of .bgn files
(default: the current directory). The files stay the source of truth; the index, in
ARCHIVE/.bao/index unless --index says otherwise, is a cache that can be deleted at any time.

Only new and changed files are read; files that are gone leave the index. Records that fail
verification are indexed with errors:true and their messages (find them with
'bao search errors:true'). An index written by another version of bao, or one that cannot
be opened, is rebuilt. Stopping bao index at any moment is safe: the next run carries on.

A summary goes to standard output: files, games, positions and seconds; with --json, one
document {"index","files","read","unchanged","removed","games","positions","error_games",
"shards","rebuilt","seconds"}.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return indexRun(cmd.Context(), e, &o)
		},
	}
	c.Flags().StringVar(&o.index, "index", "", "index directory (default ARCHIVE/.bao/index)")
	c.Flags().IntVar(&o.shards, "shards", 0, "shards of a new index (default: one per 64 MiB of records, at most 8); a different count rebuilds")
	c.Flags().BoolVar(&o.rebuild, "rebuild", false, "rebuild the index from scratch")
	c.Flags().BoolVar(&o.json, "json", false, "print the summary as JSON")
	completeFolders(c)
	return c
}

// indexRun builds or updates the index and reports what it read.
func indexRun(ctx context.Context, e *env, o *indexOptions) error {
	root := o.root
	if err := checkDir(root); err != nil {
		return err
	}
	opts := archive.UpdateOptions{IndexDir: o.index, Shards: o.shards, Rebuild: o.rebuild,
		Notice: func(s string) { fmt.Fprintf(e.err, "bao: %s\n", s) }}
	bar := newProgress(e.err, -1, "bytes")
	opts.Progress = func(p archive.Progress) {
		bar.Set(p.Bytes, p.BytesToRead)
		bar.Describe(fmt.Sprintf("%d of %d files, %d games, %s", p.Files, p.FilesToRead, p.Games, p.Now))
	}
	s, err := archive.Update(ctx, root, opts)
	bar.Finish()
	if err != nil {
		return err
	}
	if o.json {
		dir := o.index
		if dir == "" {
			dir = archive.DefaultIndexDir(root)
		}
		return writeJSON(e.out, indexDoc{dir, s.Files, s.Read, s.Unchanged, s.Removed, s.Games,
			s.Positions, s.ErrorGames, s.Shards, s.Rebuilt, s.Elapsed.Seconds()})
	}
	fmt.Fprintf(e.out, "%s (%d read, %d unchanged, %d removed), %s, %s, %.2f s\n",
		english.Count(s.Files, "file"), s.Read, s.Unchanged, s.Removed, english.Count(s.Games, "game"),
		english.Count(s.Positions, "position"), s.Elapsed.Seconds())
	if s.ErrorGames > 0 {
		fmt.Fprintf(e.out, "%s with problems: bao search %s errors:true\n", english.Count(s.ErrorGames, "game"), root)
	}
	return nil
}

// indexDoc is `bao index --json`.
type indexDoc struct {
	Index      string  `json:"index"`
	Files      int     `json:"files"`
	Read       int     `json:"read"`
	Unchanged  int     `json:"unchanged"`
	Removed    int     `json:"removed"`
	Games      int     `json:"games"`
	Positions  int     `json:"positions"`
	ErrorGames int     `json:"error_games"`
	Shards     int     `json:"shards"`
	Rebuilt    string  `json:"rebuilt,omitempty"`
	Seconds    float64 `json:"seconds"`
}

// queryIndex opens the archive's index read-only for f and closes it after; a query the
// index rejects is a usage error.
func queryIndex(root, dir string, f func(ix *archive.Index) error) error {
	ix, err := openIndex(root, dir)
	if err != nil {
		return err
	}
	defer ix.Close()
	if err := f(ix); errors.Is(err, archive.ErrBadQuery) {
		return usageError{err}
	} else if err != nil {
		return err
	}
	return nil
}

// openIndex opens an archive's index for reading, saying how to build it if that fails.
func openIndex(root, dir string) (*archive.Index, error) {
	build := "bao index " + root
	if dir == "" {
		dir = archive.DefaultIndexDir(root)
	} else {
		build += " --index " + dir
	}
	ix, err := archive.Open(dir)
	if errors.Is(err, archive.ErrBusy) {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("%w (run '%s' to build it)", err, build)
	}
	return ix, nil
}
