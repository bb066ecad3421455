package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// baoProcess is this test binary started as the bao command.
func baoProcess(t testing.TB, args ...string) *exec.Cmd {
	t.Helper()
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "BAO_TEST_AS_CLI=1")
	return c
}

// readRecord parses and verifies the single record of a recorder file.
func readRecord(t *testing.T, path string) *notation.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := notation.Parse(path, f)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %v (%d records)", path, err, len(recs))
	}
	if errs := notation.Verify(recs[0]); len(errs) > 0 {
		t.Fatalf("%s does not verify: %v", path, errs)
	}
	return recs[0]
}

// TestRecordPipe records a game from standard input, as a script would.
func TestRecordPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bgn")
	in := "A3\nA1\na1\nnag !\ncomment {oops}\ncomment a good reply\nresign\n"
	code, out, errOut := runBao(t, in, "record", "--variant", "kingulu", "--south", "Ali", "--event", "Club night", path)
	if code != 1 {
		t.Errorf("exit %d, want 1 (two rejected lines)", code)
	}
	for _, want := range []string{"stdin:2: illegal move A1", "stdin:5: bad argument"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if !strings.Contains(out, "result 0-1 (resignation)") { // South, to move, resigned
		t.Errorf("stdout:\n%s", out)
	}
	r := readRecord(t, path)
	if r.Tag("South") != "Ali" || r.Tag("Event") != "Club night" || r.Result != "0-1" || len(r.Moves) != 2 {
		t.Errorf("record:\n%s", notation.Format(r))
	}
	if code, _, errOut := runBao(t, "", "record", "--variant", "kingulu", path); code != 1 || !strings.Contains(errOut, "--resume") {
		t.Errorf("recording over an existing file: exit %d, %s", code, errOut)
	}
}

// TestRecordSurvivesKill kills the recorder (SIGKILL) after each of several moves and shows
// that the file holds every move it had acknowledged, and that --resume carries on from it.
func TestRecordSurvivesKill(t *testing.T) {
	v := engine.Kiswahili
	g := engine.RandomGame(v.Start(), engine.NewRand(5, 5), 30)
	var moves []string
	for _, m := range g.Moves() {
		moves = append(moves, v.FormatMove(m))
	}
	path := filepath.Join(t.TempDir(), "live.bgn")
	played := 0
	for _, killAfter := range []int{1, 4, 9, 15} {
		args := []string{"record", "--resume", path}
		if played == 0 {
			args = []string{"record", "--variant", v.ID(), path}
		}
		c := baoProcess(t, args...)
		stdin, _ := c.StdinPipe()
		stdout, _ := c.StdoutPipe()
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		replies := bufio.NewReader(stdout)
		replies.ReadString('\n') // "recording to …"
		for played < killAfter {
			fmt.Fprintln(stdin, moves[played])
			line, err := replies.ReadString('\n')
			if err != nil || !strings.Contains(line, moves[played]) {
				t.Fatalf("move %d %s: reply %q, %v", played+1, moves[played], line, err)
			}
			played++
		}
		// Everything acknowledged is on disk; the process dies mid-session.
		c.Process.Signal(syscall.SIGKILL)
		c.Wait()
		r := readRecord(t, path)
		if len(r.Moves) != played {
			t.Fatalf("killed after %d acknowledged moves, file holds %d", played, len(r.Moves))
		}
		for i, n := range r.Moves {
			if n.Token != moves[i] {
				t.Fatalf("move %d is %s in the file, want %s", i+1, n.Token, moves[i])
			}
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".live.bgn.*")); len(left) > 0 {
			t.Logf("temporary files left by the kill (harmless): %v", left)
		}
	}
}

