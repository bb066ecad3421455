package live

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// TestRecordPageInKiswahili asks for a recording page in Kiswahili (Accept-Language) and
// fails when it is not marked lang="sw" or when its text holds a sentence of the English
// catalogue that the Kiswahili one does not share.
func TestRecordPageInKiswahili(t *testing.T) {
	dir, links := newEvent(t, "kiswahili", 4)
	ts, _, _ := serve(t, dir)
	req, _ := http.NewRequest("GET", ts.URL+links.Boards[0].Link, nil)
	req.Header.Set("Accept-Language", "sw-TZ, en;q=0.5")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	if resp.StatusCode != 200 || !strings.Contains(page, `<html lang="sw">`) {
		t.Fatalf("status %d, want 200 and <html lang=\"sw\">:\n%.300s", resp.StatusCode, page)
	}
	if !strings.Contains(page, "/live/msgs.sw.js") {
		t.Error("the page does not load the scripts' Kiswahili messages")
	}
	text := regexp.MustCompile(`(?s)<script.*?</script>|<[^>]*>`).ReplaceAllString(page, " ")
	text = strings.Join(strings.Fields(text), " ")
	for _, s := range englishSentences(t) {
		if strings.Contains(text, s) {
			t.Errorf("the Kiswahili recording page holds the English %q", s)
		}
	}
	if strings.Count(text, lang.Must("sw").T("live.south")) == 0 {
		t.Errorf("no %q on the page: %s", lang.Must("sw").T("live.south"), text)
	}
}

