package site

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
	"github.com/bao-archive/bao/site/webengine"
)

// pageData is what every page's layout needs.
type pageData struct {
	Root   string // relative path from the page to the site root: "", "../", ...
	Title  string
	Site   string
	Kind   string // body class: page, game, list, search
	Crumbs []link
	Langs  []link // the page in each language of the site (Note is the language's code)
	Live   string // the live broadcast's script (Options.LiveScript), "" for none
	// Served: bao serve renders the page and answers the live search and the explorer
	// (/search, /explore), which the header and the analysis board then link to. A static
	// site's pages link to its own search.html.
	Served bool
}

// link is an href (site-relative unless said otherwise) with its text.
type link struct {
	Href, Text, Note string
}

// mdPage is a Markdown page: the home page, a collection's page, a record file's list of games
// or a plain page.
type mdPage struct {
	pageData
	Body        template.HTML
	Collections []link
	Pages       []link
	Games       []gameRow
	Pager       *pager
}

// pageFunc renders one page with a build, or a view of it.
type pageFunc func(b *build) ([]byte, error)

// routes maps every page made from the catalog (folders, Markdown pages, record files' lists,
// the lists, the event and player pages, the search page and its index) and every asset to what renders it. Game pages are
// not among them: a build streams them, and bao serve finds them by their names (GameHref).
func (b *build) routes() (map[string]pageFunc, error) {
	assets, err := staticFiles()
	if err != nil {
		return nil, err
	}
	r := map[string]pageFunc{}
	for _, f := range b.folders {
		r[f.href()] = func(v *build) ([]byte, error) { return v.folderPage(f) }
		for _, p := range f.pages {
			r[b.pages[p]] = func(v *build) ([]byte, error) { return v.markdownPage(p) }
		}
	}
	for _, file := range b.records {
		r[recordFileHref(file)] = func(v *build) ([]byte, error) { return fs.ReadFile(v.src, file) }
		eachPage(b.gamesOf(file), func(i int) {
			r[recordHref(file, i)] = func(v *build) ([]byte, error) { return v.recordListPage(file, i) }
		})
	}
	r[listsIndexHref] = (*build).listsIndexPage
	for _, fk := range facetKinds {
		if n := len(b.facets[fk.kind]); n > gamesPerPage { // more than the lists' index shows
			eachPage(n, func(i int) {
				r[facetIndexHref(fk.kind, i)] = func(v *build) ([]byte, error) { return v.facetIndexPage(fk.kind, fk.name, i) }
			})
		}
		for slug, fv := range b.facets[fk.kind] {
			eachPage(len(fv.games), func(i int) {
				r[listHref(fk.kind, slug, i)] = func(v *build) ([]byte, error) { return v.facetPage(fk.kind, fk.name, slug, i) }
			})
		}
	}
	for _, ev := range b.events {
		eachPage(len(ev.games), func(i int) {
			r[pageHref(ev.href, i)] = func(v *build) ([]byte, error) { return v.eventPage(ev, i) }
		})
	}
	for href, p := range b.players {
		eachPage(len(p.games), func(i int) {
			r[pageHref(href, i)] = func(v *build) ([]byte, error) { return v.playerPage(p, i) }
		})
	}
	r[searchHref] = (*build).searchPage
	r[searchDataHref] = func(v *build) ([]byte, error) { return v.searchData().index, nil }
	for i := range b.searchData().chunks {
		r[searchChunkHref(i)] = func(v *build) ([]byte, error) { return v.searchData().chunks[i], nil }
	}
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	for name, data := range eng.Files {
		assets[name] = data
	}
	for name, data := range assets {
		r[name] = func(*build) ([]byte, error) { return data, nil }
	}
	r[boardStyleHref] = func(*build) ([]byte, error) { return []byte(BoardStyle() + board.ImageStyle), nil }
	for _, l := range append([]*lang.Lang{b.l}, b.langs...) {
		r[msgsHref(l.Code())] = func(*build) ([]byte, error) { return msgsScript(l), nil }
	}
	return r, nil
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
		data, err := routes[names[i]](b)
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

// newPage fills in the layout's data for the page at site-relative path name.
func (b *build) newPage(name, kind, title string) pageData {
	p := pageData{Root: strings.Repeat("../", strings.Count(name, "/")), Title: title,
		Site: b.siteTitle(), Kind: kind, Live: b.s.opts.LiveScript, Served: b.live && b.ix != nil}
	// The language switch: bao serve answers every address in every language (?lang= sets
	// the reader's choice); a built site has each language's pages in its own folder.
	up := strings.Repeat("../", strings.Count(b.s.langPrefix(b.l), "/"))
	for _, l := range b.langs {
		href := langSwitchHref(l.Code())
		if !b.live {
			href = p.Root + up + b.s.langPrefix(l) + name
		}
		p.Langs = append(p.Langs, link{Href: href, Text: l.Name(), Note: l.Code()})
	}
	// Breadcrumbs: the folders above the page, each with a page of its own.
	dir := path.Dir(name)
	if isFolderPage(name) {
		dir = path.Dir(dir)
		if name == homeHref {
			return p
		}
	}
	for d := dir; ; d = path.Dir(d) {
		if l, ok := b.places[d]; ok {
			p.Crumbs = append([]link{l}, p.Crumbs...)
		}
		if d == "." || d == "/" {
			break
		}
	}
	return p
}

// folderPage renders a folder's page: its index.md or README.md, its sub-folders, pages and
// record files, and its games if they fit on one page.
func (b *build) folderPage(f *folder) ([]byte, error) {
	title := f.title
	pg := mdPage{pageData: b.newPage(f.href(), "page", title)}
	if f.index != "" {
		body, err := b.readMarkdown(f.index, pg.Root)
		if err != nil {
			return nil, err
		}
		pg.Body = body
	}
	for _, sub := range f.subs {
		pg.Collections = append(pg.Collections, link{Href: sub.href(), Text: sub.title,
			Note: b.countNote(sub)})
	}
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > gamesPerPage || len(f.records) > 1 {
		for _, r := range f.records {
			pg.Collections = append(pg.Collections, link{Href: recordHref(r, 1), Text: path.Base(r),
				Note: b.l.N("count.games", b.gamesOf(r))})
		}
	}
	if games <= gamesPerPage {
		for _, r := range f.records {
			pg.Games = append(pg.Games, b.rows(r, 0, b.gamesOf(r))...)
		}
	}
	pg.Pages = append(pg.Pages, b.eventLinks(f)...) // an event folder's event page (events.go)
	for _, p := range f.pages {
		pg.Pages = append(pg.Pages, link{Href: b.pages[p], Text: b.markdownTitle(p)})
	}
	return b.render("page", pg)
}

// gamesOf is the number of games of a record file.
func (b *build) gamesOf(file string) int {
	if e := b.entries[file]; e != nil {
		return len(e.Games)
	}
	return 0
}

// rows are the table rows of games lo to hi (0-based, hi excluded) of a record file.
func (b *build) rows(file string, lo, hi int) []gameRow {
	e := b.entries[file]
	var rows []gameRow
	for n := lo; n < hi; n++ {
		rows = append(rows, newGameRow(b.l, file, n+1, &e.Games[n], len(e.Games) > 1))
	}
	return rows
}

// recordListPage renders page i of the list of a record file's games.
func (b *build) recordListPage(file string, i int) ([]byte, error) {
	name := recordHref(file, i)
	lo, hi, pgr := pageRange(recordHref(file, 1), b.gamesOf(file), i)
	pg := mdPage{pageData: b.newPage(name, "page", path.Base(file)), Pager: pgr, Games: b.rows(file, lo, hi)}
	return b.render("page", pg)
}

// markdownPage renders a Markdown page.
func (b *build) markdownPage(name string) ([]byte, error) {
	href := b.pages[name]
	pg := mdPage{pageData: b.newPage(href, "page", b.markdownTitle(name))}
	body, err := b.readMarkdown(name, pg.Root)
	if err != nil {
		return nil, err
	}
	pg.Body = body
	return b.render("page", pg)
}

func (b *build) readMarkdown(name, root string) (template.HTML, error) {
	src, err := b.readSource(name)
	if err != nil { // shown in place: one unreadable page never stops the site
		return b.pageError(name, err), nil
	}
	return b.s.markdown(string(src), &docContext{b: b, file: name, line: 1, root: root}), nil
}

// countNote says how much a folder holds, for the collection lists.
func (b *build) countNote(f *folder) string {
	var parts []string
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > 0 {
		parts = append(parts, b.l.N("count.games", games))
	}
	if n := len(f.pages); n > 0 {
		parts = append(parts, b.l.N("count.pages", n))
	}
	if n := len(f.subs); n > 0 {
		parts = append(parts, b.l.N("count.collections", n))
	}
	return strings.Join(parts, ", ")
}

// titleOf is the first heading of the folder's index page, or its name.
func (b *build) titleOf(f *folder) string {
	if f.index != "" {
		if t := b.markdownTitle(f.index); t != "" {
			return t
		}
	}
	if f.dir == "." {
		return b.siteTitle()
	}
	return path.Base(f.dir)
}

// siteTitle names the site: Options.Title, else the catalogue's name in the page's language.
func (b *build) siteTitle() string {
	if b.s.opts.Title != "" {
		return b.s.opts.Title
	}
	return b.l.T("layout.title")
}

var heading = regexp.MustCompile(`(?m)^#[ \t]+(.+?)[ \t#]*$`)

// markdownTitle is the first level-one heading of a Markdown file, or its name.
func (b *build) markdownTitle(name string) string {
	src, err := b.readSource(name)
	if err == nil {
		if m := heading.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}
