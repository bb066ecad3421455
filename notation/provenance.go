package notation

import (
	"slices"
	"strconv"
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

// NoteDifferences keeps what other, another copy of the same game, says otherwise in its tags:
// each tag other gives with a value r does not have (the provenance tags aside, which
// AddProvenance joins, and values that say nothing, "?" or "????.??.??") goes into one comment before r's first move, naming other's source, so
// that both readings stay as evidence when the copies are written once. It returns the names
// of those tags, in other's order.
func (r *Record) NoteDifferences(other *Record) []string {
	var names, parts []string
	for _, t := range other.Tags {
		if t.Name == "Source" || t.Name == "SourceRef" || t.Value == r.Tag(t.Name) || strings.Trim(t.Value, "?. ") == "" {
			continue
		}
		names = append(names, t.Name)
		parts = append(parts, t.Name+" "+strconv.Quote(t.Value))
	}
	if len(names) == 0 {
		return nil
	}
	from := other.Tag("Source")
	if from == "" {
		from = other.File + " game " + strconv.Itoa(other.Number)
	}
	c := Comment{Text: "in " + from + ": " + strings.Join(parts, "; ")}
	if len(r.Moves) > 0 {
		r.Moves[0].Before = append(r.Moves[0].Before, c)
	} else {
		r.Comments = append(r.Comments, c)
	}
	return names
}
