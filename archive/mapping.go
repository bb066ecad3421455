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
const MappingVersion = "2"

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

func gameMapping() *mapping.DocumentMapping {
	// stored keywords: exact, case-sensitive, shown in hits, usable in facets and sorting
	kw := func() *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.IncludeInAll = false // a bare word searches the analysed text fields, not raw keys
		return f
	}
	hidden := func(f *mapping.FieldMapping) *mapping.FieldMapping {
		f.Store, f.IncludeInAll = false, false
		return f
	}
	num := func() *mapping.FieldMapping {
		f := bleve.NewNumericFieldMapping()
		f.IncludeInAll = false
		return f
	}
	text := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer, f.Store, f.DocValues = textAnalyzer, false, false
		return f
	}

	game := bleve.NewDocumentStaticMapping()
	for _, name := range []string{"file", "variant", "south", "north", "event", "site", "date",
		"result", "termination", "source", "annotator", "errors", "start"} {
		game.AddFieldMappingsAt(name, kw())
	}
	for _, name := range []string{"game", "line", "plies"} {
		game.AddFieldMappingsAt(name, num())
	}
	game.AddFieldMappingsAt("players", hidden(kw()))
	game.AddFieldMappingsAt("players_lc", hidden(kw()))
	game.AddFieldMappingsAt("decade", hidden(kw()))
	game.AddFieldMappingsAt("year", hidden(num()))
	game.AddFieldMappingsAt("round", hidden(num()))
	played := bleve.NewDateTimeFieldMapping()
	played.Store, played.IncludeInAll = false, false
	game.AddFieldMappingsAt("played", played)

	game.AddFieldMappingsAt("names", text())
	game.AddFieldMappingsAt("event_text", text())
	game.AddFieldMappingsAt("comments", text())
	msgs := text()
	msgs.Store = true
	game.AddFieldMappingsAt("messages", msgs)

	// pos holds one term per main-line position, "KEY|MOVE" (see posTerm). It is the largest
	// field by far: no doc values, not stored, not in _all; term vectors give the array
	// position of a match, which is the ply at which the position was reached.
	pos := hidden(bleve.NewKeywordFieldMapping())
	pos.DocValues, pos.IncludeTermVectors = false, true
	game.AddFieldMappingsAt("pos", pos)
	return game
}
