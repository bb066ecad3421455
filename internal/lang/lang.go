// Package lang holds bao's message catalogues, English (en) and Kiswahili (sw), and writes in
// either language the sentences, counts, numbers and dates of the site's pages and of what
// bao record says to the players. The command line is otherwise English.
//
// The catalogues are catalog/en.toml and catalog/sw.toml, read by go-i18n: a message is a
// string, or a table of the plural forms the language's CLDR rules name (one and other for
// both languages), in text/template syntax ({{.N}}). A message missing from one catalogue
// fails the package's test; docs/i18n.md says how to add one.
package lang

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

//go:embed catalog/*.toml
var catalogs embed.FS

// Codes are the languages bao writes, the default first.
var Codes = []string{"en", "sw"}

// ErrUnknown is the error of a language bao has no catalogue for.
var ErrUnknown = errors.New("unknown language")

// Lang writes messages in one language. It is safe for concurrent use.
type Lang struct {
	code    string
	loc     *i18n.Localizer
	msgs    map[string]*i18n.Message
	printer *message.Printer
}

type set struct {
	langs   map[string]*Lang
	matcher language.Matcher
}

var loaded = sync.OnceValues(func() (*set, error) {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	s := &set{langs: map[string]*Lang{}}
	var tags []language.Tag
	for _, code := range Codes {
		f, err := bundle.LoadMessageFileFS(catalogs, "catalog/"+code+".toml")
		if err != nil {
			return nil, fmt.Errorf("catalogue %s: %w", code, err)
		}
		tag := language.Make(code)
		l := &Lang{code: code, loc: i18n.NewLocalizer(bundle, code), msgs: map[string]*i18n.Message{},
			printer: message.NewPrinter(tag)}
		for _, m := range f.Messages {
			l.msgs[m.ID] = m
		}
		s.langs[code] = l
		tags = append(tags, tag)
	}
	s.matcher = language.NewMatcher(tags)
	return s, nil
})

// Get returns the language of code ("en", "sw"); "" is English.
func Get(code string) (*Lang, error) {
	s, err := loaded()
	if err != nil {
		return nil, err
	}
	if code == "" {
		code = Codes[0]
	}
	l, ok := s.langs[strings.ToLower(code)]
	if !ok {
		return nil, fmt.Errorf("%w %q (bao writes %s)", ErrUnknown, code, strings.Join(Codes, ", "))
	}
	return l, nil
}

// Must is Get for the codes of Codes, whose catalogues the package's tests read.
func Must(code string) *Lang {
	l, err := Get(code)
	if err != nil {
		panic(err)
	}
	return l
}

// Match returns the language an Accept-Language header asks for, or English.
func Match(accept string) *Lang {
	s, err := loaded()
	if err != nil {
		panic(err)
	}
	tags, _, err := language.ParseAcceptLanguage(accept)
	if err != nil || len(tags) == 0 {
		return s.langs[Codes[0]]
	}
	_, i, conf := s.matcher.Match(tags...)
	if conf == language.No {
		return s.langs[Codes[0]]
	}
	return s.langs[Codes[i]]
}

// Code is the language's BCP 47 code: "en", "sw".
func (l *Lang) Code() string { return l.code }

// Name is the language's name in itself: "English", "Kiswahili".
func (l *Lang) Name() string { return l.T("lang.name") }

// T writes message id with its arguments, given as pairs of a name and a value: T("page.of",
// "Page", 2, "Pages", 9). Whole numbers are written as the language writes them.
func (l *Lang) T(id string, args ...any) string {
	return l.localize(id, nil, args)
}

// N writes message id in the plural form the count n asks for, with n written as the
// language writes numbers as {{.N}}, and the other arguments as T takes them.
func (l *Lang) N(id string, n int, args ...any) string {
	return l.localize(id, n, append([]any{"N", n}, args...))
}

func (l *Lang) localize(id string, count any, args []any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		v := args[i+1]
		if n, ok := v.(int); ok {
			v = l.Number(n)
		}
		data[name] = v
	}
	cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count}
	if _, ok := l.msgs[id]; ok {
		if s, err := l.loc.Localize(cfg); err == nil {
			return s
		}
	}
	noteMissing(l.code, id)
	if en := Must(Codes[0]); l != en {
		if _, ok := en.msgs[id]; ok {
			return en.localize(id, count, args)
		}
	}
	return id
}

// Number writes a whole number as the language writes it: 10,000.
func (l *Lang) Number(n int) string {
	return l.printer.Sprint(number.Decimal(n))
}

// Date writes a date of a record (YYYY.MM.DD, with ?? for what is not known) as the language
// writes dates: "14 March 1998", "March 1998", "1998"; a date it cannot read is returned as
// it is, and one wholly unknown is "".
func (l *Lang) Date(s string) string {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return s
	}
	y, ey := strconv.Atoi(parts[0])
	m, em := strconv.Atoi(parts[1])
	d, ed := strconv.Atoi(parts[2])
	switch {
	case ey != nil && strings.Trim(parts[0], "?") == "":
		return ""
	case ey != nil || y < 0:
		return s
	case em != nil || m < 1 || m > 12:
		return parts[0]
	case ed != nil || d < 1 || d > 31:
		return l.T("date.month", "Month", l.T("month."+strconv.Itoa(m)), "Year", parts[0])
	}
	return l.T("date.day", "Day", strconv.Itoa(d), "Month", l.T("month."+strconv.Itoa(m)), "Year", parts[0])
}

// Messages returns the messages whose ids start with prefix, in their raw form (a plural
// message as its forms), for the page scripts: {"js.next": "Next ›", "js.games": {"one":
// "{{.N}} game", "other": "{{.N}} games"}}.
func (l *Lang) Messages(prefix string) map[string]any {
	out := map[string]any{}
	for id, m := range l.msgs {
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		if m.One == "" {
			out[id] = m.Other
			continue
		}
		out[id] = map[string]string{"one": m.One, "other": m.Other}
	}
	return out
}

// IDs lists the ids of the language's catalogue, sorted.
func (l *Lang) IDs() []string {
	ids := make([]string, 0, len(l.msgs))
	for id := range l.msgs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Forms returns the texts of message id: its one form if it has one, then its other.
func (l *Lang) Forms(id string) []string {
	m, ok := l.msgs[id]
	if !ok {
		return nil
	}
	var out []string
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

var (
	missingMu sync.Mutex
	missing   = map[string]bool{}
)

func noteMissing(code, id string) {
	missingMu.Lock()
	defer missingMu.Unlock()
	missing[code+": "+id] = true
}

// Missing lists the messages asked for that a catalogue does not hold ("sw: page.of"), for
// tests: the page shows the English text, or the id.
func Missing() []string {
	missingMu.Lock()
	defer missingMu.Unlock()
	out := make([]string, 0, len(missing))
	for k := range missing {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Has says whether the language's catalogue holds message id.
func (l *Lang) Has(id string) bool {
	_, ok := l.msgs[id]
	return ok
}
