package site

import (
	"bytes"
	"embed"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/site/webengine"
	"html/template"
	"io/fs"
	"sync"
)

// files holds the page templates and the static assets (CSS, JS) copied to every site.
//
//go:embed templates/*.html static
var files embed.FS

// pageKinds are the page templates; each is parsed over its own copy of the shared ones
// (layout, board, games table) so that every page can define "main" and "scripts".
var pageKinds = []string{"page", "game", "puzzle", "list", "search", "results", "explore", "problem", "event", "player"}

// templateSet is the parsed templates: immutable, shared by every Site and goroutine.
type templateSet struct {
	shared *template.Template // board and diagram, executed inside Markdown output
	pages  map[string]*template.Template
}

// parsedTemplates parses the embedded templates once per process.
var parsedTemplates = sync.OnceValues(func() (*templateSet, error) {
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	// count writes a number of things for readers: "1 game", "10,000 games"; engineWorker
	// names the script of the engine in the browser.
	shared, err := template.New("").Funcs(template.FuncMap{"count": english.Grouped,
		"engineWorker": func() string { return eng.Worker }}).ParseFS(files,
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
})

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