// TestRecordTerminal drives the interactive screen in a real terminal (tmux).
func TestRecordTerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the terminal test needs it")
	}
	dir := t.TempDir()
	session := fmt.Sprintf("bao-test-%d", os.Getpid())
	// The sleep keeps the pane open after bao exits, so its last words can be read.
	cmd := fmt.Sprintf("BAO_TEST_AS_CLI=1 %s record --variant kingulu %s; sleep 10", os.Args[0], filepath.Join(dir, "t.bgn"))
	if out, err := exec.Command("tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "50", cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	screen := func(want string) string {
		t.Helper()
		var s string
		for range 150 { // up to 15 s: CI runs every package's tests at once on two cores
			out, _ := exec.Command("tmux", "capture-pane", "-p", "-t", session).Output()
			if s = string(out); strings.Contains(s, want) {
				return s
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("screen never showed %q:\n%s", want, s)
		return ""
	}
	keys := func(k string) { exec.Command("tmux", "send-keys", "-t", session, k, "Enter").Run() }
	s := screen("South to move\n>") // the prompt (tmux trims its trailing space)
	if !strings.Contains(s, "a:    4  4  4  4  4  4") || !strings.Contains(s, "South to move") {
		t.Fatalf("start screen:\n%s", s)
	}
	keys("A1")
	screen("rejected: illegal move A1")
	keys("A3")
	s = screen("North to move")
	if !strings.Contains(s, "1. South A3") || !strings.Contains(s, "A:    6  6  2  7  0  6") {
		t.Fatalf("after A3:\n%s", s)
	}
	keys("quit")
	screen("saved in")
	r := readRecord(t, filepath.Join(dir, "t.bgn"))
	if len(r.Moves) != 1 {
		t.Errorf("record holds %d moves, want 1", len(r.Moves))
	}
}

// TestRecordEventBoardTwice: a second `bao record --event` of a board that another process
// records is refused with the first's pid, exit 1, and the first's moves stay.
func TestRecordEventBoardTwice(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "club")
	if code, _, errOut := runBao(t, "", "event", "new", dir, "--name", "Club", "--variant", "kingulu",
		"--format", "round-robin", "--player", "Ali", "--player", "Bakari"); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := runBao(t, "", "event", "pair", dir); code != 0 {
		t.Fatal(errOut)
	}
	args := []string{"record", "--event", dir, "--round", "1", "--board", "1"}
	first := baoProcess(t, args...)
	stdin, _ := first.StdinPipe()
	stdout, _ := first.StdoutPipe()
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	replies := bufio.NewReader(stdout)
	replies.ReadString('\n') // "recording to …"
	fmt.Fprintln(stdin, "A3")
	if line, err := replies.ReadString('\n'); err != nil || !strings.Contains(line, "A3") {
		t.Fatalf("first recorder: %q, %v", line, err)
	}
	code, out, errOut := runBao(t, "a1\n", args...)
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("pid %d", first.Process.Pid)) || strings.Contains(out, "saved") {
		t.Errorf("second recorder: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	fmt.Fprintln(stdin, "quit")
	stdin.Close()
	if err := first.Wait(); err != nil {
		t.Fatal(err)
	}
	recs, err := notation.ReadFile(filepath.Join(dir, "round-01.bgn"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(recs[0].Moves); n != 1 {
		t.Errorf("board 1 holds %d moves, want the first recorder's one", n)
	}
}

// A script that ends with quit after a rejected line failed: exit 1, as without quit.
func TestRecordPipeQuitAfterRejected(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bgn")
	code, out, errOut := runBao(t, "A3\nA1\nquit\n", "record", "--variant", "kingulu", path)
	if code != 1 || !strings.Contains(errOut, "stdin:2: illegal move A1") || strings.Count(out, "saved in") != 1 {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if code, _, errOut := runBao(t, "quit\n", "record", "--resume", path); code != 0 {
		t.Errorf("quit alone: exit %d: %s", code, errOut)
	}
}

// --append without the file is a usage error (exit 2): the game once went to a new file named
// by the clock, and Append then failed with "no such file" (exit 1).
func TestRecordAppendNeedsFile(t *testing.T) {
	t.Chdir(t.TempDir())
	code, _, errOut := runBao(t, "quit\n", "record", "--append", "--variant", "kingulu")
	if code != 2 || !strings.Contains(errOut, "--append needs the FILE.bgn") {
		t.Errorf("exit %d, want 2 and the usage error: %s", code, errOut)
	}
}

// TestRecordKiswahili records from a pipe with --lang sw: the status, the replies, the
// refusal with the legal moves and the saved line are the Kiswahili catalogue's.
func TestRecordKiswahili(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bgn")
	in := "A6<*\nundo\nA5>\nresult 1-0 resignation\n"
	code, out, errOut := runBao(t, in, "record", "--lang", "sw", "--variant", "kiswahili", path)
	if code != 1 {
		t.Errorf("exit %d, want 1 (a rejected line)", code)
	}
	sw := lang.Must("sw")
	for _, want := range []string{
		sw.T("record.recording", "Path", path, "Status", sw.T("record.tomove.stage", "Ply", "0", "Side", sw.T("side.South"), "Stage", "namua")),
		"1. " + sw.T("side.South") + " A6<*",
		sw.T("record.tookback", "Move", "A6<*"),
		sw.T("record.result", "Result", "1-0", "How", "resignation"),
		sw.T("record.saved", "Path", path),
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if want := "stdin:3: " + sw.T("record.illegal", "Move", "A5>", "Legal", "A6<* A6>* A7<* A7>*"); !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	for _, english := range []string{"recording to", "took back", "saved in", "illegal move", "to move"} {
		if strings.Contains(out+errOut, english) {
			t.Errorf("the Kiswahili recorder says %q:\n%s%s", english, out, errOut)
		}
	}
	if code, _, errOut := runBao(t, "", "record", "--lang", "xx", "--variant", "kiswahili", path+"2"); code != 2 || !strings.Contains(errOut, "--lang") {
		t.Errorf("--lang xx: exit %d, %s", code, errOut)
	}
}
