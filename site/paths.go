package site

import (
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// Every output name of the site is made here, from archive-relative, slash-separated source
// names: the pages of folders, Markdown files, record files, games and lists. A game's page is
// named by its file and its number alone, so that any one page can be rendered, or found again
// by bao serve, without reading the rest of the archive; and no folder of the site holds more
// than gamesPerFolder game pages.

// The site's fixed pages and files.
const (
	homeHref       = "index.html"       // the home page, and each folder's page
	listsIndexHref = "lists/index.html" // the values of every facet
	searchHref     = "search.html"      // the search page: client-side, or live under bao serve
	searchDataHref = "search.json"      // the client-side search index's table of its chunks
	playersDir     = "players"          // the players' pages
	notFoundHref   = "404.html"         // the page static hosts answer for an address the site does not have
)

// gamesPerFolder bounds the game pages in one folder of the site: games 1-999 of a file sit in
// its folder, later ones in sub-folders of a thousand each.
const gamesPerFolder = 1000

// outStem is the output name of a source path without its extension: every folder and the
// file's name slugged (slugPath), so that no name of the archive, however hostile
// ("javascript:…", "50%.bgn", "#1.bgn"), reaches a link as anything but a plain relative
// path. Two sources that slug alike are caught when pages are assigned.
func outStem(src string) string { return outDir(strings.TrimSuffix(src, path.Ext(src))) }

// outDir is the output name of an archive folder, "." for the root.
func outDir(dir string) string {
	if dir == "." {
		return "."
	}
	return slugPath(dir)
}

// folderHref is the page of an archive folder, "." for the root.
func folderHref(dir string) string { return path.Join(outDir(dir), "index.html") }

// markdownHref is the page of a Markdown file.
func markdownHref(md string) string { return outStem(md) + ".html" }

// recordHref is the list of the games of a record file, page n (1-based) of it.
func recordHref(file string, n int) string { return pageHref(outStem(file)+"/index.html", n) }

// recordFileHref is the copy of a record file itself, beside the folder of its games' pages,
// for readers to download.
func recordFileHref(file string) string { return outStem(file) + ".bgn" }

// GameHref is the page of game number n (1-based) of a record file, relative to the site root.
func GameHref(file string, n int) string {
	leaf := strconv.Itoa(n) + ".html"
	if n >= gamesPerFolder {
		leaf = strconv.Itoa(n/gamesPerFolder*gamesPerFolder) + "/" + leaf
	}
	return outStem(file) + "/" + leaf
}

// embedHref is the embed page of game n of a record file: its board and moves alone, the one
// page of a site that other sites may show in a frame (bao serve's Content-Security-Policy).
// It sits beside the game's page, so that the links of the moves' comments hold for both.
func embedHref(file string, n int) string {
	return strings.TrimSuffix(GameHref(file, n), ".html") + embedSuffix
}

// embedSuffix ends the name of an embed page: no game page's name ends so (GameHref).
const embedSuffix = ".embed.html"

// IsEmbed tells whether a page of the site is an embed page (embedHref).
func IsEmbed(name string) bool {
	_, _, ok := parseEmbedHref(name)
	return ok
}

// parseEmbedHref reads a name made by embedHref back into the record file's output stem and the
// game's number.
func parseEmbedHref(name string) (stem string, n int, ok bool) {
	rest, ok := strings.CutSuffix(name, embedSuffix)
	if !ok {
		return "", 0, false
	}
	return parseGameHref(rest + ".html")
}

// EventHref is the page of the event in folder dir of the archive ("." for the archive's
// root), as the site and bao serve name it.
func EventHref(dir string) string { return eventHref(dir) }

// parseGameHref reads a name made by GameHref back into the record file's output stem and the
// game's number.
func parseGameHref(name string) (stem string, n int, ok bool) {
	dir, leaf := path.Split(name)
	n, err := strconv.Atoi(strings.TrimSuffix(leaf, ".html"))
	if err != nil || n < 1 || !strings.HasSuffix(leaf, ".html") || dir == "" || leaf != strconv.Itoa(n)+".html" {
		return "", 0, false
	}
	dir = strings.TrimSuffix(dir, "/")
	if n >= gamesPerFolder {
		bucket := strconv.Itoa(n / gamesPerFolder * gamesPerFolder)
		if path.Base(dir) != bucket {
			return "", 0, false
		}
		dir = path.Dir(dir)
	}
	if dir == "." || dir == "" {
		return "", 0, false
	}
	return dir, n, true
}

// plyAnchor is the row of ply n (0: the start) in a game page's table of positions, "#p12".
func plyAnchor(n int) string { return "#p" + strconv.Itoa(n) }

// gamePlyHref is ply n of game number g of a record file: its page at the ply's row.
func gamePlyHref(file string, g, n int) string { return GameHref(file, g) + plyAnchor(n) }

// exploreHref is bao serve's explorer at position bpn of variant; relative to the site root.
func exploreHref(variant, bpn string) string {
	return exploreQueryHref(url.Values{"variant": {variant}, "position": {bpn}})
}

// exploreQueryHref is bao serve's explorer answering the query q; relative to the site root.
func exploreQueryHref(q url.Values) string { return "explore?" + q.Encode() }

// liveSearchHref is bao serve's live search of the query q; relative to the site root.
func liveSearchHref(q url.Values) string { return "search?" + q.Encode() }

// langSwitchHref is the page being read in the language code, as bao serve answers it (a
// built site has each language's pages in their own folder: langDir).
func langSwitchHref(code string) string { return "?lang=" + code }

// langDir is the folder of a language's pages in a built site: "" for the first, "sw/" for
// another.
func langDir(code string, first bool) string {
	if first {
		return ""
	}
	return code + "/"
}

// msgsHref is the script of a language's messages for the site's own scripts.
func msgsHref(code string) string { return "static/msgs." + code + ".js" }

// isListName says whether a page name is one of the lists' or the search's, which read the
// whole archive.
func isListName(name string) bool {
	return strings.HasPrefix(name, "lists/") || strings.HasPrefix(name, "search")
}

// FolderPage is the page of a folder of the site, by its output name ("" or "." for the root),
// as bao serve finds it for an address that names the folder.
func FolderPage(dir string) string { return path.Join(dir, homeHref) }

// isFolderPage says whether a page name is a folder's page; the home page is the root's.
func isFolderPage(name string) bool { return path.Base(name) == homeHref }

// listHref is page n (1-based) of the list of one facet value.
func listHref(kind, slug string, n int) string {
	return pageHref("lists/"+kind+"/"+slug+".html", n)
}

// facetIndexHref is page n of the index of every value of a facet, beside the folder of the
// values' lists.
func facetIndexHref(kind string, n int) string { return pageHref("lists/"+kind+".html", n) }

// pageHref is page n of a paginated list whose first page is first: x.html, x.p2.html, ...
// (a facet's slug holds no dot, so no list's later page is another's first).
func pageHref(first string, n int) string {
	if n <= 1 {
		return first
	}
	return strings.TrimSuffix(first, ".html") + ".p" + strconv.Itoa(n) + ".html"
}

// siteStyleHref is the site's stylesheet, among its own files.
const siteStyleHref = "static/site.css"

// IsStatic tells whether a name of the site is one of its own files (static/), which change
// only with bao itself, where pages change with the archive.
func IsStatic(name string) bool { return strings.HasPrefix(name, "static/") }

// boardStyleHref is the stylesheet of a board as an image (BoardStyle), which the analysis
// board's "Download image" puts into the image it makes.
const boardStyleHref = "static/board.css"

// isPageOf says whether name is one of the pages of a paginated list whose first page is first
// (see pageHref).
func isPageOf(first, name string) bool {
	if name == first {
		return true
	}
	n, ok := strings.CutPrefix(name, strings.TrimSuffix(first, ".html")+".p")
	if !ok {
		return false
	}
	i, err := strconv.Atoi(strings.TrimSuffix(n, ".html"))
	return err == nil && i > 1 && pageHref(first, i) == name
}

// searchChunkHref is chunk i of the client-side search index.
func searchChunkHref(i int) string { return "search/" + strconv.Itoa(i) + ".json" }

// eventHref is the page of the event whose event.toml is in an archive folder, beside the
// folder's own index.html.
func eventHref(dir string) string { return path.Join(outDir(dir), "event.html") }

// playerHref is the page of a player, by the one name players.toml gives them: the name as
// event.Key reduces it ("Juma, Ali" is "ali juma"), slugged. Names that reduce alike are one
// page.
func playerHref(name string) string {
	return playersDir + "/" + notation.Slug(event.Key(name)) + ".html"
}
