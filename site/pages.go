package site

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// mdPage is a Markdown page: the home page, a collection's page, a record file's list of games
// or a plain page.
type mdPage struct {
	pageData
	// Heading is the page's level-one heading where no Markdown gives one: a folder without
	// an index.md, a record file's list of games.
	Heading     string
	Body        template.HTML
	Collections []link
	Pages       []link
	Games       []gameRow
	Pager       *pager
}

// folderPage renders a folder's page: its index.md or README.md, its sub-folders, pages and
// record files, and its games if they fit on one page.
func (b *catalogue) folderPage(f *folder) ([]byte, error) {
	title := b.folderTitle(f)
	pg := mdPage{pageData: b.newPage(f.href(), "page", title)}
	if f.index != "" {
		body, err := b.readMarkdown(f.index, pg.Root)
		if err != nil {
			return nil, err
		}
		pg.Body = body
	} else {
		pg.Heading = title
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
func (b *catalogue) gamesOf(file string) int {
	if e := b.entries[file]; e != nil {
		return len(e.Games)
	}
	return 0
}

// rows are the table rows of games lo to hi (0-based, hi excluded) of a record file.
func (b *catalogue) rows(file string, lo, hi int) []gameRow {
	e := b.entries[file]
	var rows []gameRow
	for n := lo; n < hi; n++ {
		rows = append(rows, newGameRow(b.l, file, n+1, &e.Games[n], len(e.Games) > 1))
	}
	return rows
}

// recordListPage renders page i of the list of a record file's games.
func (b *catalogue) recordListPage(file string, i int) ([]byte, error) {
	name := recordHref(file, i)
	lo, hi, pgr := pageRange(recordHref(file, 1), b.gamesOf(file), i)
	pg := mdPage{pageData: b.newPage(name, "page", path.Base(file)), Heading: path.Base(file), Pager: pgr, Games: b.rows(file, lo, hi)}
	return b.render("page", pg)
}

// markdownPage renders a Markdown page.
func (b *catalogue) markdownPage(name string) ([]byte, error) {
	href := b.pages[name]
	pg := mdPage{pageData: b.newPage(href, "page", b.markdownTitle(name))}
	body, err := b.readMarkdown(name, pg.Root)
	if err != nil {
		return nil, err
	}
	pg.Body = body
	return b.render("page", pg)
}

func (b *catalogue) readMarkdown(name, root string) (template.HTML, error) {
	src, err := b.readSource(name)
	if err != nil { // shown in place: one unreadable page never stops the site
		return b.pageError(name, err), nil
	}
	return b.s.markdown(string(src), &docContext{b: b, file: name, line: 1, root: root}), nil
}

// countNote says how much a folder holds, for the collection lists.
func (b *catalogue) countNote(f *folder) string {
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

// titleOf is the first heading of the folder's index page, or its name; "" for the root
// without a heading, whose title is the site's in each page's language (folderTitle).
func (b *catalogue) titleOf(f *folder) string {
	if f.index != "" {
		if t := b.markdownTitle(f.index); t != "" {
			return t
		}
	}
	if f.dir == "." {
		return "" // the site's name, in each page's language (folderTitle)
	}
	return path.Base(f.dir)
}

// folderTitle is a folder's title in the page's language: the root's, without a heading of its
// own, is the site's name.
func (b *catalogue) folderTitle(f *folder) string {
	if f.title == "" {
		return b.siteTitle()
	}
	return f.title
}

var heading = regexp.MustCompile(`(?m)^#[ \t]+(.+?)[ \t#]*$`)

// markdownTitle is the first level-one heading of a Markdown file, or its name.
func (b *catalogue) markdownTitle(name string) string {
	src, err := b.readSource(name)
	if err == nil {
		if m := heading.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}

// maxPage bounds a Markdown page: it is read whole, and rendered.
const maxPage = 16 << 20

// readSource reads the Markdown page name, failing for one larger than maxPage.
func (b *catalogue) readSource(name string) ([]byte, error) {
	f, err := b.src.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxPage+1))
	if err == nil && len(data) > maxPage {
		err = fmt.Errorf("larger than %d MiB; not shown", maxPage>>20)
	}
	return data, err
}

// pageError is the body of a page that cannot be read: its located message, also a warning.
func (b *catalogue) pageError(name string, err error) template.HTML {
	if pe, ok := err.(*fs.PathError); ok { // the location says which file
		err = pe.Err
	}
	msg := fmt.Sprintf("%s:1:1: %v", b.where(name), err)
	b.warn(msg)
	return trustedHTML(`<p class="bao-error" role="alert">` + escapeHTML(msg) + `</p>`) // escaped here
}
