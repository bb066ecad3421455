package notation

import (
	"slices"

	"github.com/bao-archive/bao/engine"
)

// Record is one game of a BGN file: its tags in file order, its movetext as a tree of moves,
// comments and variations, and its result, each with the place it was written.
type Record struct {
	File   string // the file it was read from
	Number int    // its 1-based number in that file
	Pos    Pos    // where it starts: its first tag, or its first token

	Tags []Tag
	// Moves is the main line.
	Moves []*Node
	// Comments are those of a game with no moves at all.
	Comments []Comment
	// Result is the termination marker (1-0, 0-1, 1/2-1/2, *), "" if the movetext had none.
	Result    string
	ResultPos Pos
}

// Tag is a tag pair.
type Tag struct {
	Name, Value string
	Pos         Pos // the '['
	ValuePos    Pos // the opening '"'
}

// Node is a move as written: its token, annotations, comments, and the variations that are
// alternatives to it.
type Node struct {
	Token string
	Pos   Pos
	NAGs  []int // $n; suffix glyphs are read as $1..$6
	// Before holds the comments written before the first move of the game or of a variation;
	// After those written after the move (before the next move or variation).
	Before, After []Comment
	Variations    []*Variation
	// Resume is set on a gap (Token GapToken): the ply of the move after it, counted from the
	// game's start, from the move number written there ("23..."); 0 when none was written.
	Resume int
}

// Variation is an alternative line to the move it belongs to: its first move is played from the
// position before that move.
type Variation struct {
	Pos   Pos // the '('
	Moves []*Node
	// After holds the comments written after the closing ')'.
	After []Comment
}

// Comment is the text of a {…} or ;… comment (Markdown), without its delimiters.
type Comment struct {
	Text string
	Pos  Pos // the '{' or ';'
}

// Tag returns the value of the named tag, or "" if the record has none.
func (r *Record) Tag(name string) string {
	if t := r.tag(name); t != nil {
		return t.Value
	}
	return ""
}

// SetTag sets the value of the named tag, adding it at the end if the record has none.
func (r *Record) SetTag(name, value string) {
	if t := r.tag(name); t != nil {
		t.Value = value
		return
	}
	r.Tags = append(r.Tags, Tag{Name: name, Value: value})
}

func (r *Record) tag(name string) *Tag {
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			return &r.Tags[i]
		}
	}
	return nil
}

// FromGame makes a record of a game played through the engine: the given tags in their order,
// then the Variant tag, SetUp and Position when the game did not start from the variant's start
// position, the moves as canonical tokens, and the result (and Result tag) from the game's
// status: * while it goes on.
func FromGame(tags []Tag, g *engine.Game) *Record {
	start := g.Start()
	v := start.Variant()
	r := &Record{Tags: slices.Clone(tags), Result: g.Status().Result()}
	r.SetTag("Result", r.Result)
	r.SetTag("Variant", v.Name())
	if start != v.Start() {
		r.SetTag("SetUp", "1")
		r.SetTag("Position", start.String())
	}
	for _, m := range g.Moves() {
		r.Moves = append(r.Moves, &Node{Token: v.FormatMove(m)})
	}
	return r
}
