package exchange

import (
	"io"

	"github.com/bao-archive/bao/notation"
)

// bgnStream is the "bgn" export: the canonical export form, a blank line between records
// (notation.Encoder). Every BGN stream bao writes (fmt, merge, selfplay, search --export,
// export, the import's files) is written by it.
type bgnStream struct{ *notation.Encoder }

func writeBGN(w io.Writer) recordEncoder { return bgnStream{notation.NewEncoder(w)} }

func (bgnStream) Close() error { return nil }

// BGNEncoder starts a BGN stream to w: NewEncoder("bgn", w), for the writers that always
// write BGN.
func BGNEncoder(w io.Writer) *Encoder { return &Encoder{writeBGN(w)} }
