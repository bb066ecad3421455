package archive

import (
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
)

// MappingVersion names the shape of the index: the fields of gameDoc, their mapping and the
// spelling of position keys. Change it whenever any of those change; an index written with
// another version is rebuilt by Update and refused by Open.
const MappingVersion = "5"

// textAnalyzer is the analyzer of free text (annotations, names for fuzzy search): words split
// on Unicode boundaries and lowercased, with no stemming, since the text mixes Swahili and
// English.
const textAnalyzer = "bao_text"

// newMapping builds the index mapping: one static document type, "game", and nothing indexed
// dynamically, so that a new field is always a decision (and a MappingVersion change).
func newMapping() (mapping.IndexMapping, error) {
	im := bleve.NewIndexMapping()
	err := im.AddCustomAnalyzer(textAnalyzer, map[string]any{
		"type":          custom.Name,
		"tokenizer":     unicode.Name,
		"token_filters": []string{lowercase.Name},
	})
	if err != nil {
		return nil, err
	}
	im.DefaultAnalyzer = textAnalyzer // what a bare query-string word is analysed with
	im.DefaultMapping = bleve.NewDocumentDisabledMapping()
	im.AddDocumentMapping(gameType, gameMapping())
	return im, nil
}

// Each field costs only what queries use (hits, facets, sorting): a field is stored only if a
// hit shows it (hitFields), and has doc values only if results are sorted or faceted on it.
var (
	sortedOrFaceted = map[string]bool{"file": true, "game": true, "variant": true, "result": true,
		"decade": true, "players": true, "event": true, "plies": true, "opening": true}
	shown = func() map[string]bool {
		m := map[string]bool{}
		for _, f := range hitFields {
			m[f] = true
		}
		return m
	}()
)

func gameMapping() *mapping.DocumentMapping {
	// keywords: exact and case-sensitive
	kw := func(name string) *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.IncludeInAll = false // a bare word searches the analysed text fields, not raw keys
		f.Store, f.DocValues = shown[name], sortedOrFaceted[name]
		return f
	}
	num := func(name string) *mapping.FieldMapping {
		f := bleve.NewNumericFieldMapping()
		f.IncludeInAll = false
		f.Store, f.DocValues = shown[name], sortedOrFaceted[name]
		return f
	}
	text := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer, f.Store, f.DocValues = textAnalyzer, false, false
		return f
	}

	game := bleve.NewDocumentStaticMapping()
	for _, name := range []string{"file", "variant", "south", "north", "event", "site", "date",
		"result", "termination", "source", "annotator", "errors", "start", "players",
		"players_lc", "player_runs", "decade", "opening"} {
		game.AddFieldMappingsAt(name, kw(name))
	}
	for _, name := range []string{"game", "line", "plies", "year", "round"} {
		game.AddFieldMappingsAt(name, num(name))
	}
	for _, name := range locationFields { // read by Locate, never searched
		f := num(name)
		f.Index, f.Store = false, true
		game.AddFieldMappingsAt(name, f)
	}
	played := bleve.NewDateTimeFieldMapping()
	played.Store, played.IncludeInAll, played.DocValues = false, false, false
	game.AddFieldMappingsAt("played", played)

	game.AddFieldMappingsAt("names", text())
	game.AddFieldMappingsAt("event_text", text())
	game.AddFieldMappingsAt("comments", text())
	msgs := text()
	msgs.Store = true
	game.AddFieldMappingsAt("messages", msgs)

	// pos holds one term per main-line position, "KEY|MOVE" (see positionTerms). It is the largest
	// field by far: no doc values, not stored, not in _all. Its term vectors give the array
	// position of a match, which is the ply at which the position was reached (Hit.Reached);
	// they cost about a tenth of the indexing time (measured on 3,000 games).
	pos := kw("pos")
	pos.IncludeTermVectors = true
	game.AddFieldMappingsAt("pos", pos)
	return game
}