// englishSentences are the runs of two words or more of the English catalogue's messages
// (between their arguments) that the Kiswahili catalogue does not hold as well.
func englishSentences(t *testing.T) []string {
	t.Helper()
	en, sw := lang.Must("en").Messages(""), lang.Must("sw").Messages("")
	cut := regexp.MustCompile(`{{[^}]*}}|<[^>]*>`)
	sentence := regexp.MustCompile(`\p{L}{2,}[ ,;']+\p{L}{2,}`)
	var out []string
	for id, m := range en {
		forms := []string{}
		switch m := m.(type) {
		case string:
			forms = append(forms, m)
		case map[string]string:
			forms = append(forms, m["one"], m["other"])
		}
		for _, f := range forms {
			for _, part := range cut.Split(f, -1) {
				part = strings.TrimSpace(part)
				if sentence.MatchString(part) && !strings.Contains(strings.ToLower(strings.TrimSpace(toString(sw[id]))), strings.ToLower(part)) {
					out = append(out, part)
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no English sentence in the catalogue")
	}
	return out
}

func toString(m any) string {
	switch m := m.(type) {
	case string:
		return m
	case map[string]string:
		return m["one"] + " " + m["other"]
	}
	return ""
}

// TestAnswersInKiswahili holds the recording links' and the broadcast's answers to the
// reader's language: each refusal a phone or a spectator can meet, asked with
// Accept-Language sw, is the Kiswahili catalogue's message and holds no English sentence;
// asked in English, it is the English catalogue's (a move that cannot be played: the
// engine's own words, which name it). The status codes are those of the contract.
func TestAnswersInKiswahili(t *testing.T) {
	dir, links := newEvent(t, "kiswahili", 4)
	ts, _, _ := serve(t, dir)
	sw, en := lang.Must("sw"), lang.Must("en")
	link, link2 := ts.URL+links.Boards[0].Link, ts.URL+links.Boards[1].Link
	arbiter, err := event.ArbiterLink(dir)
	if err != nil {
		t.Fatal(err)
	}
	start := engine.Kiswahili.Start()
	tok := testgame.Line(engine.Kiswahili, 1, 1, 3)[0]
	var legal []string
	for _, c := range start.Children(nil) {
		legal = append(legal, engine.Kiswahili.FormatMove(c.Move))
	}
	slices.Sort(legal)
	// A token that fits more than one move: a pit without its direction, some plies in.
	line, ambiguous := ambiguousAfter(t, engine.Kiswahili)
	for i, m := range line {
		if r := post(t, link2+"/moves", move(i+1, m)); r.Status != 200 {
			t.Fatalf("board 2, move %d %s: %+v", i+1, m, r)
		}
	}
	msg := func(id string, args ...any) func(l *lang.Lang) string {
		return func(l *lang.Lang) string { return l.T(id, args...) }
	}
	conflict := func(n int) func(l *lang.Lang) string {
		return func(l *lang.Lang) string { return l.N("live.err.conflict", n) }
	}
	type ask struct {
		name, method, url, body string
		header                  []string
		status                  int
		want                    func(l *lang.Lang) string
	}
	cases := []ask{
		{"no such link", "POST", ts.URL + "/record/nosuchsecret/moves", move(1, tok), nil, 404, msg("live.err.nolink")},
		{"the arbiter's link, no board", "POST", ts.URL + arbiter + "/board/moves", move(1, tok), nil, 404, msg("live.err.where")},
		{"the arbiter's link, a board not paired", "POST", ts.URL + arbiter + "/1.9/moves", move(1, tok), nil, 404, msg("live.err.noboard", "Round", 1, "Board", 9)},
		{"a page asked with POST", "POST", link, "{}", nil, 405, msg("live.err.method")},
		{"no such action", "POST", link + "/jump", "{}", nil, 404, msg("live.err.action")},
		{"a move asked with GET", "GET", link + "/moves", "", nil, 405, msg("live.err.post")},
		{"another site", "POST", link + "/moves", move(1, tok), []string{"Origin", "https://elsewhere.example"}, 403, msg("live.err.site")},
		{"not JSON", "POST", link + "/moves", move(1, tok), []string{"Content-Type", "text/plain"}, 415, msg("live.err.json")},
		{"too large", "POST", link + "/moves", strings.Repeat(" ", 5000), nil, 413, msg("live.err.large")},
		{"bad body", "POST", link + "/moves", `{"ply":0}`, nil, 400, msg("live.err.want", "Body", `{"ply":P,"move":"TOKEN"}`)},
		{"a clock that is not a time", "POST", link + "/moves", `{"ply":1,"move":"` + tok + `","clock":"25 minutes"}`, nil, 400,
			msg("live.err.clock", "Clock", "25 minutes")},
		{"an illegal move", "POST", link + "/moves", move(1, "b8>"), nil, 422, func(l *lang.Lang) string {
			if l.Code() == "en" {
				return "illegal move b8>"
			}
			return l.T("record.illegal", "Move", "b8>", "Legal", strings.Join(legal, " "))
		}},
		{"a move that fits more than one", "POST", link2 + "/moves", move(len(line)+1, ambiguous.token), nil, 422,
			msg("live.err.ambiguous", "Move", ambiguous.token, "Legal", strings.Join(ambiguous.fits, " "))},
		{"a ply past the next", "POST", link + "/moves", move(3, tok), nil, 409, conflict(0)},
		{"an undo past the last", "POST", link + "/undo", `{"ply":2}`, nil, 409, conflict(0)},
		{"a result that is not one", "POST", link + "/result", `{"result":"2-0"}`, nil, 400,
			msg("live.err.want", "Body", `{"result":"1-0|0-1|1/2-1/2|*","termination":"`+strings.Join(terminations, "|")+`"}`)},
		{"a stream of nothing", "GET", ts.URL + LivePrefix + "stream?round=-1", "", nil, 400, msg("live.err.stream")},
		{"no such round", "GET", ts.URL + LivePrefix + "round-9.html", "", nil, 404, msg("error.notfound")},
		{"no such board", "GET", ts.URL + LivePrefix + "1.9.html", "", nil, 404, msg("error.notfound")},
		{"the broadcast asked with POST", "POST", ts.URL + LivePrefix + "round-1.html", "{}", nil, 405, msg("error.method")},
	}
	check := func(c ask) {
		t.Helper()
		for _, l := range []*lang.Lang{sw, en} {
			status, answer := askFor(t, c.method, c.url, c.body, append([]string{"Accept-Language", l.Code()}, c.header...)...)
			if status != c.status || !strings.Contains(answer, c.want(l)) {
				t.Errorf("%s, in %s: %d %q, want %d with %q", c.name, l.Code(), status, answer, c.status, c.want(l))
			}
			if l == sw {
				// A body to send, in JSON, names the contract's own values (time forfeit).
				said := jsonBody.ReplaceAllString(answer, " ")
				for _, s := range englishSentences(t) {
					if strings.Contains(said, s) {
						t.Errorf("%s, in Kiswahili: the answer %q holds the English %q", c.name, answer, s)
					}
				}
			}
		}
	}
	for _, c := range cases {
		check(c)
	}
	// Another writer holds board 2 (bao record --event at a terminal).
	held, err := event.LockBoard(dir, 1, 2, "a terminal")
	if err != nil {
		t.Fatal(err)
	}
	check(ask{"a board another writer holds", "POST", link2 + "/moves", move(len(line)+1, ambiguous.fits[0]), nil, 409, msg("live.err.busy")})
	held.Unlock()
	// A game over: a move after the result, and a result the game cannot have.
	if r := post(t, link+"/moves", move(1, tok)); r.Status != 200 {
		t.Fatalf("board 1, move 1: %+v", r)
	}
	if r := post(t, link+"/result", `{"result":"1-0","termination":"resignation"}`); r.Status != 200 {
		t.Fatalf("board 1, result: %+v", r)
	}
	check(ask{"a move after the result", "POST", link + "/moves", move(2, tok), nil, 409, msg("live.err.finished", "Result", "1-0")})
	check(ask{"a result the game cannot have", "POST", link + "/result", `{"result":"0-1","termination":"unrecorded"}`, nil, 400,
		msg("live.err.badresult", "Result", "0-1", "Termination", "unrecorded")})
	check(ask{"the arbiter's result the moves contradict", "POST", ts.URL + arbiter + "/1.1/result", `{"result":"0-1","termination":"unrecorded"}`, nil, 409,
		msg("live.err.contradicted")})
	// Guessing links: slowed down, in the reader's language too.
	for _, l := range []*lang.Lang{sw, en} {
		status, answer := 0, ""
		for i := 0; i < 100 && status != 429; i++ {
			status, answer = askFor(t, "POST", ts.URL+"/record/guess"+strconv.Itoa(i)+"/moves", move(1, tok), "Accept-Language", l.Code(), "X-Guess", l.Code())
		}
		if status != 429 || !strings.Contains(answer, l.T("live.err.toomany")) {
			t.Errorf("guessing links, in %s: %d %q, want 429 with %q", l.Code(), status, answer, l.T("live.err.toomany"))
		}
		time.Sleep(1100 * time.Millisecond) // a token back for the next language's first guesses
	}
}

var jsonBody = regexp.MustCompile(`{[^{}]*}`)

// askFor sends a request with the headers given as pairs (a JSON body's Content-Type unless
// one is given) and returns its status and what it says: the "error" of a JSON answer, else
// its text.
func askFor(t *testing.T, method, url, body string, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var r struct {
		Error string `json:"error"`
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && json.Unmarshal(data, &r) == nil {
		return resp.StatusCode, r.Error
	}
	return resp.StatusCode, string(data)
}

// fitting is a token that fits more than one legal move, and the moves it fits.
type fitting struct {
	token string
	fits  []string
}

// ambiguousAfter finds, along a line of play of v, the first position where a pit alone fits
// more than one legal move; it returns the moves to it and that pit.
func ambiguousAfter(t *testing.T, v *engine.Variant) ([]string, fitting) {
	t.Helper()
	for k := 0; k < 5; k++ {
		p := v.Start()
		var line []string
		for range 40 {
			cs := p.Children(nil)
			if len(cs) == 0 || p.Status() != engine.Ongoing {
				break
			}
			for _, c := range cs {
				pit := pitName(v.FormatMove(c.Move))
				var me *engine.MoveError
				if _, err := p.ParseMove(pit); errors.As(err, &me) && errors.Is(err, engine.ErrAmbiguousMove) {
					return line, fitting{pit, me.Legal}
				}
			}
			c := cs[(k+3*len(line))%len(cs)]
			line = append(line, v.FormatMove(c.Move))
			p = c.Position
		}
	}
	t.Fatal("no position with a pit that fits more than one move")
	return nil, fitting{}
}

// TestStateBadStartInKiswahili gives the live pages a record whose first position cannot be
// read: the line under the board says so in each language's words, not in the reader's
// (English) error alone.
func TestStateBadStartInKiswahili(t *testing.T) {
	recs, err := notation.Parse("bad.bgn", strings.NewReader("[Variant \"Bao la Kiswahili\"]\n[SetUp \"1\"]\n[Position \"1,2,3\"]\n\n*\n"))
	if err != nil || len(recs) != 1 {
		t.Fatal(recs, err)
	}
	st := stateOf(key{1, 1}, recs[0], "")
	for _, code := range lang.Codes {
		want := lang.Must(code).T("live.err.start", "Error", "")
		want = want[:strings.Index(want, "(")]
		if !strings.HasPrefix(st.Info[code], want) || !strings.Contains(st.Info[code], "Position") {
			t.Errorf("%s: the line under the board is %q, want %q… naming the tag", code, st.Info[code], want)
		}
	}
}
