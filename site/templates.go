package site

import (
	"bytes"
	"embed"
	"encoding/json"
	"html/template"
	"io/fs"
	"maps"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/webengine"
)

// files holds the page templates and the static assets (CSS, JS) copied to every site.
//
//go:embed templates/*.html templates/notfound.js static
var files embed.FS

// pageKinds are the page templates; each is parsed over its own copy of the shared ones
// (layout, board, games table) so that every page can define "main" and "scripts".
var pageKinds = []string{"page", "game", "puzzle", "list", "search", "results", "explore", "problem", "event", "player", "embed", "error"}

// templateSet is the parsed templates of one language: immutable, shared by every Site and
// goroutine.
type templateSet struct {
	shared *template.Template // board and diagram, executed inside Markdown output
	pages  map[string]*template.Template
}

// scriptPrefixes mark the messages the page scripts (static/*.js) use: every page loads those
// of its language from static/msgs.<code>.js (msgsScript) before the scripts. The words of
// the sowing steps (step.) are the viewer's, said by the build, and the analysis board's,
// said by the script from what the engine in the browser names (sowing.Words).
var scriptPrefixes = []string{"js.", "step."}

// msgsScript is static/msgs.<code>.js: the page scripts' messages of language l, as
// window.baoMsgs, {"js.next": "Next ›", "js.status": {"one": …, "other": …}, …}.
func msgsScript(l *lang.Lang) []byte {
	msgs := map[string]any{}
	for _, p := range scriptPrefixes {
		maps.Copy(msgs, l.Messages(p))
	}
	data, err := json.Marshal(msgs)
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	return append(append([]byte("window.baoMsgs = "), data...), ";\n"...)
}

// funcs are the template functions of a language. Every user-visible word of a template comes
// from the language's catalogue through them (a test holds the templates to it):
//
//	{{t "id" "Name" value ...}}   a message, with named arguments
//	{{n "id" count "Name" value}} a message in the plural form of count ({{.N}} in the text)
//	{{th "id" ...}}, {{nh ...}}   the same for a message holding HTML; the arguments are escaped
//	{{num 10000}}, {{date "1998.03.14"}}  a number and a record's date as the language writes them
//	{{tag "Event"}}               a tag's name as the language says it
//	{{lang}}                      the language's code
//	{{template "pager" (above .)}} the pager above a list, (below .) the one below it
func funcs(l *lang.Lang) template.FuncMap {
	return template.FuncMap{
		"t":     l.T,
		"n":     l.N,
		"th":    func(id string, args ...any) template.HTML { return trustedHTML(l.T(id, escapeArgs(args)...)) },
		"nh":    func(id string, n int, args ...any) template.HTML { return trustedHTML(l.N(id, n, escapeArgs(args)...)) },
		"num":   l.Number,
		"date":  l.Date,
		"tag":   func(name string) string { return tagName(l, name) },
		"lang":  l.Code,
		"join":  func(s []string) string { return strings.Join(s, ", ") },
		"atoi":  func(s string) int { n, _ := strconv.Atoi(s); return n },
		"above": func(page any) pagerAt { return pagerAt{Page: page} },
		"below": func(page any) pagerAt { return pagerAt{Page: page, Below: true} },
	}
}

// pagerAt is the data of the "pager" template: the page, and whether the pager is the one
// below its list (two navigation landmarks on a page need two names).
type pagerAt struct {
	Page  any
	Below bool
}

// escapeArgs escapes the string arguments of a message holding HTML: the catalogue's text is
// trusted, what the archive gives it is not.
func escapeArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok && i%2 == 1 {
			a = escapeHTML(s)
		}
		out[i] = a
	}
	return out
}

// tagName is how the language names a record's tag (tag.Event); a tag the catalogue does not
// know keeps its own name.
func tagName(l *lang.Lang, name string) string {
	if l.Has("tag." + name) {
		return l.T("tag." + name)
	}
	return name
}

// parsedTemplates parses the embedded templates once per process, for each language.
var parsedTemplates = sync.OnceValues(func() (map[string]*templateSet, error) {
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	out := map[string]*templateSet{}
	for _, code := range lang.Codes {
		l, err := lang.Get(code)
		if err != nil {
			return nil, err
		}
		ts, err := parseTemplates(l, eng.Worker)
		if err != nil {
			return nil, err
		}
		out[code] = ts
	}
	return out, nil
})

// parseTemplates parses the templates of language l; worker names the script of the engine in
// the browser (engineWorker).
func parseTemplates(l *lang.Lang, worker string) (*templateSet, error) {
	fm := funcs(l)
	fm["engineWorker"] = func() string { return worker }
	fm["boardStyleHref"] = func() string { return boardStyleHref }
	shared, err := template.New("").Funcs(fm).ParseFS(files,
		"templates/layout.html", "templates/board.html", "templates/games.html", "templates/evalgraph.html")
	if err != nil {
		return nil, err
	}
	ts := &templateSet{shared: shared, pages: map[string]*template.Template{}}
	for _, kind := range pageKinds {
		t, err := shared.Clone()
		if err != nil {
			return nil, err
		}
		if ts.pages[kind], err = t.ParseFS(files, "templates/"+kind+".html"); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// render executes the layout of page kind with data.
func (ts *templateSet) render(kind string, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := ts.pages[kind].ExecuteTemplate(&b, "layout", data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// staticFiles lists the assets under static/, as paths relative to the site root.
func staticFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(files, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := files.ReadFile(name)
		out[name] = b
		return err
	})
	return out, err
}

// Funcs are the template functions of language l (funcs), for the pages other packages draw.
func Funcs(l *lang.Lang) template.FuncMap { return funcs(l) }

// StaticFile is the site's file static/name as the site serves it (static/analysis.js, say),
// for the pages other packages serve.
func StaticFile(name string) ([]byte, error) { return files.ReadFile(path.Join("static", name)) }

// MsgsScript is the page scripts' messages of language l, as static/msgs.<code>.js holds them.
func MsgsScript(l *lang.Lang) []byte { return msgsScript(l) }
