package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bao-archive/bao/notation"
)

// shardGames writes 200 self-played games, 50 of each family in a file of its own, and
// returns the files.
func shardGames(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for _, v := range []string{"kingulu", "kiswahili", "kete", "kimasai"} {
		code, out, errOut := runBao(t, "", "selfplay", "--variant", v, "--games", "50", "--seed", "5", "--max-plies", "20")
		if code != 0 {
			t.Fatalf("selfplay: %s", errOut)
		}
		path := filepath.Join(dir, v+".bgn")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// TestShardsMergeAsOneRun analyses 200 games with a node budget in one run, and again as 4
// shards into one results folder, one shard killed partway and resumed: the merge prints
// the same bytes as the one run.
func TestShardsMergeAsOneRun(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses 200 games twice")
	}
	files := shardGames(t)
	budget := []string{"--nodes", "200", "--hash", "1", "--json"}
	code, one, errOut := runBao(t, "", append(append([]string{"analyse"}, files...), budget...)...)
	if code != 0 {
		t.Fatalf("one run: exit %d: %s", code, errOut)
	}
	out := filepath.Join(t.TempDir(), "results")
	shard := func(i string, more ...string) []string {
		return append(append(append([]string{"analyse"}, files...), budget...), append([]string{"--shard", i + "/4", "--out", out}, more...)...)
	}
	for _, i := range []string{"1", "2", "4"} {
		if code, _, errOut := runBao(t, "", shard(i)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, errOut)
		}
	}
	// Shard 3 (games 2, 6, 10, ...) is killed once it has stored a few games.
	c := baoProcess(t, shard("3")...)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	stored := func() int {
		n := 0
		names, _ := filepath.Glob(filepath.Join(out, "games", "*"))
		for _, name := range names {
			if k, err := strconv.Atoi(filepath.Base(name)); err == nil && k%4 == 2 {
				n++
			}
		}
		return n
	}
	deadline := time.Now().Add(2 * time.Minute)
	for stored() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	c.Process.Signal(syscall.SIGKILL)
	c.Wait()
	if n := stored(); n < 3 || n >= 50 {
		t.Fatalf("shard 3 stored %d of its 50 games when killed, want a part", n)
	}
	if code, _, errOut := runBao(t, "", "analyse", "--merge", out); code == 0 || !strings.Contains(errOut, "results are missing") {
		t.Errorf("merge of a cut run: exit %d, %q; want the missing games named", code, errOut)
	}
	code, _, errOut = runBao(t, "", shard("3", "--resume")...)
	if code != 0 || !strings.Contains(errOut, "games kept from") {
		t.Fatalf("resumed shard: exit %d: %s", code, errOut)
	}
	code, merged, errOut := runBao(t, "", "analyse", "--merge", out, "--json")
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	if merged != one {
		t.Errorf("the merge differs from the one run:\n%.400s\n---\n%.400s", merged, one)
	}
	// The text report merges the same way, and a folder of other settings is refused.
	_, oneText, _ := runBao(t, "", "analyse", "--merge", out)
	if !strings.Contains(oneText, "game 1") {
		t.Errorf("merged text report: %.200s", oneText)
	}
	if code, _, errOut := runBao(t, "", append(shard("1"), "--depth", "2")...); code == 0 || !strings.Contains(errOut, "another run") {
		t.Errorf("other settings into the same folder: exit %d, %q", code, errOut)
	}
}

// TestPuzzlesCommand: bao puzzles writes records that verify, with the tags the puzzles
// contract names, and its shards merge into the same collection.
func TestPuzzlesCommand(t *testing.T) {
	dir := t.TempDir()
	_, games, _ := runBao(t, "", "selfplay", "--variant", "kingulu", "--games", "20", "--seed", "3")
	if err := os.WriteFile(filepath.Join(dir, "k.bgn"), []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	code, one, errOut := runBao(t, "", "puzzles", dir, "--max-win", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	recs, err := notation.Parse("puzzles.bgn", strings.NewReader(one))
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d puzzles: %v\n%s", len(recs), err, errOut)
	}
	for _, r := range recs {
		if errs := notation.Verify(r); len(errs) > 0 {
			t.Errorf("puzzle %d does not verify: %v", r.Number, errs)
		}
		for _, tag := range []string{"SetUp", "Position", "WinIn", "Source", "SourceRef", "Puzzle"} {
			if r.Tag(tag) == "" {
				t.Errorf("puzzle %d has no %s tag", r.Number, tag)
			}
		}
		if !strings.HasPrefix(r.Tag("Source"), "k.bgn game ") || !strings.HasPrefix(r.Tag("SourceRef"), "ply ") {
			t.Errorf("puzzle %d: Source %q SourceRef %q", r.Number, r.Tag("Source"), r.Tag("SourceRef"))
		}
	}
	out := filepath.Join(t.TempDir(), "results")
	for _, i := range []string{"1/2", "2/2"} {
		if code, _, errOut := runBao(t, "", "puzzles", dir, "--max-win", "3", "--shard", i, "--out", out); code != 0 {
			t.Fatalf("shard %s: %s", i, errOut)
		}
	}
	if _, merged, _ := runBao(t, "", "puzzles", "--merge", out); merged != one {
		t.Errorf("merged shards differ from one run")
	}
}
