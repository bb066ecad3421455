package notation

import (
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestDiagram checks the layout against the diagrams of the rules files (Kingulu 7.2, Kimasai 2,
// Bao la Kiswahili 2).
func TestDiagram(t *testing.T) {
	tests := []struct {
		v    *engine.Variant
		bpn  string
		want string
	}{
		{engine.Kingulu, "0,2,0,1,3,0/2,0,1,0,0,2 S 20-17 -", `        6  5  4  3  2  1
  a:    0  2  0  1  3  0
  A:    2  0  1  0  0  2
        1  2  3  4  5  6
  South to move; stores: South 20, North 17
`},
		{engine.Kingulu, "0,2,0,1,0,0/2,0,1,0,0,0 N 25-17 a2", `        6  5  4  3  2  1
  a:    0  2  0  1  0  0
  A:    2  0  1  0  0  0
        1  2  3  4  5  6
  North to move; stores: South 25, North 17; reserved: a2 (South)
`},
		{engine.Kimasai, engine.Kimasai.Start().String(), `       12 11 10  9  8  7  6  5  4  3  2  1
  b:    1  1  1  1  1  1  1  1  1  1  1  1
  a:    1  1  1  1  1  1  1  1  1  1  1  0
  A:    0  1  1  1  1  1  1  1  1  1  1  1
  B:    1  1  1  1  1  1  1  1  1  1  1  1
        1  2  3  4  5  6  7  8  9 10 11 12
  South to move
`},
		{engine.Kiswahili, "0,0,0,0,0,0,0,22/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/22,0,0,0,0,0,0,0 N 0-0 H a5", `        8  7  6  5  4  3  2  1
  b:    0  0  0  0  0  0  0 22
  a:    0  2  2  6  0  0  0  0
  A:    0  0  0  0  6  2  2  0
  B:   22  0  0  0  0  0  0  0
        1  2  3  4  5  6  7  8
  North to move; reserves: South 0, North 0; houses: South; block: a5
`},
	}
	for _, tc := range tests {
		if got := Diagram(mustPosition(t, tc.v, tc.bpn)); got != tc.want {
			t.Errorf("%s %s:\n%s\nwant\n%s", tc.v.ID(), tc.bpn, got, tc.want)
		}
	}
}
