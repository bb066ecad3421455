package site

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
)

// build is one run of Site.Build, or the state bao serve renders pages from: the archive's
// folders, pages and record files, the catalog of its games, and the index.
//
// The builder makes the catalogue (scan, then the rows of every game, the facets, the events
// and the players: collect.go) and hands it to the renderers, which only read it; what they
// ask of the builder while they render goes through the catalogue's asks (build is that).
// The builder alone writes the pages, the manifest and the progress.
type build struct {
	*catalogue
	ctx context.Context
	out output

	ix      *archive.Index // the archive's index while pages are written, if there is one
	ixStamp string         // the state of the index, for the manifest

	mu        sync.Mutex
	warnings  []string
	written   int
	games     int
	unchanged int // record files whose pages the last build wrote and this one kept
}

// reserved are the top-level names of the pages the site makes itself.
var reserved = map[string]bool{"lists": true, "static": true, "search": true, "search.md": true,
	searchHref: true, searchDataHref: true, manifestName: true, playersDir: true, notFoundHref: true}

// Build renders the archive src (Markdown pages and BGN records) into the directory out,
// which is created if needed. Files already in out are overwritten, the pages an earlier Build
// made and this one does not are removed, and other files are left alone.
func Build(ctx context.Context, src fs.FS, out string, opts Options) (*Report, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	return s.Build(ctx, src, out)
}

// Build renders the archive src into the directory out. The pages a previous Build wrote there
// and this one does not (those of removed records) are removed; other files are left alone.
//
// A site in several languages is built once for each: the first at out, each other in its
// folder of out (out/sw), and the report adds up the builds.
func (s *Site) Build(ctx context.Context, src fs.FS, out string) (*Report, error) {
	for _, l := range s.langs[1:] {
		if _, err := fs.Stat(src, l.Code()); err == nil {
			return nil, fmt.Errorf("%s: the name is reserved for the site's pages in %s; rename it", l.Code(), l.Name())
		}
	}
	rep := &Report{}
	for _, l := range s.langs {
		prefix := s.langPrefix(l)
		b, err := s.buildIn(ctx, src, dirOutput{dir: filepath.Join(out, filepath.FromSlash(prefix))}, l)
		if err != nil {
			return nil, err
		}
		r := b.report()
		rep.Pages += r.Pages
		rep.Unchanged += r.Unchanged
		rep.Games = r.Games
		if prefix == "" {
			rep.Warnings = r.Warnings // the same problems, whatever the language
		}
	}
	return rep, nil
}

func (s *Site) build(ctx context.Context, src fs.FS, out output) (*build, error) {
	return s.buildIn(ctx, src, out, s.langs[0])
}

// buildIn is build in language l.
func (s *Site) buildIn(ctx context.Context, src fs.FS, out output, l *lang.Lang) (*build, error) {
	b := newBuild(ctx, s, src, out)
	b.l = l
	if len(s.langs) > 1 {
		b.langs = s.langs
	}
	if err := b.scan(); err != nil {
		return nil, err
	}
	old := loadManifest(out)
	b.ixStamp = archive.Stamp(s.opts.IndexDir)
	var (
		lists   []string
		catalog string
	)
	b.readEventGames()
	write := func() (err error) {
		if err := b.writeRecords(old); err != nil {
			return err
		}
		b.collectFacets()
		b.collectEventsAndPlayers()
		lists, catalog, err = b.writeCatalogPages(old)
		return err
	}
	open, err := s.ix.use(ctx, func(_ context.Context, ix *archive.Index) error {
		b.ix = ix // for "also reached in" links; held while pages are written
		defer func() { b.ix = nil }()
		return write()
	})
	if open != nil { // build without the index's links rather than not at all
		b.warn(fmt.Sprintf("the index was not used: %v", open))
		b.ixStamp = ""
		err = write()
	}
	if err != nil {
		return nil, err
	}
	if err := b.saveManifest(lists, catalog); err != nil {
		return nil, err
	}
	slices.SortStableFunc(b.warnings, naturalCompare) // pages are built in parallel
	return b, nil
}

func (b *build) report() *Report {
	return &Report{Pages: b.written, Games: b.games, Unchanged: b.unchanged, Warnings: b.warnings}
}

