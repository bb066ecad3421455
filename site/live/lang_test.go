package live

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/testgame"
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

// TestAnswersInKiswahili holds the recording links' answers to the reader's language: each
// refusal a phone can meet, asked in Kiswahili, is the Kiswahili catalogue's, and in English
// it is not.
func TestAnswersInKiswahili(t *testing.T) {
	dir, links := newEvent(t, "kiswahili", 4)
	ts, _, _ := serve(t, dir)
	sw, en := lang.Must("sw"), lang.Must("en")
	link := ts.URL + links.Boards[0].Link
	tok := testgame.Line(engine.Kiswahili, 1, 1, 3)[0]
	// English keeps the recorder's own words, which name the ply.
	conflict := func(l *lang.Lang) string {
		if l.Code() == "en" {
			return "the record holds 0 moves"
		}
		return l.N("live.err.conflict", 0)
	}
	cases := []struct {
		name, url, body string
		status          int
		want            func(l *lang.Lang) string
	}{
		{"no such link", ts.URL + "/record/nosuchsecret/moves", move(1, tok), 404,
			func(l *lang.Lang) string { return l.T("live.err.nolink") }},
		{"illegal move", link + "/moves", move(1, "b8>"), 422,
			func(l *lang.Lang) string { return "b8" }},
		{"ply past the next", link + "/moves", move(3, tok), 409, conflict},
		{"undo past the last", link + "/undo", `{"ply":2}`, 409, conflict},
		{"bad body", link + "/moves", `{"ply":0}`, 400,
			func(l *lang.Lang) string { return l.T("live.err.want", "Body", `{"ply":P,"move":"TOKEN"}`) }},
		{"another site", link + "/moves", move(1, tok), 403,
			func(l *lang.Lang) string { return l.T("live.err.site") }},
	}
	for _, c := range cases {
		for _, l := range []*lang.Lang{sw, en} {
			h := []string{"Accept-Language", l.Code()}
			if c.status == 403 {
				h = append(h, "Origin", "https://elsewhere.example")
			}
			r := post(t, c.url, c.body, h...)
			if r.Status != c.status || !strings.Contains(r.Error, c.want(l)) {
				t.Errorf("%s in %s: %d %q, want %d with %q", c.name, l.Code(), r.Status, r.Error, c.status, c.want(l))
			}
			if l == sw {
				for _, s := range englishSentences(t) {
					if strings.Contains(r.Error, s) {
						t.Errorf("%s in Kiswahili: the answer %q holds the English %q", c.name, r.Error, s)
					}
				}
			}
		}
	}
}
