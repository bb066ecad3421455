package exchange

import (
	"bytes"
	"errors"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// The readers take any bytes without panicking or hanging; what they return is records, and
// problems and errors located in the input, and the records, written, are read back by bao's
// reader as the same records (written again, the same bytes).
func FuzzAbstractPlay(f *testing.F) {
	f.Add([]byte(apOf(testgame.Line(engine.Kiswahili, 6, 1, 1), "")))
	f.Add([]byte(`[{"header":{"game":{"name":"Bao","variants":["kujifunza"]}},"moves":[[null,{"move":"a2<"}]]}]`))
	f.Fuzz(func(t *testing.T, data []byte) { importReadsBack(t, "abstractplay", data, Options{}) })
}

func FuzzKIBA(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n 1: A6<* a3>; 2: 6< {c} a4>, 3... B3> 1-0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		importReadsBack(t, "kiba", data, Options{Variant: engine.Kiswahili})
		importReadsBack(t, "lr", data, Options{Variant: engine.Kete, BoardLR: true})
	})
}

func FuzzNkkmd(f *testing.F) {
	f.Add([]byte(nkkmdOf(testgame.Line(engine.Kiswahili, 6, 2, 1))))
	f.Fuzz(func(t *testing.T, data []byte) { importReadsBack(t, "nkkmd", data, Options{}) })
}

// importReadsBack imports data and checks the property: every problem and error is located in
// the input, and what was imported, written, reads back as what was written.
func importReadsBack(t *testing.T, format string, data []byte, o Options) {
	recs, problems, err := Import(format, "f", data, o)
	var located *notation.Error
	if err != nil && (!errors.As(err, &located) || located.File != "f") {
		t.Fatalf("the error does not name the input: %v", err)
	}
	for _, p := range problems {
		if p.File != "f" || p.Pos.Line < 1 {
			t.Fatalf("a problem without its place in the input: %v", p)
		}
	}
	var b bytes.Buffer
	notation.Write(&b, recs...)
	back, err := notation.Parse("out.bgn", bytes.NewReader(b.Bytes()))
	if err != nil || len(back) != len(recs) {
		t.Fatalf("wrote %d records, read %d back: %v\n%s", len(recs), len(back), err, b.String())
	}
	var again bytes.Buffer
	notation.Write(&again, back...)
	if !bytes.Equal(again.Bytes(), b.Bytes()) {
		t.Fatalf("read back and written again, the records changed:\n%s\n---\n%s", b.String(), again.String())
	}
}
