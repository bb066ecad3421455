package exchange

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// ErrFormat is the kind of every problem that stops an input from being read as its format.
var ErrFormat = errors.New("not readable as this format")

// Options are what a reader may need beyond the input.
type Options struct {
	// Variant is the game of formats that do not say (KIBA lists, L/R lists).
	Variant *engine.Variant
	// BoardLR reads L and R as the board's left and right seen from South's seat; otherwise as
	// the mover's own left and right (KIBA's < and >).
	BoardLR bool
}

type format struct {
	// read passes each record to emit as it is made, so that an input of any size is never
	// held as records; its error is an emit's, or a notation.ErrorList of the records it
	// left out, or what stopped the input.
	read  func(file string, data []byte, o Options, emit func(*notation.Record) error) error
	write func(w io.Writer) recordEncoder // nil: import only
	// needsVariant: the format does not name the game; boardLR: it reads Options.BoardLR.
	needsVariant, boardLR bool
}

var formats = map[string]format{
	"abstractplay": {read: readAbstractPlay, write: writeAbstractPlay},
	"bgn":          {write: writeBGN},
	"kiba":         {read: readKIBA, needsVariant: true},
	"lr":           {read: readLR, needsVariant: true, boardLR: true},
	"nkkmd":        {read: readNkkmd},
	"json":         {write: writeJSON},
}

// Imports and Exports list the formats each way.
func Imports() []string { return names(func(f format) bool { return f.read != nil }) }
func Exports() []string { return names(func(f format) bool { return f.write != nil }) }

func names(keep func(format) bool) []string {
	var out []string
	for n, f := range formats {
		if keep(f) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// NeedsVariant reports whether the format needs Options.Variant.
func NeedsVariant(name string) bool { return formats[name].needsVariant }

// TakesBoardLR tells whether the named format reads Options.BoardLR (its L and R may be the
// board's sides rather than the mover's).
func TakesBoardLR(name string) bool { return formats[name].boardLR }

// Import reads the games of one input of the named format as records, and verifies each
// through the engine. A game with a problem (an illegal move, a result the board denies) is
// kept, its problems returned with their places in the input and its first one written into
// the record's ImportProblem tag, so that nothing is dropped silently. A record the format
// cannot make a game of is left out and its located error is among the problems; a record's
// Number is its place in the input. The error is for an input that cannot be read at all,
// an *notation.Error of kind ErrFormat at its place.
func Import(name, file string, data []byte, o Options) ([]*notation.Record, notation.ErrorList, error) {
	var recs []*notation.Record
	problems, err := ImportEach(name, file, data, o, func(r *notation.Record) error {
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		return recs, nil, err
	}
	return recs, problems, nil
}

// ImportEach is Import passing each verified record to emit as it is read, so that an input
// of any number of games holds one at a time. The problems are Import's, in its order: the
// records left out first, then those of the games kept. An error of emit stops the input and
// is returned.
func ImportEach(name, file string, data []byte, o Options, emit func(*notation.Record) error) (notation.ErrorList, error) {
	f, ok := formats[name]
	if !ok || f.read == nil {
		return nil, fmt.Errorf("unknown import format %q (known: %s)", name, strings.Join(Imports(), ", "))
	}
	if f.needsVariant && o.Variant == nil {
		return nil, fmt.Errorf("the %s format does not name the game: give the variant", name)
	}
	data, err := text(file, data)
	if err != nil {
		return nil, err
	}
	if at, ok := notation.IsBinary(data); ok {
		return nil, &notation.Error{File: file, Pos: at, Err: fmt.Errorf("%w: binary data, not %s (a control character here); not read", ErrFormat, name)}
	}
	var verified notation.ErrorList
	if at, ok := notUTF8(data); ok {
		verified = append(verified, &notation.Error{File: file, Pos: at, Err: fmt.Errorf(
			"%w: bytes that are not UTF-8 (saved as Latin-1?); each is read as U+FFFD", notation.ErrEncoding)})
	}
	n := 0
	err = f.read(file, data, o, func(r *notation.Record) error {
		n++
		r.File = file
		if r.Number == 0 {
			r.Number = n
		}
		errs := append(readable(r), notation.Verify(r)...)
		if len(errs) > 0 {
			problem, _ := clean(errs[0].Error(), maxTagValue, false)
			r.SetTag("ImportProblem", problem)
		}
		verified = append(verified, errs...)
		return emit(r)
	})
	// Records the reader had to leave out are problems of the input, not its end.
	problems, _ := err.(notation.ErrorList)
	if problems != nil {
		err = nil
	}
	return append(problems, verified...), err
}

// notUTF8 finds the first byte of data that is not UTF-8.
func notUTF8(data []byte) (notation.Pos, bool) {
	if utf8.Valid(data) {
		return notation.Pos{}, false
	}
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return notation.Pos{Line: 1, Col: 1}.Advance(data[:i]), true
		}
		i += size
	}
	return notation.Pos{}, false
}

// text is data as UTF-8 without a byte order mark: files saved on Windows start with one
// (UTF-8) or are UTF-16 throughout, which programs export and editors save as "Unicode".
func text(file string, data []byte) ([]byte, error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")):
		return data[3:], nil
	case bytes.HasPrefix(data, []byte("\xFF\xFE")):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte("\xFE\xFF")):
		order = binary.BigEndian
	default:
		return data, nil
	}
	if len(data)%2 != 0 {
		return nil, &notation.Error{File: file, Pos: notation.Pos{Line: 1, Col: 1},
			Err: fmt.Errorf("%w: UTF-16 of an odd number of bytes (truncated?)", notation.ErrEncoding)}
	}
	units := make([]uint16, 0, len(data)/2-1)
	for i := 2; i < len(data); i += 2 {
		units = append(units, order.Uint16(data[i:]))
	}
	return []byte(string(utf16.Decode(units))), nil
}

