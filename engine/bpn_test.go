package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestStartPositions(t *testing.T) {
	want := map[*Variant]string{
		Kiswahili: "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh -",
		Kete:      "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh -",
		Kingulu:   "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -",
		Kimasai:   "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,0/0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S",
	}
	for v, s := range want {
		if got := v.Start().String(); got != s {
			t.Errorf("%s start:\n got %s\nwant %s", v.id, got, s)
		}
	}
	// The labels of spec section 2 land where the BPN row order says.
	p := Kiswahili.Start()
	for label, seeds := range map[string]int{"A5": 6, "A6": 2, "A7": 2, "a5": 6, "a6": 2, "a7": 2, "A4": 0, "b5": 0} {
		x, err := Kiswahili.ParsePit(label)
		if err != nil || p.Seeds(x) != seeds {
			t.Errorf("%s: got %d seeds (%v), want %d", label, p.Seeds(x), err, seeds)
		}
	}
	if x, _ := Kimasai.ParsePit("a1"); Kimasai.Start().Seeds(x) != 0 {
		t.Errorf("Kimasai a1 should start empty")
	}
}

// TestPositionErrors: every malformed BPN names the field that is wrong (spec 3.4).
func TestPositionErrors(t *testing.T) {
	cases := []struct {
		v     *Variant
		bpn   string
		field string
	}{
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "fields"},
		{Kingulu, "4,4,4,4,4/4,4,4,4,4,4,4 S 0-0 -", "row 1"},
		{Kingulu, "4,4,4,4,4,4 S 0-0 -", "board"},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,x S 0-0 -", "row 2"},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,-4 S 0-0 -", "row 2"},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,4 X 0-0 -", "side"},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,4 S 0-1 -", "board"},
		{Kingulu, "4,4,4,4,4,4/4,4,4,4,4,4 S 00 -", "stores"},
		{Kingulu, "0,0,0,0,0,0/4,4,4,4,4,4 S 24-0 a1,a1", "reserved"},
		{Kingulu, "0,0,0,0,0,0/4,4,4,4,4,4 S 24-0 A7", "reserved"},
		{Kingulu, "4,0,0,0,0,0/4,4,4,4,4,4 S 20-0 a6", "reserved"},
		{Kimasai, "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1/0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S", "board"},
		{Kimasai, "2,0,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,0/0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S", "board"},
		{Kimasai, "1,1,1 S", "board"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-21 Hh -", "board"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 HH -", "houses"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh B2", "block"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh A9", "block"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh A6", "block"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,22,0,0,0/0,0,0,0,6,2,2,0/22,0,0,0,0,0,0,0 S 0-0 Hh a6", "block"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22", "fields"},
		{Kiswahili, "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22:22 Hh -", "reserves"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.v, c.bpn)
		var pe *PositionError
		if !errors.As(err, &pe) || !errors.Is(err, ErrBadPosition) {
			t.Errorf("%s %q: got %v, want a position error in %s", c.v.id, c.bpn, err, c.field)
			continue
		}
		if pe.Field != c.field {
			t.Errorf("%s %q: error names %q, want %q (%v)", c.v.id, c.bpn, pe.Field, c.field, err)
		}
	}
	// Kete allows a block on the opponent's pit: the hizi zetu obligation (spec 3.1).
	if _, err := ParsePosition(Kete, "0,0,0,0,0,0,0,0/0,2,2,6,22,0,0,0/0,0,0,0,6,2,2,0/22,0,0,0,0,0,0,0 S 0-0 Hh a6"); err != nil {
		t.Errorf("Kete block on the opponent's pit: %v", err)
	}
	// Extra spaces between fields are fine.
	if _, err := ParsePosition(Kingulu, "  4,4,4,4,4,4/4,4,4,4,4,4   S  0-0  - "); err != nil {
		t.Errorf("extra spaces: %v", err)
	}
}

func TestReservedOrderIsCanonical(t *testing.T) {
	p, err := ParsePosition(Kingulu, "0,0,2,0,0,5/0,0,0,0,0,0 S 20-21 a2,A2")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); !strings.HasSuffix(got, " A2,a2") {
		t.Errorf("reserved pits written as %q, want A2,a2 order", got)
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, v := range Variants() {
		f.Add(v.id, v.start)
	}
	f.Add("kingulu", "0,0,2,0,0,5/0,0,0,0,0,0 S 20-21 A2,a2")
	f.Add("kete", "0,0,0,0,0,0,0,0/0,2,2,6,22,0,0,0/0,0,0,0,6,2,2,0/22,0,0,0,0,0,0,0 S 0-0 Hh a6")
	f.Fuzz(func(t *testing.T, id, s string) {
		v, err := LookupVariant(id)
		if err != nil {
			return
		}
		p, err := ParsePosition(v, s)
		if err != nil {
			return
		}
		q, err := ParsePosition(v, p.String())
		if err != nil || q != p {
			t.Fatalf("%q reads as %s, which does not read back (%v)", s, p, err)
		}
	})
}
