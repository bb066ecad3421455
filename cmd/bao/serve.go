package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/live"
	"github.com/bao-archive/bao/site/server"
)

// serveOptions are bao serve's flags and archive, the languages read by check.
type serveOptions struct {
	addr, title, index string
	poll               time.Duration
	allowHosts, langs  []string
	tlsCert, tlsKey    string
	root               string
}

// check reads the archive and the languages; a wrong flag is a usage error.
func (o *serveOptions) check(args []string) (err error) {
	o.root = archiveArg(args)
	if o.poll <= 0 {
		return usagef("--poll must be positive")
	}
	if (o.tlsCert == "") != (o.tlsKey == "") {
		return usagef("--tls-cert and --tls-key go together")
	}
	o.langs, err = langFlag(o.langs)
	return err
}

// newServeCmd is bao serve; runF, if not nil, runs it instead of serving.
func newServeCmd(e *env, runF func(*serveOptions) error) *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:   "serve [ARCHIVE] [--addr 127.0.0.1:8080]",
		Short: "Serve an archive's site, rebuilt when its files change",
		Long: `Serve the site of an archive (default the current folder) over HTTP, by default on
127.0.0.1 only. Requests must name the address served (or localhost) in their Host header, or
a name given with --allow-host: this keeps other web sites from driving the server through DNS
rebinding. Nothing is built up front: each page is rendered from the archive's files when it
is first asked for and kept in a bounded cache, so the first page is answered at once whatever
the archive's size. The games' tags, which the lists and the search page need, are read in the
background, and read again (changed record files only) when the archive's files change, as
checked every --poll interval. Stop with Ctrl-C.

With the archive's index (bao index), /search?q=… searches the games (words, player, event,
since, until, result, position, after) and /explore?variant=…&after=… lists the moves played
from a position, across the archive. The index is opened once and kept open; while bao index
updates it, the server lets it go (searches then answer 503, to retry) and opens it again
after. At most 8 pages are rendered and searches run at once per core: more requests wait up
to 5 s for their turn, then get 503 with Retry-After.

On an event folder (one with event.toml) the server also records and broadcasts the event:
each board's secret link from bao event pair (/record/<secret>) is its recording page for a
phone, the arbiter's link records every board, and /live/ shows every board of a round as it
is played, pushed to the spectators (Server-Sent Events). To serve a venue's phones, listen on
the local network (--addr 0.0.0.0:8080); with --tls-cert and --tls-key the server speaks
HTTPS itself, or put it behind a reverse proxy that does (see docs/events.md).

Every page is served in English and in Kiswahili: in the language the reader picks with the
page's switch (kept in a cookie), else the first of the browser's languages (Accept-Language)
the server offers, else the first of --lang (without --lang, the archive's bao.toml says which
comes first: lang = "sw"). --lang sw offers Kiswahili alone.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return serveRun(cmd.Context(), e, &o)
		},
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on")
	c.Flags().StringVar(&o.title, "title", "", `site title (default "Bao archive", in the pages' language)`)
	c.Flags().StringSliceVar(&o.allowHosts, "allow-host", nil, "a host name that requests may use besides the address served and localhost (repeatable)")
	c.Flags().DurationVar(&o.poll, "poll", time.Second, "how often to look for changed files")
	c.Flags().StringVar(&o.tlsCert, "tls-cert", "", "serve HTTPS with this certificate (PEM), for a venue without a proxy; with --tls-key")
	c.Flags().StringVar(&o.tlsKey, "tls-key", "", "the private key (PEM) of --tls-cert")
	c.Flags().StringVar(&o.index, "index", "", "the archive's index, for live search (default ARCHIVE/.bao/index, used if present)")
	c.Flags().StringSliceVar(&o.langs, "lang", nil, "languages offered, the default first (default en,sw, or the archive's bao.toml first)")
	completeFolders(c)
	return c
}

// serveRun serves the archive until ctx ends or Ctrl-C.
func serveRun(ctx context.Context, e *env, o *serveOptions) error {
	root := o.root
	if err := checkDir(root); err != nil {
		return err
	}
	dir := cmp.Or(o.index, archive.DefaultIndexDir(root))
	if !isDir(dir) {
		fmt.Fprintf(e.err, "no index yet: live search starts once 'bao index %s' has built it\n", root)
	}
	langs := o.langs
	if langs == nil {
		// Every page in both languages, the archive's own (its bao.toml) the default.
		set, err := archive.ReadSettings(os.DirFS(root))
		if err != nil {
			return err
		}
		langs = set.Lang
		for _, c := range lang.Codes {
			if !slices.Contains(langs, c) {
				langs = append(langs, c)
			}
		}
	}
	opts := site.Options{Title: o.title, Source: root, IndexDir: dir, Langs: langs}
	isEvent := isFile(filepath.Join(root, event.ConfigFile))
	if isEvent {
		opts.LiveScript = live.LivePrefix + "live.js"
	}
	s, err := site.New(opts)
	if err != nil {
		return err
	}
	sv, err := server.New(ctx, s, root)
	if err != nil {
		return err
	}
	sv.Logf = func(f string, a ...any) { fmt.Fprintf(e.err, f+"\n", a...) }
	sv.AllowHosts = o.allowHosts
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if isEvent {
		if err := live.Mount(ctx, sv, root); err != nil {
			return err
		}
	}
	ln, scheme, err := server.Listen(o.addr, o.tlsCert, o.tlsKey)
	if err != nil {
		return err // a port in use is found at run time, not a usage error
	}
	fmt.Fprintf(e.out, "serving %s on %s://%s/ (Ctrl-C stops)\n", root, scheme, ln.Addr())
	if isEvent {
		fmt.Fprintf(e.out, "live: every board at %s://%s%s; recording pages at the links of bao event pair\n", scheme, ln.Addr(), live.LivePrefix)
	}
	return sv.Serve(ctx, ln, o.poll)
}
