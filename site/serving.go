package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// Catalog is the archive as one scan saw it, what a live server renders pages from: its
// folders, pages and record files, the routes of its pages and, once read, the row of every
// game. It is read-only once made, and safe for concurrent use.
type Catalog struct {
	b        *build
	routes   map[string]pageFunc
	stems    map[string]string   // a record file's folder in the site -> the file
	stats    map[string]fileStat // of the record files whose catalog entries b holds
	complete bool                // the catalog holds every game: lists and search can be shown
	events   eventChoices        // suggested by the live search's form
}

// fileStat tells whether a record file changed, as cheaply as the file system can.
type fileStat struct {
	size  int64
	mtime time.Time
}

// Scan walks the archive src and returns its Catalog without reading any record: the pages
// made from the whole catalog (lists, search) answer ErrReading until ReadCatalog has read it.
func (s *Site) Scan(ctx context.Context, src fs.FS) (*Catalog, error) {
	b := newBuild(ctx, s, src, nil)
	if err := b.scan(); err != nil {
		return nil, err
	}
	return newCatalog(b, nil, false)
}

// newCatalog makes the routes of a scanned build.
func newCatalog(b *build, stats map[string]fileStat, complete bool) (*Catalog, error) {
	b.collectFacets()
	b.collectEventsAndPlayers()
	routes, err := b.routes()
	if err != nil {
		return nil, err
	}
	stems := map[string]string{}
	for _, r := range b.records {
		stems[outStem(r)] = r
	}
	return &Catalog{b: b, routes: routes, stems: stems, stats: stats, complete: complete,
		events: b.eventChoices()}, nil
}

// ReadCatalog reads the catalog of the archive src: the rows of every game, for the lists and
// the search index. Given the catalog of an earlier read (prev, nil for none), it reads only
// the record files that changed since, for their tags. The report says what it found.
func (s *Site) ReadCatalog(ctx context.Context, src fs.FS, prev *Catalog) (*Catalog, *Report, error) {
	b := newBuild(ctx, s, src, nil)
	if err := b.scan(); err != nil {
		return nil, nil, err
	}
	stats := make(map[string]fileStat, len(b.records))
	var todo []string
	for _, name := range b.records {
		info, err := fs.Stat(src, name)
		if err != nil {
			b.warn(fmt.Sprintf("%s: %v", b.where(name), err))
			continue
		}
		st := fileStat{info.Size(), info.ModTime()}
		stats[name] = st
		// An entry is kept while its file and the event.toml and players.toml files it was read
		// under are unchanged.
		if prev != nil {
			if e := prev.b.entries[name]; e != nil && prev.stats[name] == st && prev.b.stamp == b.stamp {
				b.entries[name] = e
				continue
			}
		}
		todo = append(todo, name)
	}
	read := make([]*fileEntry, len(todo))
	if err := parallel(ctx, len(todo), func(i int) error {
		read[i] = b.readEntry(todo[i])
		return nil
	}); err != nil {
		return nil, nil, err
	}
	for i, name := range todo {
		b.entries[name] = read[i]
	}
	for _, e := range b.entries {
		b.games += len(e.Games)
		for _, w := range e.Warnings {
			b.warn(w)
		}
	}
	c, err := newCatalog(b, stats, true)
	if err != nil {
		return nil, nil, err
	}
	b.unchanged = len(b.records) - len(todo)
	b.written = len(c.routes)
	return c, b.report(), nil
}

// Complete says whether the catalog holds every game (ReadCatalog), not only the archive's
// files (Scan).
func (c *Catalog) Complete() bool { return c.complete }

// readEntry reads the catalog rows of a record file and its problems of syntax; the games'
// own problems show on their pages.
func (b *build) readEntry(name string) *fileEntry {
	e := &fileEntry{}
	err := scanGames(b.src, name, b.where(name), func(_ int, _ bool, rec *notation.Record, errs notation.ErrorList) error {
		e.Games = append(e.Games, b.catalogRow(name, rec))
		for _, x := range errs {
			e.Warnings = append(e.Warnings, x.Error())
		}
		return nil
	})
	if err != nil {
		if _, ok := err.(*notation.Error); !ok { // located already; a file that cannot be opened is not
			err = fmt.Errorf("%s: %w", b.where(name), err)
		}
		e.Warnings = append(e.Warnings, err.Error())
	}
	return e
}

// ErrReading answers for a page made from the whole catalog before the catalog is read.
var ErrReading = errors.New("the archive is still being read; this page is ready in a moment")

