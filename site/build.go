package site

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
)

// build is one run of Site.Build: the archive read and replayed, then written page by page.
type build struct {
	s   *Site
	ctx context.Context
	src fs.FS
	out output

	folders map[string]*folder // by archive-relative directory; "." is the root
	games   []*game
	pages   map[string]string // archive-relative .md or .bgn path -> site-relative page
	seen    map[engine.Position][]posRef
	facets  facets

	ix *archive.Index // the archive's index while pages are written, if there is one

	eventIndex // the events and players (events.go, players.go)

	mu       sync.Mutex
	warnings []string
	written  int
}

// reserved are the top-level names of the pages the site makes itself.
var reserved = map[string]bool{"lists": true, "static": true, "search.md": true, "search.html": true,
	"players": true}

// folder is one directory of the archive that holds pages or records.
type folder struct {
	dir   string // archive-relative, "." for the root
	index string // its index.md or README.md, "" if none
	pages []string
	games []*game
	subs  []*folder
}

// posRef is a main-line position of a game, and the link to the ply after which it stood.
type posRef struct {
	g    *game
	link link
}

func (s *Site) build(ctx context.Context, src fs.FS, out output) (*build, error) {
	b := newBuild(ctx, s, src, out)
	if err := b.scan(); err != nil {
		return nil, err
	}
	b.indexPositions()
	b.collectFacets()
	b.collectEventsAndPlayers()
	open, err := s.ix.use(func(ix *archive.Index) error {
		b.ix = ix // for "also reached in" links; held for the writing only
		defer func() { b.ix = nil }()
		return b.writeAll()
	})
	if open != nil { // build without the index's links rather than not at all
		b.warn(fmt.Sprintf("the index was not used: %v", open))
		err = b.writeAll()
	}
	if err != nil {
		return nil, err
	}
	slices.Sort(b.warnings)
	return b, nil
}

func (b *build) report() *Report {
	return &Report{Pages: b.written, Games: len(b.games), Warnings: b.warnings}
}

func newBuild(ctx context.Context, s *Site, src fs.FS, out output) *build {
	return &build{s: s, ctx: ctx, src: src, out: out,
		folders: map[string]*folder{}, pages: map[string]string{}, seen: map[engine.Position][]posRef{}}
}

