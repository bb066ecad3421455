package notation

import (
	"os"
	"path/filepath"
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