// Page renders the page name of the site (a folder, a Markdown page, a record file's list, a
// game, a list, an event or player page, an asset); found is false when the site has no such
// page. keep is false when the page was rendered without the index it would have asked (bao
// index is writing it), so that it is not kept beyond this request.
//
// The page is in language l, one of the site's (Site.Langs).
func (c *Catalog) Page(ctx context.Context, name string, l *lang.Lang) (data []byte, found, keep bool, err error) {
	route, isRoute := c.routes[name]
	stem, n, isGame := parseGameHref(name)
	embedStem, en, isEmbed := parseEmbedHref(name)
	if isEmbed {
		stem, n, isGame = embedStem, en, true
	}
	file := c.stems[stem]
	switch {
	case isRoute && !c.complete && (isListName(name) ||
		c.stems[path.Dir(name)] != ""):
		return nil, false, false, ErrReading
	case !isRoute && (!isGame || file == ""):
		return nil, false, false, nil
	}
	render := func(ctx context.Context, ix *archive.Index) error {
		v := c.b.view(ctx, ix, &memOutput{files: map[string][]byte{}}, l)
		if isRoute {
			data, err = route(v.catalogue)
			found = err == nil
		} else {
			data, found, err = v.gamePage(file, n, isEmbed)
		}
		return nil
	}
	open, _ := c.b.s.ix.use(ctx, render)
	if open != nil { // bao index is writing the index, or it is another version's: without its links
		_ = render(ctx, nil)
	}
	if err != nil || !found {
		return nil, found, false, err
	}
	return data, true, open == nil, nil
}

// errFound stops a scan of a record file at the game asked for.
var errFound = errors.New("found")

// gamePage renders the page of game n of a record file. It seeks to where the index says the
// game's record starts (gameAt); when the index does not know the game, or the record there is
// not the one it read (the file changed since), it reads the file up to the game. Either way
// it reads one record beyond, to know whether the game is the file's only one.
func (b *build) gamePage(file string, n int, embed bool) ([]byte, bool, error) {
	if data, ok, err := b.gameAt(file, n, embed); ok || err != nil {
		return data, ok, err
	}
	var data []byte
	err := scanGames(b.src, file, b.where(file), func(k int, next bool, rec *notation.Record, errs notation.ErrorList) error {
		if k < n {
			return nil
		}
		var rerr error
		if data, rerr = b.renderGame(file, k, next, rec, errs, embed); rerr != nil {
			return rerr
		}
		return errFound
	})
	if errors.Is(err, errFound) {
		return data, true, nil
	}
	if data == nil {
		return nil, false, nil // no such game: the file is shorter
	}
	return nil, false, err
}

// gameAt renders game n of a record file from where the index says its record starts
// (archive.Index.GameAt); ok is false, and the caller reads the file from its start, when there
// is no index, the index does not hold the game, or the record found there is not the one the
// index read.
func (b *build) gameAt(file string, n int, embed bool) (data []byte, ok bool, err error) {
	if b.ix == nil {
		return nil, false, nil
	}
	f, err := b.src.Open(file)
	if err != nil {
		return nil, false, nil // reported by the scan
	}
	defer f.Close()
	rs, seekable := f.(io.ReadSeeker)
	if !seekable {
		return nil, false, nil
	}
	sc, found, err := b.ix.GameAt(b.ctx, rs, file, b.where(file), n)
	if err != nil || !found {
		return nil, false, nil // a damaged index is reported by the searches; the file still serves
	}
	rec, errs := sc.Record(), slices.Clone(sc.Errors())
	next := sc.Scan()
	data, err = b.renderGame(file, n, next, rec, errs, embed)
	return data, err == nil, err
}

// renderGame replays and renders game n of a record file: its page, or its embed page.
func (b *build) renderGame(file string, n int, next bool, rec *notation.Record, errs notation.ErrorList, embed bool) ([]byte, error) {
	g := newGame(file, b.where(file), n, next, rec, errs)
	ps, err := b.gamePages(g)
	if err == nil {
		err = b.write(ps...)
	}
	if err != nil {
		return nil, err
	}
	if embed {
		return b.out.read(embedHref(file, n))
	}
	return b.out.read(g.href)
}

// Langs are the languages of the site's pages, the default first.
func (s *Site) Langs() []*lang.Lang { return s.langs }

// errorPage is the page of an address the site does not have.
type errorPage struct {
	pageData
	Message string
}

// NotFoundPage renders, in language l, the page answering the address at site-relative path
// name (as asked, its folders counted for the links back) that the site does not have.
func (c *Catalog) NotFoundPage(name string, l *lang.Lang) ([]byte, error) {
	v := c.b.view(context.Background(), nil, &memOutput{files: map[string][]byte{}}, l)
	return v.render("error", v.notFound(name))
}

// notFound is the page of an address at site-relative path name that the site does not have.
func (b *catalogue) notFound(name string) errorPage {
	return errorPage{pageData: b.newPage(name, "error", b.l.T("error.title")), Message: b.l.T("error.notfound")}
}
