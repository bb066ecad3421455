package exchange

import (
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
)

// The readers take any bytes without panicking or hanging; what they return is either
// records or a located error.
func FuzzAbstractPlay(f *testing.F) {
	f.Add([]byte(apOf(testgame.Line(engine.Kiswahili, 6, 1, 1), "")))
	f.Add([]byte(`[{"header":{"game":{"name":"Bao","variants":["kujifunza"]}},"moves":[[null,{"move":"a2<"}]]}]`))
	f.Fuzz(func(t *testing.T, data []byte) { Import("abstractplay", "f.json", data, Options{}) })
}

func FuzzKIBA(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n 1: A6<* a3>; 2: 6< {c} a4>, 3... B3> 1-0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Import("kiba", "f.txt", data, Options{Variant: engine.Kiswahili})
		Import("lr", "f.txt", data, Options{Variant: engine.Kete, BoardLR: true})
	})
}

func FuzzNkkmd(f *testing.F) {
	f.Add([]byte(nkkmdOf(testgame.Line(engine.Kiswahili, 6, 2, 1))))
	f.Fuzz(func(t *testing.T, data []byte) { Import("nkkmd", "f.json", data, Options{}) })
}
