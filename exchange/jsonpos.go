package exchange

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/bao-archive/bao/notation"
)

// located is a JSON value with the place it starts in its input: the JSON readers keep where
// every value was written, so that a problem in a move names its line and column.
type located struct {
	value  any // nil, bool, float64 (json.Number), string, []*located, map[string]*located
	offset int64
}

// maxJSONDepth bounds nesting: a hostile file of a million '[' gets an error, not a stack.
const maxJSONDepth = 64

// decodeLocated reads one JSON document keeping every value's offset.
func decodeLocated(data []byte) (*located, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := decodeValue(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, &jsonError{offset: d.InputOffset(), msg: "more data after the JSON value"}
	}
	return v, nil
}

func decodeValue(d *json.Decoder, depth int) (*located, error) {
	if depth > maxJSONDepth {
		return nil, &jsonError{offset: d.InputOffset(), msg: fmt.Sprintf("nested deeper than %d", maxJSONDepth)}
	}
	off := d.InputOffset()
	t, err := d.Token()
	if err != nil {
		return nil, jsonErr(err, d.InputOffset())
	}
	switch t := t.(type) {
	case json.Delim:
		switch t {
		case '[':
			var items []*located
			for d.More() {
				v, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				items = append(items, v)
			}
			if _, err := d.Token(); err != nil {
				return nil, jsonErr(err, d.InputOffset())
			}
			return &located{items, off}, nil
		case '{':
			fields := map[string]*located{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, jsonErr(err, d.InputOffset())
				}
				v, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				fields[k.(string)] = v
			}
			if _, err := d.Token(); err != nil {
				return nil, jsonErr(err, d.InputOffset())
			}
			return &located{fields, off}, nil
		}
	}
	return &located{t, off}, nil
}

// jsonRecords reads a JSON input of game records, an array of them or a single one, each
// with read, and passes each to emit. An array is read one record at a time, so that a
// download of thousands of games never holds them all, and a download cut short keeps the
// games before the cut. A record of an array that cannot be read is left out and its located error, which
// names its number in the array, kept in the notation.ErrorList returned: the others are
// still read.
func jsonRecords(file string, data []byte, read func(file string, loc *locator, g *located) (*notation.Record, error), emit func(*notation.Record) error) error {
	loc := newLocator(data)
	where := func(err error) error {
		if je, ok := err.(*jsonError); ok {
			return formatErr(file, loc.at(je.offset), "%s", je.msg)
		}
		return err
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '[' {
		// One record, not a download's array: if it is no game, the input is none.
		doc, err := decodeLocated(data)
		if err != nil {
			return where(err)
		}
		r, err := read(file, loc, doc)
		if err != nil {
			return err
		}
		return emit(r)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	d.Token() // the array's '['
	var bad notation.ErrorList
	stop := func(err error) error {
		if e := (*notation.Error)(nil); errors.As(where(err), &e) {
			bad.Add(e)
			return bad
		}
		return err
	}
	for i := 1; d.More(); i++ {
		g, err := decodeValue(d, 1)
		if err != nil {
			return stop(err)
		}
		r, err := read(file, loc, g)
		if e := (*notation.Error)(nil); errors.As(err, &e) {
			e.Err = fmt.Errorf("game %d: %w", i, e.Err)
			bad.Add(e)
			continue
		} else if err != nil {
			return err
		}
		r.Number = i
		if err := emit(r); err != nil {
			return err
		}
	}
	if _, err := d.Token(); err != nil {
		return stop(jsonErr(err, d.InputOffset()))
	}
	if _, err := d.Token(); err != io.EOF {
		return stop(&jsonError{offset: d.InputOffset(), msg: "more data after the JSON value"})
	}
	return bad.Err()
}

// jsonError is a problem at a byte offset of the input.
type jsonError struct {
	offset int64
	msg    string
}

func (e *jsonError) Error() string { return e.msg }

func jsonErr(err error, off int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &jsonError{offset: se.Offset - 1, msg: "JSON syntax: " + se.Error()}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &jsonError{offset: off, msg: "the JSON ends too early (truncated?)"}
	}
	return &jsonError{offset: off, msg: err.Error()}
}

// locator turns byte offsets of one input into lines and columns. It remembers the last
// place it found and goes on from there, so that the places of a whole input, asked for
// mostly in order, cost one pass over it rather than one pass each (which made an import of
// 20,000 games take longer than ten minutes).
type locator struct {
	data []byte
	off  int64 // the offset of pos
	pos  notation.Pos
}

func newLocator(data []byte) *locator {
	return &locator{data: data, pos: notation.Pos{Line: 1, Col: 1}}
}

// at is the line and column of byte offset off. The JSON decoder reports the offset after a
// value's leading white space has been read, so the value itself starts at the first byte
// that is not white space or a separator.
func (l *locator) at(off int64) notation.Pos {
	off = min(max(off, 0), int64(len(l.data)))
	for off < int64(len(l.data)) && bytes.IndexByte([]byte(" \t\r\n,:"), l.data[off]) >= 0 {
		off++
	}
	if off < l.off {
		// A place before the last one is near it: count back to it, on its line, or from the
		// start of its line.
		back := l.data[off:l.off]
		if bytes.IndexByte(back, '\n') < 0 {
			l.pos.Col -= l.pos.Advance(back).Col - l.pos.Col
		} else {
			start := int64(bytes.LastIndexByte(l.data[:off], '\n') + 1)
			l.pos = notation.Pos{Line: l.pos.Line - bytes.Count(l.data[start:l.off], []byte{'\n'}), Col: 1}
			l.pos = l.pos.Advance(l.data[start:off])
		}
	} else {
		l.pos = l.pos.Advance(l.data[l.off:off])
	}
	l.off = off
	return l.pos
}

// get is the value, nil for a missing one.
func (l *located) get() any {
	if l == nil {
		return nil
	}
	return l.value
}

// field and the accessors below read a located object leniently and say what was wrong.
func (l *located) field(name string) *located {
	if l == nil {
		return nil
	}
	m, _ := l.value.(map[string]*located)
	return m[name]
}

func (l *located) str() (string, bool) {
	if l == nil {
		return "", false
	}
	s, ok := l.value.(string)
	return s, ok
}

func (l *located) list() ([]*located, bool) {
	if l == nil {
		return nil, false
	}
	s, ok := l.value.([]*located)
	return s, ok
}

func (l *located) number() (float64, bool) {
	if l == nil {
		return 0, false
	}
	n, ok := l.value.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// kind names a value's JSON type for messages.
func (l *located) kind() string {
	if l == nil {
		return "nothing"
	}
	switch l.value.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []*located:
		return "an array"
	}
	return "an object"
}
