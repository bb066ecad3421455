package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeCombineKeepsProvenance: the same game printed by two publications, merged with
// --combine, is written once with the Source and SourceRef of both, and what the second copy's
// other tags say otherwise in a comment; another game stays as it
// is, and without --combine both copies are written.
func TestMergeCombineKeepsProvenance(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	book := write("book.bgn", `[Event "Master game"]
[Variant "Bao la Kiswahili"]
[Source "de Voogt 1995"]
[SourceRef "p. 112"]

1. A7<* a5< 2. A6<* a7> *

[Variant "Bao la Kiswahili"]
[Source "de Voogt 1995"]

1. A6<* *
`)
	bulletin := `[Event "KIBA bulletin"]
[Variant "Bao la Kiswahili"]
[Site "?"]
[Date "1962.05.03"]
[Source "KIBA bulletin 3"]
[SourceRef "game 7"]

1. A7< a5< 2. A6< a7> *
`
	write("bulletin.bgn", bulletin)

	code, out, errOut := runBao(t, "", "merge", "--combine", book, filepath.Join(dir, "bulletin.bgn"))
	if code != 0 || strings.Count(out, "[Event ") != 2 ||
		!strings.Contains(out, `[Source "de Voogt 1995 | KIBA bulletin 3"]`+"\n"+`[SourceRef "p. 112 | game 7"]`) ||
		!strings.Contains(errOut, "bulletin.bgn:1 game 1 combined into "+book+":1 game 1; its Event, Date kept in a comment") ||
		!strings.Contains(out, `{in KIBA bulletin 3: Event "KIBA bulletin"; Date "1962.05.03"} 1. A7<*`) {
		t.Errorf("merge --combine: exit %d\n%s\n%s", code, out, errOut)
	}
	// the second game, from one source, is not touched
	if !strings.Contains(out, `[Source "de Voogt 1995"]`+"\n\n1. A6<* *") {
		t.Errorf("merge --combine changed a game stored once:\n%s", out)
	}
	// standard input is read twice, as any file
	code, out2, _ := runBao(t, bulletin, "merge", "--combine", book, "-")
	if code != 0 || out2 != out {
		t.Errorf("merge --combine with standard input: exit %d\n%s", code, out2)
	}
	// a file named twice is one source read twice: its games are written once
	if code, out, _ := runBao(t, "", "merge", "--combine", book, book); code != 0 || strings.Count(out, "[Event ") != 2 {
		t.Errorf("merge --combine of a file with itself: exit %d\n%s", code, out)
	}
	if code, out, _ := runBao(t, "", "merge", book, filepath.Join(dir, "bulletin.bgn")); code != 0 || strings.Count(out, "[Event ") != 3 {
		t.Errorf("merge without --combine: exit %d\n%s", code, out)
	}
}
