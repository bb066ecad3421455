package notation

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bgn")
	if err := WriteFile(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", st.Mode().Perm())
	}
	os.Chmod(path, 0o600)
	if err := WriteFile(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(got) != "two" || st.Mode().Perm() != 0o600 {
		t.Errorf("after rewrite: %q, mode %v", got, st.Mode().Perm())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".g.bgn.*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// A folder that cannot be written: the error is reported and nothing else happens.
	if err := WriteFile(filepath.Join(dir, "missing", "g.bgn"), []byte("x")); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Zanzibar Open / 1998: final": "zanzibar-open-1998-final",
		"javascript:alert(1)\u2028":   "javascript-alert-1",
		"../..":                       "x",
		"Mwalimu Ali":                 "mwalimu-ali",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// A replacement whose Write failed once (a full disk) is never put in place, even when the
// Writes after it succeed: the file keeps its old contents and Commit says so.
func TestFileFailedWriteKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bgn")
	if err := WriteFile(path, []byte("old games\n")); err != nil {
		t.Fatal(err)
	}
	f, err := CreateFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new games, the first half"))
	// The disk fills: the handle refuses writes. Then space comes back.
	f.tmp.Close()
	f.tmp, _ = os.Open(f.name)
	if _, err := f.Write([]byte(" and the second")); err == nil {
		t.Fatal("a write through a read-only handle succeeded")
	}
	f.Pause()
	if _, err := f.Write([]byte("more")); err == nil {
		t.Error("a write after a failed one succeeded")
	}
	err = f.Commit()
	if !errors.Is(err, ErrNotWritten) || !strings.Contains(err.Error(), path+": not written, it keeps its old contents") {
		t.Errorf("Commit after a failed write: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old games\n" {
		t.Errorf("the file holds %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".g.bgn.*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A file no one may write is the user's "keep this one": it is refused, not replaced.
func TestCreateFileReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bgn")
	os.WriteFile(path, []byte("mine"), 0o444)
	if err := WriteFile(path, []byte("theirs")); !errors.Is(err, ErrReadOnly) {
		t.Errorf("WriteFile over a 0444 file: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "mine" {
		t.Errorf("the file holds %q", got)
	}
}

// RemoveTemp removes the leftovers of dead writers of its file only: not a running writer's,
// not another file's.
func TestRemoveTempLeftovers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bgn")
	live, err := CreateFile(path) // this process: running
	if err != nil {
		t.Fatal(err)
	}
	defer live.Abort()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no process to outlive:", err)
	}
	names := map[string]bool{ // name: a leftover of g.bgn
		fmt.Sprintf(".g.bgn.%d-123.tmp", dead.Process.Pid): true,
		".g.bgn.123456.tmp": true, // before process ids
		fmt.Sprintf(".h.bgn.%d-123.tmp", dead.Process.Pid): false,
		".g.bgn.tmp": false,
	}
	for name := range names {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	n, err := RemoveTemp(path)
	if err != nil || n != 2 {
		t.Errorf("RemoveTemp: %d, %v; want 2", n, err)
	}
	for name, gone := range names {
		if _, err := os.Stat(filepath.Join(dir, name)); (err != nil) != gone {
			t.Errorf("%s: removed %v, want %v", name, err != nil, gone)
		}
	}
	if _, err := os.Stat(live.Name()); err != nil {
		t.Errorf("the running writer's file was removed: %v", err)
	}
	anyBGN := func(target string) bool { return strings.HasSuffix(target, "bgn") }
	if !IsLeftover(fmt.Sprintf(".h.bgn.%d-123.tmp", dead.Process.Pid), anyBGN) || IsLeftover(filepath.Base(live.Name()), anyBGN) ||
		IsLeftover(fmt.Sprintf(".h.txt.%d-123.tmp", dead.Process.Pid), anyBGN) {
		t.Error("IsLeftover of the files a test accepts")
	}
}
