package live

import (
	"bytes"
	"html/template"
	"net/http"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// pageData is what the live pages' templates are given.
type pageData struct {
	Lang    *lang.Lang
	Title   string
	Event   string
	Rounds  []int
	Round   int
	Boards  []*state // the round's boards
	Board   *state   // the game page's or the recording page's
	Write   string   // the recording page: the link it writes through
	Arbiter bool     // the recording page is the arbiter's
	Links   []arbLink
	Home    string       // the event's page on the site
	Engine  *engineFiles // the recording page's input and engine
}

// arbLink is a board on the arbiter's page, with the address that records it.
type arbLink struct {
	*state
	Href string
}

// parsePages parses the live pages' templates once for each language, with the site's
// template functions ({{t "id"}}) and the live pages' own.
func parsePages() (map[string]*template.Template, error) {
	out := map[string]*template.Template{}
	for _, code := range lang.Codes {
		l := lang.Must(code)
		fm := site.Funcs(l)
		fm["board"] = func(st *state) template.HTML { return st.svg[code] }
		fm["info"] = func(st *state) string { return st.Info[code] }
		fm["result"] = func(r string) string { return resultText(l, r) }
		fm["ended"] = func(term string) string { return site.Ended(l, term) }
		t, err := template.New("").Funcs(fm).ParseFS(assets, "assets/*.html")
		if err != nil {
			return nil, err
		}
		out[code] = t
	}
	return out, nil
}

// resultText is a result as shown: "1-0", "½-½", or that the game is being played.
func resultText(l *lang.Lang, r string) string {
	switch r {
	case "1/2-1/2":
		return "½-½"
	case "*", "":
		return l.T("live.playing")
	}
	return r
}

// language is the reader's language: the site server's choice (Server.Language), else the
// browser's. ok is false when the answer was written (a redirect keeping a chosen language).
func (sv *Server) language(w http.ResponseWriter, r *http.Request) (l *lang.Lang, ok bool) {
	if sv.Language != nil {
		return sv.Language(w, r)
	}
	w.Header().Add("Vary", "Accept-Language")
	return lang.Match(r.Header.Get("Accept-Language")), true
}

func (sv *Server) page(l *lang.Lang, title string, boards []*state) pageData {
	return pageData{Lang: l, Title: title, Event: sv.cfg.Name, Rounds: sv.rounds(), Boards: boards,
		Home: "/" + site.EventHref(".")}
}

// render writes template name with data, in data's language.
func (sv *Server) render(w http.ResponseWriter, name string, data pageData) {
	var b bytes.Buffer
	if err := sv.pages[data.Lang.Code()].ExecuteTemplate(&b, name, data); err != nil {
		sv.logf("live page %s: %v", name, err)
		http.Error(w, data.Lang.T("error.internal"), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b.Bytes())
}

// roundPage shows every board of a round, each following its game.
func (sv *Server) roundPage(w http.ResponseWriter, r *http.Request, l *lang.Lang, round int) {
	boards := sv.states(round)
	if len(boards) == 0 {
		sv.notFound(w, r, l)
		return
	}
	d := sv.page(l, l.T("live.round", "Round", round), boards)
	d.Round = round
	sv.render(w, "round", d)
}

// gamePage follows one board's game, its moves from the start.
func (sv *Server) gamePage(w http.ResponseWriter, r *http.Request, l *lang.Lang, k key) {
	b := sv.boardOf(k)
	if b == nil {
		sv.notFound(w, r, l)
		return
	}
	sv.mu.Lock()
	st := b.state
	sv.mu.Unlock()
	d := sv.page(l, st.South+" – "+st.North, nil)
	d.Round, d.Board = k.round, st
	sv.render(w, "game", d)
}

// recordPage is a board's recording page, for a phone.
func (sv *Server) recordPage(w http.ResponseWriter, l *lang.Lang, b *board, write string, arbiter bool) {
	sv.mu.Lock()
	st := b.state
	sv.mu.Unlock()
	d := sv.page(l, l.T("live.record.title", "Board", b.k.String()), nil)
	d.Round, d.Board, d.Write, d.Arbiter = b.k.round, st, write, arbiter
	eng, err := loadEngine()
	if err != nil {
		sv.logf("the engine for the recording page: %v", err)
		http.Error(w, l.T("error.internal"), http.StatusInternalServerError)
		return
	}
	d.Engine = eng
	// The link is the page's own address: keep it out of the history's other pages and the
	// referrer (the site's headers send none).
	w.Header().Set("X-Robots-Tag", "noindex")
	// The one page that runs the engine: WebAssembly, in a worker of its own origin.
	w.Header().Set("Content-Security-Policy", recordPolicy)
	sv.render(w, "record", d)
}

// arbiterPage lists every board of the event, each with its recording page under the
// arbiter's link.
func (sv *Server) arbiterPage(w http.ResponseWriter, r *http.Request, l *lang.Lang, base string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, l.T("live.err.method"))
		return
	}
	d := sv.page(l, l.T("live.arbiter"), nil)
	d.Arbiter = true
	for _, st := range sv.states(0) {
		d.Links = append(d.Links, arbLink{st, base + "/" + key{st.Round, st.Board}.String()})
	}
	w.Header().Set("X-Robots-Tag", "noindex")
	sv.render(w, "arbiter", d)
}
