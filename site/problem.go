package site

import (
	"fmt"

	"github.com/bao-archive/bao/notation"
)

// A record that cannot be drawn as a game (no variant bao knows, a bad Position tag, a file
// that cannot be read, binary data) gets a problem page in its game's place: its located
// messages and its tags. It never stops the build of the other records.

// problemPage is the data of a problem page.
type problemPage struct {
	pageData
	Problem problemView
}

type problemView struct {
	Heading string
	File    string
	Number  int // the game's number in its file, 0 if the file holds one
	Errors  []string
	Tags    []tagView
}

// problemPages renders the problem page of a game that cannot be drawn: its errors and tags.
func (b *catalogue) problemPages(g *game) (rendered, error) {
	pd := b.newPage(g.href, "problem", b.l.T("problem.title", "Name", g.file))
	pv := problemView{Heading: b.l.T("problem.title", "Name", g.title(b.l)), File: g.file, Errors: g.errs}
	if g.several {
		pv.Number = g.number
	}
	if len(pv.Errors) == 0 { // a record without errors always has a variant; say so anyway
		pv.Errors = []string{fmt.Sprintf("%s: game %d: no playable start position", g.where, g.number)}
	}
	for _, t := range g.rec.Tags {
		pv.Tags = append(pv.Tags, tagView{Name: t.Name, Value: t.Value})
	}
	return b.renderAs(g.href, "problem", problemPage{pageData: pd, Problem: pv})
}

// unreadable is the stand-in game of a record file that could not be read to its end: its
// problem page names the file and the error.
func unreadable(name, where string, number int, err error) *game {
	msg := err.Error()
	if _, ok := err.(*notation.Error); !ok {
		msg = fmt.Sprintf("%s: %v", where, err)
	}
	return &game{file: name, where: where, number: number, rec: &notation.Record{},
		nodes: []*node{{prev: -1, next: -1}}, errs: []string{msg}}
}
