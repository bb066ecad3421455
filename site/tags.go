package site

import (
	"strings"

	"github.com/bao-archive/bao/internal/lang"
)

// tagView is a tag as a game page shows it.
type tagView struct {
	Name, Value string
	Href        string // a list of games sharing the value
	URL         string // an external source
}

// provenanceTags say where a record comes from and who worked on it.
var provenanceTags = map[string]bool{"Source": true, "SourceRef": true, "Annotator": true,
	"Transcriber": true, "Language": true}

// tagViews splits the tags into the roster (with links to the lists) and provenance.
func (b *catalogue) tagViews(g *game) (roster, prov []tagView) {
	for _, t := range g.rec.Tags {
		tv := tagView{Name: t.Name, Value: t.Value}
		if provenanceTags[t.Name] {
			if strings.HasPrefix(t.Value, "https://") || strings.HasPrefix(t.Value, "http://") {
				tv.URL = t.Value
			}
			prov = append(prov, tv)
			continue
		}
		switch t.Name {
		case "Event":
			if tv.Href = b.eventHref(g); tv.Href == "" && g.tag("Event") != "" {
				tv.Href = b.facetHref("event", g.tag("Event"))
			}
		case "South", "North":
			if v := g.tag(t.Name); v != "" {
				tv.Href = b.playerLink(v).Href // the player's page (players.go)
			}
		case "Date":
			if y := g.year(); y != "" {
				tv.Href = b.facetHref("year", y)
			}
		case "Variant": // a record may name its game by id or alias (kete); the page, by its name
			if v := g.variant(); v != nil {
				tv.Value, tv.Href = v.Name(), b.facetHref("variant", v.ID())
			}
		case "Termination":
			tv.Value = Ended(b.l, t.Value)
		}
		roster = append(roster, tv)
	}
	return roster, prov
}

// Ended is how a game ended (its Termination tag: resignation, time forfeit, …) as language l
// says it, in the words the page scripts use too (js.term.*); one bao does not know, as
// written.
func Ended(l *lang.Lang, term string) string {
	if id := "js.term." + strings.ReplaceAll(term, " ", "-"); l.Has(id) {
		return l.T(id)
	}
	return term
}