// scan walks the archive, reads every record and assigns every page its path.
func (b *build) scan() error {
	var records []string
	err := fs.WalkDir(b.src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if name != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
			if d.IsDir() {
				return fs.SkipDir // hidden: the index, version control, drafts
			}
			return nil
		}
		if path.Dir(name) == "." && reserved[base] {
			return fmt.Errorf("%s: the name is reserved for the site's own pages; rename it", name)
		}
		if d.IsDir() || !b.readable(name, d) {
			return nil
		}
		switch path.Ext(base) {
		case ".md":
			f := b.folder(path.Dir(name))
			f.pages = append(f.pages, name)
		case ".bgn":
			records = append(records, name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	b.folder(".")
	loaded := make([][]*game, len(records))
	if err := parallel(b.ctx, len(records), func(i int) error {
		loaded[i] = loadGames(b.src, records[i], b.where(records[i]))
		return nil
	}); err != nil {
		return err
	}
	for i, gs := range loaded {
		for _, g := range gs {
			for _, e := range g.errs {
				b.warn(e)
			}
		}
		f := b.folder(path.Dir(records[i]))
		f.games = append(f.games, gs...)
		b.games = append(b.games, gs...)
		if len(gs) > 0 {
			b.pages[records[i]] = gs[0].href
		}
	}
	return b.assignPages()
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

// assignPages maps each Markdown file to its page and checks that no two sources share one.
func (b *build) assignPages() error {
	owner := map[string]string{}
	claim := func(page, src string) error {
		if o, ok := owner[page]; ok {
			return fmt.Errorf("%s and %s would both be written to %s; rename one", o, src, page)
		}
		owner[page] = src
		return nil
	}
	for _, g := range b.games {
		if err := claim(g.href, fmt.Sprintf("%s (game %d)", g.file, g.number)); err != nil {
			return err
		}
	}
	for _, f := range b.folders {
		slices.Sort(f.pages)
		slices.SortFunc(f.subs, func(x, y *folder) int { return strings.Compare(x.dir, y.dir) })
		f.pickIndex()
		if f.index != "" {
			b.pages[f.index] = f.href()
		}
		if err := claim(f.href(), f.dir); err != nil {
			return err
		}
		for _, p := range f.pages {
			b.pages[p] = slugPath(strings.TrimSuffix(p, ".md")) + ".html"
			if err := claim(b.pages[p], p); err != nil {
				return err
			}
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

// href is the folder's page.
func (f *folder) href() string {
	if f.dir == "." {
		return "index.html"
	}
	return slugPath(f.dir) + "/index.html"
}

// pageOf returns the page built from an archive-relative source path.
func (b *build) pageOf(src string) (string, bool) {
	p, ok := b.pages[src]
	return p, ok
}

// indexPositions records every main-line position of every game, for "also reached in", with
// the link to each game's ply made once.
func (b *build) indexPositions() {
	for _, g := range b.games {
		title := g.title()
		for id := 0; id <= g.plies; id++ {
			p := g.nodes[id].pos
			refs := b.seen[p]
			if n := len(refs); n > 0 && refs[n-1].g == g {
				continue // a position a game reaches twice is listed once
			}
			b.seen[p] = append(refs, posRef{g, link{Href: g.href + "#p" + strconv.Itoa(id),
				Text: title + ", ply " + strconv.Itoa(id)}})
		}
	}
}

// maxOthers bounds the "also reached in" links under one board.
const maxOthers = 5

// others lists the games other than g that reached pos, and how many more there are. The
// variant's start position, which every game reaches, lists none. With ask (annotation
// diagrams, which are few) the Finder is asked too, if the site has one.
func (b *build) others(pos engine.Position, g *game, ask bool) ([]link, int) {
	v := pos.Variant()
	if v == nil || pos == v.Start() {
		return nil, 0
	}
	refs := b.seen[pos]
	var out []link
	for _, r := range refs {
		if r.g != g {
			out = append(out, r.link)
		}
	}
	if b.ix != nil && ask {
		out = b.found(b.ix, pos, g, out)
	}
	if len(out) > maxOthers {
		return out[:maxOthers], len(out) - maxOthers
	}
	return out, 0
}

// found adds the games that the archive's index knows to have reached pos to out, each game
// once.
func (b *build) found(ix *archive.Index, pos engine.Position, g *game, out []link) []link {
	res, err := ix.Search(b.ctx, archive.Query{Variant: pos.Variant().ID(), Position: pos.String(), Limit: 2 * maxOthers})
	if err != nil {
		b.warn(fmt.Sprintf("position search: %v", err))
		return out
	}
	listed := map[string]bool{}
	for _, l := range out {
		listed[strings.Split(l.Href, "#")[0]] = true
	}
	for _, h := range res.Hits {
		href, ok := b.gameHref(h.File, h.Game)
		if !ok || listed[href] || g != nil && href == g.href || len(h.Reached) == 0 {
			continue
		}
		listed[href] = true
		ply := strconv.Itoa(h.Reached[0])
		out = append(out, link{Href: href + "#p" + ply, Text: hitTitle(h) + ", ply " + ply})
	}
	return out
}

// hitTitle names a game found in the index as title names a game of the site.
func hitTitle(h archive.Hit) string {
	t := orUnknown(strings.Trim(h.South, "?")) + " – " + orUnknown(strings.Trim(h.North, "?"))
	if h.Event != "" && h.Event != "?" {
		t += ", " + h.Event
	}
	if len(h.Date) >= 4 && strings.Trim(h.Date[:4], "0123456789") == "" {
		t += " " + h.Date[:4]
	}
	return t
}

// gameHref finds the page of game number n of a record file.
func (b *build) gameHref(file string, n int) (string, bool) {
	for _, g := range b.folders[path.Dir(file)].gamesOf(file) {
		if g.number == n {
			return g.href, true
		}
	}
	return "", false
}

// gamesOf returns the folder's games read from file.
func (f *folder) gamesOf(file string) []*game {
	if f == nil {
		return nil
	}
	var gs []*game
	for _, g := range f.games {
		if g.file == file {
			gs = append(gs, g)
		}
	}
	return gs
}

// where names an archive file in problem reports.
func (b *build) where(name string) string {
	return path.Join(filepath.ToSlash(b.s.opts.Source), name)
}

func (b *build) warn(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.warnings = append(b.warnings, msg)
}

// write renders one page kind with data to name.
func (b *build) write(name, kind string, data any) error {
	html, err := b.s.tmpl.render(kind, data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := b.out.write(name, html); err != nil {
		return err
	}
	b.mu.Lock()
	b.written++
	b.mu.Unlock()
	return nil
}
