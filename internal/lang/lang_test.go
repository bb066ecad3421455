package lang

import (
	"errors"
	"regexp"
	"slices"
	"testing"
)

// TestParity fails when a message is in one catalogue and not the other, when one has plural
// forms the other lacks, or when their texts name different arguments: a translation that
// drops {{.N}} or renames it would print nothing in its place.
func TestParity(t *testing.T) {
	en, sw := Must("en"), Must("sw")
	for _, pair := range [][2]*Lang{{en, sw}, {sw, en}} {
		for _, id := range pair[0].IDs() {
			if !pair[1].Has(id) {
				t.Errorf("%s has %q, %s does not", pair[0].Code(), id, pair[1].Code())
			}
		}
	}
	arg := regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)
	names := func(texts []string) []string {
		var out []string
		for _, s := range texts {
			for _, m := range arg.FindAllStringSubmatch(s, -1) {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
		}
		slices.Sort(out)
		return out
	}
	for _, id := range en.IDs() {
		if !sw.Has(id) {
			continue
		}
		ef, sf := en.Forms(id), sw.Forms(id)
		if (len(ef) > 1) != (len(sf) > 1) {
			t.Errorf("%s: en has %d forms, sw %d: a plural message is plural in both", id, len(ef), len(sf))
		}
		// Plural forms may leave out the count ("the most played event"); the arguments
		// besides it are the same.
		strip := func(s []string) []string { return slices.DeleteFunc(s, func(n string) bool { return n == "N" }) }
		if e, s := strip(names(ef)), strip(names(sf)); !slices.Equal(e, s) {
			t.Errorf("%s: en names %v, sw names %v", id, e, s)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
		want string
	}{
		{"en", 0, "0 games"}, {"en", 1, "1 game"}, {"en", 10000, "10,000 games"},
		{"sw", 0, "michezo 0"}, {"sw", 1, "mchezo 1"}, {"sw", 2, "michezo 2"}, {"sw", 1281, "michezo 1,281"},
	} {
		if got := Must(c.code).N("count.games", c.n); got != c.want {
			t.Errorf("%s N(count.games, %d) = %q, want %q", c.code, c.n, got, c.want)
		}
	}
}

func TestArguments(t *testing.T) {
	if got := Must("sw").T("pager.page", "Page", 2, "Pages", 1200, "Counted", "michezo 3"); got != "ukurasa 2 kati ya 1,200, michezo 3" {
		t.Errorf("pager.page = %q", got)
	}
	if got := Must("en").T("board.tomove", "Side", "South"); got != "South to move" {
		t.Errorf("board.tomove = %q", got)
	}
}

func TestDate(t *testing.T) {
	for _, c := range []struct{ code, in, want string }{
		{"en", "1998.03.14", "14 March 1998"}, {"sw", "1998.03.14", "14 Machi 1998"},
		{"en", "1998.03.??", "March 1998"}, {"sw", "2026.08.??", "Agosti 2026"},
		{"sw", "1998.??.??", "1998"}, {"en", "????.??.??", ""}, {"en", "", ""},
		{"en", "14/03/1998", "14/03/1998"}, {"en", "1998.13.01", "1998"},
	} {
		if got := Must(c.code).Date(c.in); got != c.want {
			t.Errorf("%s Date(%q) = %q, want %q", c.code, c.in, got, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	for accept, want := range map[string]string{
		"": "en", "sw": "sw", "sw-TZ,sw;q=0.9,en;q=0.8": "sw", "en-GB,en;q=0.9": "en",
		"fr-FR,fr;q=0.9": "en", "fr,sw;q=0.5": "sw", "garbage;;q=x": "en",
	} {
		if got := Match(accept).Code(); got != want {
			t.Errorf("Match(%q) = %s, want %s", accept, got, want)
		}
	}
}

func TestGet(t *testing.T) {
	if l, err := Get(""); err != nil || l.Code() != "en" {
		t.Errorf(`Get("") = %v, %v`, l, err)
	}
	if _, err := Get("fr"); !errors.Is(err, ErrUnknown) {
		t.Errorf(`Get("fr") = %v, want ErrUnknown`, err)
	}
}

func TestMessages(t *testing.T) {
	m := Must("sw").Messages("js.")
	if m["js.skip"] != "Ruka hadi mwisho wa hatua" {
		t.Errorf("js.skip = %v", m["js.skip"])
	}
	if forms, ok := m["js.status"].(map[string]string); !ok || forms["one"] == "" || forms["other"] == "" {
		t.Errorf("js.status = %v, want its plural forms", m["js.status"])
	}
	for id := range m {
		if id[:3] != "js." {
			t.Errorf("Messages(js.) holds %s", id)
		}
	}
}
