package site

import (
	"io/fs"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
	"github.com/bao-archive/bao/site/webengine"
)

// pageFunc renders one page from the catalogue (of a build, or of a view of it).
type pageFunc func(c *catalogue) ([]byte, error)

// routes maps every page made from the catalog (folders, Markdown pages, record files' lists,
// the lists, the event and player pages, the search page and its index, the page of a missing
// address) and every asset to what renders it. Game pages are
// not among them: a build streams them, and bao serve finds them by their names (GameHref).
func (b *catalogue) routes() (map[string]pageFunc, error) {
	assets, err := staticFiles()
	if err != nil {
		return nil, err
	}
	r := map[string]pageFunc{}
	for _, f := range b.folders {
		r[f.href()] = func(v *catalogue) ([]byte, error) { return v.folderPage(f) }
		for _, p := range f.pages {
			r[b.pages[p]] = func(v *catalogue) ([]byte, error) { return v.markdownPage(p) }
		}
	}
	for _, file := range b.records {
		r[recordFileHref(file)] = func(v *catalogue) ([]byte, error) { return fs.ReadFile(v.src, file) }
		eachPage(b.gamesOf(file), func(i int) {
			r[recordHref(file, i)] = func(v *catalogue) ([]byte, error) { return v.recordListPage(file, i) }
		})
	}
	r[listsIndexHref] = (*catalogue).listsIndexPage
	for _, fk := range facetKinds {
		if n := len(b.facets[fk.kind]); n > gamesPerPage { // more than the lists' index shows
			eachPage(n, func(i int) {
				r[facetIndexHref(fk.kind, i)] = func(v *catalogue) ([]byte, error) { return v.facetIndexPage(fk.kind, fk.name, i) }
			})
		}
		for slug, fv := range b.facets[fk.kind] {
			eachPage(len(fv.games), func(i int) {
				r[listHref(fk.kind, slug, i)] = func(v *catalogue) ([]byte, error) { return v.facetPage(fk.kind, fk.name, slug, i) }
			})
		}
	}
	for _, ev := range b.events {
		eachPage(len(ev.games), func(i int) {
			r[pageHref(ev.href, i)] = func(v *catalogue) ([]byte, error) { return v.eventPage(ev, i) }
		})
	}
	for href, p := range b.players {
		eachPage(len(p.games), func(i int) {
			r[pageHref(href, i)] = func(v *catalogue) ([]byte, error) { return v.playerPage(p, i) }
		})
	}
	r[searchHref] = (*catalogue).searchPage
	r[notFoundHref] = (*catalogue).notFoundAlone
	r[searchDataHref] = func(v *catalogue) ([]byte, error) { return v.searchData().index, nil }
	for i := range b.searchData().chunks {
		r[searchChunkHref(i)] = func(v *catalogue) ([]byte, error) { return v.searchData().chunks[i], nil }
	}
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	for name, data := range eng.Files {
		assets[name] = data
	}
	for name, data := range assets {
		r[name] = func(*catalogue) ([]byte, error) { return data, nil }
	}
	r[boardStyleHref] = func(*catalogue) ([]byte, error) { return []byte(BoardStyle() + board.ImageStyle), nil }
	for _, l := range append([]*lang.Lang{b.l}, b.langs...) {
		r[msgsHref(l.Code())] = func(*catalogue) ([]byte, error) { return msgsScript(l), nil }
	}
	return r, nil
}
