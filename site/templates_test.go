package site

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/internal/lang"
)

// TestNoStraySentence fails when a page template holds words a reader sees that do not come
// from the catalogues: text between tags, or an attribute a reader or a screen reader is
// given (aria-label, title, placeholder, alt). Everything inside {{…}} is the template's.
func TestNoStraySentence(t *testing.T) {
	action := regexp.MustCompile(`(?s){{.*?}}`)
	comment := regexp.MustCompile(`(?s)<!--.*?-->|&#?\w+;`) // and character references
	tag := regexp.MustCompile(`(?s)<[^>]*>`)
	attr := regexp.MustCompile(`\b(aria-label|title|placeholder|alt)="([^"]*)"`)
	word := regexp.MustCompile(`\p{L}{2,}`)
	for name, data := range pageFiles(t, "templates/*.html", "*.html") {
		if name == "live/assets/sheet.html" {
			continue // the printed sheet of links, made by the command line, which is English
		}
		src := comment.ReplaceAllString(action.ReplaceAllString(string(data), ""), "")
		for _, m := range attr.FindAllStringSubmatch(src, -1) {
			if w := word.FindString(m[2]); w != "" {
				t.Errorf("%s: %s=%q holds %q, not from a catalogue", name, m[1], m[2], w)
			}
		}
		for _, text := range tag.Split(src, -1) {
			if w := word.FindString(text); w != "" {
				t.Errorf("%s: the text %q holds %q, not from a catalogue", name, strings.TrimSpace(text), w)
			}
		}
	}
}

// TestTemplateMessages renders every page kind of the example archives in both languages and
// fails on a message a catalogue does not hold.
func TestTemplateMessages(t *testing.T) {
	for _, code := range lang.Codes {
		src := fixture(t, "archive.txtar")
		s, err := New(Options{Langs: []string{code}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.build(t.Context(), src, &memOutput{files: map[string][]byte{}}); err != nil {
			t.Fatal(err)
		}
		src = fixture(t, "events.txtar")
		if _, err := s.build(t.Context(), src, &memOutput{files: map[string][]byte{}}); err != nil {
			t.Fatal(err)
		}
	}
	if m := lang.Missing(); len(m) > 0 {
		t.Errorf("messages asked for and missing: %v", m)
	}
}

// TestScriptsHaveNoSentence fails when a page script (static/*.js) holds words of its own
// instead of msg(): in a string literal, an aria-label, title or placeholder with a word, or,
// outside quoted attribute values, tags and [selectors], two words in a row or a capitalised
// word.
func TestScriptsHaveNoSentence(t *testing.T) {
	literal := regexp.MustCompile(`'((?:[^'\\\n]|\\.)*)'`)
	attr := regexp.MustCompile(`\b(aria-label|title|placeholder|alt)="([^"]*)"`)
	strip := regexp.MustCompile(`"[^"]*"|<[^>]*>|\[[^\]]*\]`)
	sentence := regexp.MustCompile(`\p{L}{2,}[ ,;]+\p{L}{2,}|\b\p{Lu}\p{Ll}+\b`)
	word := regexp.MustCompile(`\p{L}{2,}`)
	// the script's own: a directive, a key's name, a header's, a CSS selector
	code := regexp.MustCompile(`^(use strict|Content-Type|Enter|Escape|Home|End|Tab|Arrow(Left|Right|Up|Down))$|^[#.\[]`)
	for name, data := range pageFiles(t, "static/*.js", "*.js") {
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			for _, m := range literal.FindAllStringSubmatch(line, -1) {
				bad := !code.MatchString(m[1]) && sentence.MatchString(strip.ReplaceAllString(m[1], ""))
				for _, a := range attr.FindAllStringSubmatch(m[1], -1) {
					bad = bad || word.MatchString(a[2])
				}
				if bad {
					t.Errorf("%s:%d: %q is not from a catalogue (msg)", name, i+1, m[1])
				}
			}
		}
	}
}

// pageFiles reads the site's files matching pattern and the live pages' (site/live/assets)
// matching live: both are pages a reader sees.
func pageFiles(t *testing.T, pattern, live string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, f := range []struct {
		fsys    fs.FS
		prefix  string
		pattern string
	}{{files, "", pattern}, {os.DirFS("live/assets"), "live/assets/", live}} {
		names, err := fs.Glob(f.fsys, f.pattern)
		if err != nil || len(names) == 0 {
			t.Fatal(f.prefix, f.pattern, names, err)
		}
		for _, name := range names {
			data, err := fs.ReadFile(f.fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			out[f.prefix+name] = data
		}
	}
	return out
}

// TestNoAlertItems: a list item is a list item; role="alert" on one takes that away (axe:
// listitem), and a page's problems are there from its start, not news to announce.
func TestNoAlertItems(t *testing.T) {
	for name, data := range pageFiles(t, "templates/*.html", "*.html") {
		if strings.Contains(string(data), `<li class="bao-error" role="alert">`) || regexp.MustCompile(`<li[^>]*role="alert"`).Match(data) {
			t.Errorf("%s: a list item with role=alert", name)
		}
	}
}
