package notation

import (
	"slices"
	"strings"
)

// ProvenanceSep joins the values of several sources in one Source or SourceRef tag: the same
// game printed by two publications keeps both, and a tag appears once in a record (spec 5).
// A bibliographic reference holds commas and semicolons, never this.
const ProvenanceSep = " | "

// provenance is one source of a record: its Source and SourceRef ("?" where it has none).
type provenance struct{ source, ref string }

// provenances reads the sources a record names, the i-th SourceRef belonging to the i-th Source.
func (r *Record) provenances() []provenance {
	src, okS := r.lookup("Source")
	ref, okR := r.lookup("SourceRef")
	if !okS && !okR {
		return nil
	}
	srcs, refs := strings.Split(src, ProvenanceSep), strings.Split(ref, ProvenanceSep)
	out := make([]provenance, max(len(srcs), len(refs)))
	for i := range out {
		out[i] = provenance{"?", "?"}
		if i < len(srcs) && okS && strings.TrimSpace(srcs[i]) != "" {
			out[i].source = strings.TrimSpace(srcs[i])
		}
		if i < len(refs) && okR && strings.TrimSpace(refs[i]) != "" {
			out[i].ref = strings.TrimSpace(refs[i])
		}
	}
	return out
}

// AddProvenance adds the sources of other, another copy of the same game, to r's Source and
// SourceRef tags, after r's own and in the same order in both tags ("?" for a source without
// one of them), so that merging two copies keeps where each came from. A source r names
// already is not repeated. It reports whether r changed.
func (r *Record) AddProvenance(other *Record) bool {
	have := r.provenances()
	n := len(have)
	for _, p := range other.provenances() {
		if !slices.Contains(have, p) {
			have = append(have, p)
		}
	}
	if len(have) == n {
		return false
	}
	var srcs, refs []string
	anyRef := false
	for _, p := range have {
		srcs, refs = append(srcs, p.source), append(refs, p.ref)
		anyRef = anyRef || p.ref != "?"
	}
	r.SetTag("Source", strings.Join(srcs, ProvenanceSep))
	if anyRef {
		r.SetTag("SourceRef", strings.Join(refs, ProvenanceSep))
	}
	return true
}
