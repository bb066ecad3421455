package notation

import "testing"

func TestAddProvenance(t *testing.T) {
	rec := func(tags ...string) *Record {
		r := &Record{}
		for i := 0; i+1 < len(tags); i += 2 {
			r.SetTag(tags[i], tags[i+1])
		}
		return r
	}
	tests := []struct {
		name             string
		r, other         *Record
		source, ref      string
		changed, wantRef bool
	}{
		{"two publications", rec("Source", "de Voogt 1995", "SourceRef", "p. 12"), rec("Source", "Nierse 2001", "SourceRef", "fig. 3"),
			"de Voogt 1995 | Nierse 2001", "p. 12 | fig. 3", true, true},
		{"the second without a page", rec("Source", "A", "SourceRef", "p. 1"), rec("Source", "B"),
			"A | B", "p. 1 | ?", true, true},
		{"the first without a page", rec("Source", "A"), rec("Source", "B", "SourceRef", "p. 2"),
			"A | B", "? | p. 2", true, true},
		{"no pages at all", rec("Source", "A"), rec("Source", "B"), "A | B", "", true, false},
		{"the same source twice", rec("Source", "A", "SourceRef", "p. 1"), rec("Source", "A", "SourceRef", "p. 1"),
			"A", "p. 1", false, true},
		{"the same source, another page", rec("Source", "A", "SourceRef", "p. 1"), rec("Source", "A", "SourceRef", "p. 9"),
			"A | A", "p. 1 | p. 9", true, true},
		{"the first without provenance", rec(), rec("Source", "B", "SourceRef", "p. 2"), "B", "p. 2", true, true},
		{"the second without provenance", rec("Source", "A"), rec(), "A", "", false, false},
		{"merged before", rec("Source", "A | B", "SourceRef", "p. 1 | p. 2"), rec("Source", "C | B", "SourceRef", "p. 3 | p. 2"),
			"A | B | C", "p. 1 | p. 2 | p. 3", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed := tt.r.AddProvenance(tt.other)
			_, hasRef := tt.r.lookup("SourceRef")
			if changed != tt.changed || tt.r.Tag("Source") != tt.source || tt.r.Tag("SourceRef") != tt.ref || hasRef != tt.wantRef {
				t.Errorf("changed %v, Source %q, SourceRef %q (present %v); want %v, %q, %q",
					changed, tt.r.Tag("Source"), tt.r.Tag("SourceRef"), hasRef, tt.changed, tt.source, tt.ref)
			}
		})
	}
}