// Export writes records in the named format.
func Export(name string, w io.Writer, recs []*notation.Record) error {
	enc, err := NewEncoder(name, w)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return enc.Close()
}

// An Encoder writes records in an export format one at a time, so that an export of any size
// holds one record: Encode each, then Close, which ends what the format needs ended (a JSON
// array). A record the format cannot hold is an error of Encode, and nothing of it is
// written; the encoder can go on with the next.
type Encoder struct{ recordEncoder }

// recordEncoder is one format's writer.
type recordEncoder interface {
	Encode(r *notation.Record) error
	Close() error
}

// NewEncoder starts an export in the named format to w.
func NewEncoder(name string, w io.Writer) (*Encoder, error) {
	f, ok := formats[name]
	if !ok || f.write == nil {
		return nil, fmt.Errorf("unknown export format %q (known: %s)", name, strings.Join(Exports(), ", "))
	}
	return &Encoder{f.write(w)}, nil
}

// formatErr is an error of kind ErrFormat at pos of file.
func formatErr(file string, pos notation.Pos, format string, args ...any) error {
	return &notation.Error{File: file, Pos: pos, Err: fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)}
}

// fromTokens makes a record of a game written as move tokens with their places.
func fromTokens(v *engine.Variant, tags []notation.Tag, toks []placed, result placed) *notation.Record {
	r := &notation.Record{Tags: tags}
	r.SetTag("Variant", v.Name())
	for _, t := range toks {
		r.Moves = append(r.Moves, &notation.Node{Token: t.tok, Pos: t.pos})
	}
	if result.tok == "" {
		result.tok = "*"
	}
	// The result's place is where a result the board denies is reported.
	r.Result, r.ResultPos = result.tok, result.pos
	r.SetTag("Result", result.tok)
	if len(toks) > 0 {
		r.Pos = toks[0].pos
	}
	return r
}

// placed is a move token with the place it was written.
type placed struct {
	tok string
	pos notation.Pos
}
