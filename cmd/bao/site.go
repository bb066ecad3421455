package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/site"
)

func newSiteCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "site",
		Short: "Publish an archive as a static web site",
		Args:  cobra.ArbitraryArgs,
		RunE:  needSubcommand,
	}
	c.AddCommand(newSiteBuildCmd(e))
	return c
}

func newSiteBuildCmd(e *env) *cobra.Command {
	var o struct{ out, title, index string }
	c := &cobra.Command{
		Use:   "build [ARCHIVE] --out DIR",
		Short: "Render an archive's pages and records as HTML",
		Long: `Render an archive (a folder of Markdown pages and BGN records, default the current
folder) as a static site in DIR: a page per folder (from its index.md or README.md), per
Markdown page and per game, with board diagrams, a move viewer, lists by variant, event,
player and year, and a search page. Open DIR/index.html, or run bao serve.

If the archive has an index (bao index), the diagrams of annotations also link to the games of
the index that reached the same position.

Problems in the archive (a record that does not replay, a diagram that cannot be drawn) are
shown in place on the pages and listed on standard error; the command then exits 1.`,
		Args: wrapArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.out == "" {
				return usagef("--out is required")
			}
			root := archiveArg(args)
			if err := checkDir(root); err != nil {
				return err
			}
			ix, err := optionalIndex(root, o.index)
			if err != nil {
				return err
			}
			if ix != nil {
				defer ix.Close()
			}
			rep, err := site.Build(cmd.Context(), os.DirFS(root), o.out,
				site.Options{Title: o.title, Source: root, Index: ix})
			if err != nil {
				return err
			}
			fmt.Fprintf(e.out, "wrote %s (%s) to %s\n", count(rep.Pages, "page"), count(rep.Games, "game"), o.out)
			return reportWarnings(e, rep.Warnings)
		},
	}
	c.Flags().StringVar(&o.out, "out", "", "directory to write the site to (required)")
	c.Flags().StringVar(&o.title, "title", "", `site title (default "Bao archive")`)
	c.Flags().StringVar(&o.index, "index", "", "the archive's index (default ARCHIVE/.bao/index, used if present)")
	completeFolders(c)
	return c
}

// optionalIndex opens the index named by --index, which must exist, or else the archive's
// default index if there is one.
func optionalIndex(root, dir string) (*archive.Index, error) {
	if dir != "" {
		return openIndex(root, dir)
	}
	if !isDir(archive.DefaultIndexDir(root)) {
		return nil, nil
	}
	return openIndex(root, "")
}

// archiveArg is the archive folder: the argument, or the current folder.
func archiveArg(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return "."
}

// checkDir checks that the archive folder exists. A missing folder is found at run time
// (exit code 1): the command was called correctly.
func checkDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	return nil
}

// count writes "1 game", "2 games".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// reportWarnings lists the archive's problems on standard error.
func reportWarnings(e *env, warnings []string) error {
	for _, w := range warnings {
		fmt.Fprintln(e.err, w)
	}
	if len(warnings) > 0 {
		return errFound
	}
	return nil
}
