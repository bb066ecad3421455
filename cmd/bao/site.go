package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// newSiteCmd is bao site, with its subcommands cmds (build).
func newSiteCmd(cmds ...*cobra.Command) *cobra.Command {
	c := &cobra.Command{
		Use:   "site",
		Short: "Publish an archive as a static web site",
		Args:  cobra.ArbitraryArgs,
		RunE:  needSubcommand,
	}
	addSubcommands(c, cmds)
	return c
}

// siteBuildOptions are bao site build's flags and archive, the languages read by check.
type siteBuildOptions struct {
	out, title, index string
	langs             []string // --lang as given; nil: the archive's bao.toml decides
	root              string
}

// check reads the archive and the languages; no --out or an unknown language is a usage error.
func (o *siteBuildOptions) check(args []string) (err error) {
	if o.out == "" {
		return usagef("--out is required")
	}
	o.root = archiveArg(args)
	o.langs, err = langFlag(o.langs)
	return err
}

// newSiteBuildCmd is bao site build; runF, if not nil, runs it instead of building.
func newSiteBuildCmd(e *env, runF func(*siteBuildOptions) error) *cobra.Command {
	var o siteBuildOptions
	c := &cobra.Command{
		Use:   "build [ARCHIVE] --out DIR",
		Short: "Render an archive's pages and records as HTML",
		Long: `Render an archive (a folder of Markdown pages and BGN records, default the current
folder) as a static site in DIR: a page per folder (from its index.md or README.md), per
Markdown page, per record file (its games, 100 a page) and per game (club/cup.bgn's games are
club/cup/1.html, club/cup/2.html, ...), with board diagrams, a move viewer, lists by variant,
event, player and year, and a search page. Open DIR/index.html, or run bao serve.

The build reads one game at a time per core and keeps a short row per game for the lists. It
leaves a manifest in DIR (.bao-site.json): building into the same DIR again rewrites only the
pages of record files that changed, and removes the pages of games that are gone.

The pages are in English, or in Kiswahili with --lang sw. --lang en,sw (or --lang all)
builds the site in both: the first language's pages in DIR, the other's in DIR/sw, each page
linking to itself in the other language (with hreflang). Without --lang the archive's
bao.toml decides (lang = "sw", say); without it, English.

If the archive has an index (bao index), the diagrams of annotations also link to the games of
the index that reached the same position.

Problems in the archive (a record that does not replay, a diagram that cannot be drawn) are
shown in place on the pages and listed on standard error; the command then exits 1.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return siteBuildRun(cmd.Context(), e, &o)
		},
	}
	c.Flags().StringVar(&o.out, "out", "", "directory to write the site to (required)")
	c.Flags().StringVar(&o.title, "title", "", `site title (default "Bao archive", in the pages' language)`)
	c.Flags().StringVar(&o.index, "index", "", "the archive's index (default ARCHIVE/.bao/index, used if present)")
	c.Flags().StringSliceVar(&o.langs, "lang", nil, "language of the pages: en or sw; en,sw or all for both (default: the archive's bao.toml, else en)")
	completeFolders(c)
	return c
}

// siteBuildRun builds the site and reports what it wrote and the archive's problems.
func siteBuildRun(ctx context.Context, e *env, o *siteBuildOptions) error {
	root := o.root
	if err := checkDir(root); err != nil {
		return err
	}
	buildGC()
	src, err := tree.OpenRoot(root) // links leaving the archive are not published
	if err != nil {
		return err
	}
	dir, err := optionalIndex(root, o.index)
	if err != nil && o.index == "" {
		// The archive's own index is a cache: one bao cannot read (written by another
		// version, say) leaves the site without cross-links, not unbuilt.
		fmt.Fprintf(e.err, "bao: building without the index: %v\n", err)
		dir, err = "", nil
	}
	if err != nil {
		return err
	}
	bar := newProgress(e.err, -1, "bytes")
	langs := o.langs
	if langs == nil { // the archive's languages (its bao.toml), else English
		set, err := archive.ReadSettings(src)
		if err != nil {
			return err
		}
		langs = set.Lang
	}
	rep, err := site.Build(ctx, src, o.out, site.Options{Title: o.title, Source: root,
		IndexDir: dir, Langs: langs, Progress: func(done, total int64, file string) {
			bar.Set(done, total)
			bar.Describe(file)
		}})
	bar.Finish()
	if err != nil {
		return err
	}
	kept := ""
	if rep.Unchanged > 0 {
		kept = "; " + english.Count(rep.Unchanged, "record file") + " unchanged since the last build"
	}
	fmt.Fprintf(e.out, "wrote %s (%s%s) to %s\n", english.Count(rep.Pages, "page"),
		english.Count(rep.Games, "game"), kept, o.out)
	return reportWarnings(e, rep.Warnings)
}

// langFlag checks the languages of --lang ("all" is every one bao writes); none is the
// command's default.
func langFlag(codes []string) ([]string, error) {
	if len(codes) == 1 && codes[0] == "all" {
		return lang.Codes, nil
	}
	for _, c := range codes {
		if _, err := lang.Get(c); err != nil {
			return nil, usagef("--lang: %v", err)
		}
	}
	return codes, nil
}

// buildGC lets the heap grow to five times what a site build keeps live (a few games per core
// and the catalog's rows) before collecting, within a limit of 768 MiB: with Go's default, the
// collector ran all the time on a heap of 30 MB. Measured on 10,008 games, default against
// GOGC=400 back to back: 21.3 s and 33.6 CPU-s at 36 MB peak, against 15.3 s and 25.9 CPU-s at
// 76 MB.
func buildGC() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(768 << 20)
}

// optionalIndex names the index of --index, which must open, or else the archive's default
// index if there is one; "" for none. The site opens it again for each build.
func optionalIndex(root, dir string) (string, error) {
	if dir == "" {
		dir = archive.DefaultIndexDir(root)
		if !isDir(dir) {
			return "", nil
		}
	}
	ix, err := openIndex(root, dir)
	if err != nil {
		return "", err
	}
	return dir, ix.Close()
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
