package site

import (
	"io/fs"
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
	comment := regexp.MustCompile(`(?s)<!--.*?-->`)
	tag := regexp.MustCompile(`(?s)<[^>]*>`)
	attr := regexp.MustCompile(`\b(aria-label|title|placeholder|alt)="([^"]*)"`)
	word := regexp.MustCompile(`\p{L}{2,}`)
	names, err := fs.Glob(files, "templates/*.html")
	if err != nil || len(names) == 0 {
		t.Fatal(names, err)
	}
	for _, name := range names {
		data, _ := files.ReadFile(name)
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