func newBuild(ctx context.Context, s *Site, src fs.FS, out output) *build {
	l := lang.Must("")
	var langs []*lang.Lang
	if s != nil {
		l = s.langs[0]
		if len(s.langs) > 1 {
			langs = s.langs
		}
	}
	b := &build{ctx: ctx, out: out}
	b.catalogue = &catalogue{s: s, src: src, l: l, langs: langs, folders: map[string]*folder{},
		pages: map[string]string{}, places: map[string]link{}, entries: map[string]*fileEntry{},
		search: &searchCache{}, ask: b}
	return b
}

// view is a build over the same archive and catalogue for one request of bao serve: its own
// context, index, output and language, and its own warnings (shown on the pages, not
// reported).
func (b *build) view(ctx context.Context, ix *archive.Index, out output, l *lang.Lang) *build {
	v := &build{ctx: ctx, out: out, ix: ix}
	c := *b.catalogue
	c.l, c.live, c.served, c.ask = l, true, ix != nil, v
	v.catalogue = &c
	return v
}

// scan walks the archive and assigns every folder, page and record file its page. It reads no
// record: that is cheap even for a large archive.
func (b *build) scan() error {
	err := tree.Walk(b.src, func(e tree.Entry) error {
		if e.Err != nil { // a folder that cannot be read, a link that leaves the archive, a FIFO
			b.warn(path.Join(filepath.ToSlash(b.s.opts.Source), e.Err.Error()))
			return nil
		}
		if path.Dir(e.Name) == "." && reserved[e.Name] {
			return fmt.Errorf("%s: the name is reserved for the site's own pages; rename it", e.Name)
		}
		switch {
		case e.Page():
			f := b.folder(path.Dir(e.Name))
			f.pages = append(f.pages, e.Name)
		case e.Record():
			f := b.folder(path.Dir(e.Name))
			f.records = append(f.records, e.Name)
			b.records = append(b.records, e.Name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	b.folder(".")
	slices.Sort(b.records)
	if err := b.assignPages(); err != nil {
		return err
	}
	b.findEvents()
	return nil
}

// folder returns the folder of dir, creating it and its ancestors.
func (b *build) folder(dir string) *folder {
	if f, ok := b.folders[dir]; ok {
		return f
	}
	f := &folder{dir: dir}
	b.folders[dir] = f
	if dir != "." {
		parent := b.folder(path.Dir(dir))
		parent.subs = append(parent.subs, f)
	}
	return f
}

// assignPages maps each Markdown and record file to its page and checks that no two sources
// share one. Game pages sit in their record file's folder of the site (see paths.go), so the
// record's own page stands for them.
func (b *build) assignPages() error {
	owner := map[string]string{}
	claim := func(page, src string) error {
		if o, ok := owner[page]; ok {
			return fmt.Errorf("%s and %s would both be written to %s; rename one", o, src, page)
		}
		owner[page] = src
		return nil
	}
	for _, f := range b.folders {
		slices.Sort(f.pages)
		slices.Sort(f.records)
		slices.SortFunc(f.subs, func(x, y *folder) int { return strings.Compare(x.dir, y.dir) })
		f.pickIndex()
		f.title = b.titleOf(f)
		if f.index != "" {
			b.pages[f.index] = folderHref(f.dir)
		}
		if err := claim(folderHref(f.dir), f.dir); err != nil {
			return err
		}
		b.places[path.Dir(folderHref(f.dir))] = link{Href: folderHref(f.dir), Text: f.title}
		for _, p := range f.pages {
			b.pages[p] = markdownHref(p)
			if err := claim(b.pages[p], p); err != nil {
				return err
			}
		}
		for _, r := range f.records {
			b.pages[r] = recordHref(r, 1)
			if err := claim(b.pages[r], r); err != nil {
				return err
			}
			b.places[outStem(r)] = link{Href: b.pages[r], Text: path.Base(r)}
		}
	}
	return nil
}

// pickIndex takes the folder's index.md, or else its README.md, out of its pages to be the
// folder's own page.
func (f *folder) pickIndex() {
	for _, name := range []string{"index.md", "README.md"} {
		if i := slices.Index(f.pages, path.Join(f.dir, name)); i >= 0 {
			f.index = f.pages[i]
			f.pages = slices.Delete(f.pages, i, i+1)
			return
		}
	}
}

// maxOthers bounds the "also reached in" links under one board.
const maxOthers = 5

// others lists the games other than g that the archive's index knows to have reached pos, and
// how many more there are. The variant's start position, which every game reaches, lists
// none; nor does a site without an index. Only diagrams ask: a question per ply of every game
// would cost more than the pages.
func (b *build) others(pos engine.Position, g *game) ([]link, int) {
	v := pos.Variant()
	if v == nil || pos == v.Start() || b.ix == nil {
		return nil, 0
	}
	if g != nil {
		g.asked = true
	}
	res, err := b.ix.Search(b.ctx, archive.Query{Variant: v.ID(), Position: pos.String(), Limit: maxOthers + 1})
	if err != nil {
		b.warn(fmt.Sprintf("position search: %v", err))
		return nil, 0
	}
	var out []link
	self := 0
	for _, h := range res.Hits {
		if g != nil && h.File == g.file && h.Game == g.number {
			self = 1
			continue
		}
		ply := 0
		if len(h.Reached) > 0 {
			ply = h.Reached[0]
		}
		out = append(out, link{Href: gamePlyHref(h.File, h.Game, ply), Text: b.l.T("game.others.item", "Title", hitTitle(b.l, h), "Ply", strconv.Itoa(ply))})
	}
	out = out[:min(len(out), maxOthers)]
	return out, max(res.Total-self-len(out), 0)
}

// novelty is game n of file's novelty, which the archive's index computed; ok is false
// without an index.
func (b *build) novelty(file string, n int) (nov archive.Novelty, ok bool, err error) {
	if b.ix == nil {
		return nov, false, nil
	}
	return b.ix.Novelty(file, n)
}

// hitTitle names a game found in the index as title names a game of the site.
func hitTitle(l *lang.Lang, h archive.Hit) string {
	return gameTitle(l, knownTag(h.South), knownTag(h.North), knownTag(h.Event), yearOf(h.Date), "", h.Game, h.Game > 1)
}

// naturalCompare orders strings with their runs of digits compared as numbers, so that
// "f.bgn:2:9" comes before "f.bgn:11:1" as the lines of a file do.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digitRun is the length of the run of ASCII digits s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

func (b *build) warn(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.warnings = append(b.warnings, msg)
}

// write writes rendered pages, counting them.
func (b *build) write(pages ...rendered) error {
	for _, p := range pages {
		if err := b.out.write(p.name, p.html); err != nil {
			return err
		}
		b.mu.Lock()
		b.written++
		b.mu.Unlock()
	}
	return nil
}

// writeCatalogPages writes the pages of routes, unless nothing they show changed since the
// last build, and removes those the last build wrote and this one does not. It returns the
// names written and the catalog's stamp, for the manifest.
func (b *build) writeCatalogPages(old *manifest) ([]string, string, error) {
	stamp, err := b.catalogStamp()
	if err != nil {
		return nil, "", err
	}
	if stamp == old.Catalog && b.version() != "" {
		return old.Lists, stamp, nil
	}
	routes, err := b.routes()
	if err != nil {
		return nil, "", err
	}
	names := sortedKeys(routes)
	if err := parallel(b.ctx, len(names), func(i int) error {
		data, err := routes[names[i]](b.catalogue)
		if err != nil {
			return fmt.Errorf("%s: %w", names[i], err)
		}
		if path.Ext(names[i]) == ".html" { // a page, not an asset or the search index
			b.mu.Lock()
			b.written++
			b.mu.Unlock()
		}
		return b.out.write(names[i], data)
	}); err != nil {
		return nil, "", err
	}
	for _, name := range old.Lists {
		if _, found := routes[name]; !found {
			if err := b.out.remove(name); err != nil {
				b.warn(fmt.Sprintf("removing an old page: %v", err))
			}
		}
	}
	return names, stamp, nil
}

// catalogStamp identifies what the catalog pages show: the version, the index, the Markdown
// files' contents and every record file's checksum.
func (b *build) catalogStamp() (string, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00", b.version(), b.ixStamp)
	for _, d := range sortedKeys(b.folders) {
		f := b.folders[d]
		for _, p := range append([]string{f.index}, f.pages...) {
			if p == "" {
				continue
			}
			size, sum, err := fileSum(b.src, p)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", p, size, sum)
		}
	}
	for _, r := range b.records {
		e := b.entries[r]
		if e != nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", r, e.Size, e.Sum)
		}
	}
	return fmt.Sprintf("%x", h.Sum64()), nil
}

// saveManifest writes the manifest for the next build.
func (b *build) saveManifest(lists []string, catalog string) error {
	m := manifest{Version: b.version(), Index: b.ixStamp, Catalog: catalog, Files: b.entries, Lists: lists}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return b.out.write(manifestName, data)
}
