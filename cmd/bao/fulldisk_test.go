package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/bao-archive/bao/notation"
)

// limitFileSize makes every file this process writes stop at limit bytes (RLIMIT_FSIZE):
// writes past it fail with EFBIG, as on a full disk, without root or a small file system. Go
// ignores the SIGXFSZ that comes with it.
func limitFileSize(limit string) {
	n, err := strconv.ParseUint(limit, 10, 64)
	if err != nil {
		return
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
		fmt.Fprintln(os.Stderr, "setrlimit:", err)
		os.Exit(3)
	}
}

// abstractPlayGames writes n self-played Bao la Kiswahili games of seed, exported to Abstract
// Play with Event ev, into dir/name.
func abstractPlayGames(t *testing.T, dir, name, ev string, n, seed int) string {
	t.Helper()
	code, games, errOut := runBao(t, "", "selfplay", "--variant", "kiswahili", "--games", strconv.Itoa(n), "--seed", strconv.Itoa(seed))
	if code != 0 {
		t.Fatal(errOut)
	}
	code, js, errOut := runBao(t, games, "export", "--to", "abstractplay", "-")
	if code != 0 {
		t.Fatal(errOut)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(js, "Engine self-play", ev)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// snapshot reads every file of dir, hidden ones too.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// TestImportFullDisk: an import that runs out of space leaves every file it could not finish
// byte for byte as it was, says which, and exits 1; the files it could finish are whole. The
// disk is "full" for files over a size (RLIMIT_FSIZE in a child process). Before, the failed
// write's temporary file was put in place cut, inside a record.
func TestImportFullDisk(t *testing.T) {
	dir := t.TempDir()
	// The user's file and one new game list, into one file.
	user := filepath.Join(dir, "small", "user.bgn")
	os.Mkdir(filepath.Dir(user), 0o755)
	old := abstractPlayGames(t, dir, "old.json", "Club", 25, 1)
	if code, _, errOut := runBao(t, "", "import", "--from", "abstractplay", "--out", user, old); code != 0 {
		t.Fatal(errOut)
	}
	fresh := abstractPlayGames(t, dir, "new.json", "Club", 25, 2)
	before, _ := os.ReadFile(user)
	for _, limit := range []int{len(before) + 100, len(before) + 3000, len(before) + 7001} {
		c := baoProcess(t, "import", "--from", "abstractplay", "--out", user, fresh)
		c.Env = append(c.Env, fmt.Sprintf("BAO_TEST_FSIZE=%d", limit))
		var stderr bytes.Buffer
		c.Stderr = &stderr
		err := c.Run()
		if code := c.ProcessState.ExitCode(); code != 1 {
			t.Fatalf("limit %d: exit %d (%v), want 1\n%s", limit, code, err, stderr.String())
		}
		if after, _ := os.ReadFile(user); !bytes.Equal(after, before) {
			t.Fatalf("limit %d: %s changed (%d bytes, was %d)", limit, user, len(after), len(before))
		}
		if want := user + ": not written, it keeps its old contents"; !strings.Contains(stderr.String(), want) {
			t.Errorf("limit %d: stderr does not say %q:\n%s", limit, want, stderr.String())
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(user), ".*")); len(left) > 0 {
			t.Errorf("limit %d: left %v", limit, left)
		}
	}

	// A folder of the user's files, one per event, and inputs to every event and a new one:
	// the small files are finished, the big ones kept, none is cut.
	out := filepath.Join(dir, "games")
	var inputs []string
	for i, n := range []int{4, 30, 8, 40} {
		ev := fmt.Sprintf("Event %d", i)
		in := abstractPlayGames(t, dir, fmt.Sprintf("old%d.json", i), ev, n, 10+i)
		if code, _, errOut := runBao(t, "", "import", "--from", "abstractplay", "--out", out+"/", in); code != 0 {
			t.Fatal(errOut)
		}
		inputs = append(inputs, abstractPlayGames(t, dir, fmt.Sprintf("new%d.json", i), ev, n, 20+i))
	}
	inputs = append(inputs, abstractPlayGames(t, dir, "new4.json", "Event 4", 60, 30))
	was := snapshot(t, out)
	c := baoProcess(t, append([]string{"import", "--from", "abstractplay", "--out", out + "/"}, inputs...)...)
	c.Env = append(c.Env, "BAO_TEST_FSIZE=12000")
	var stderr bytes.Buffer
	c.Stderr = &stderr
	c.Run()
	if code := c.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("folder: exit %d, want 1\n%s", code, stderr.String())
	}
	now := snapshot(t, out)
	kept, grown := 0, 0
	for name, b := range now {
		switch {
		case bytes.Equal(b, was[name]):
			kept++
			if !strings.Contains(stderr.String(), filepath.Join(out, name)+": not written, it keeps its old contents") {
				t.Errorf("%s kept its old contents, and stderr does not say so:\n%s", name, stderr.String())
			}
		case strings.HasPrefix(name, "."):
			t.Errorf("left %s", name)
		default:
			grown++
			recs, err := notation.ReadFile(filepath.Join(out, name))
			if err != nil || !bytes.HasPrefix(b, was[name]) && was[name] != nil {
				t.Errorf("%s: written cut or changed: %d records, %v", name, len(recs), err)
			}
		}
	}
	if kept == 0 || grown == 0 {
		t.Errorf("want some files kept and some written, got %d kept, %d written:\n%s", kept, grown, stderr.String())
	}
	if _, ok := now["event-4.bgn"]; ok {
		t.Errorf("the new event's file was made cut, or not over the limit:\n%s", stderr.String())
	}
}
