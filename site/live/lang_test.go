package live

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/internal/lang"
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
