package batch

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{1, 1}, true},
		{"3/8", Shard{3, 8}, true},
		{"0/4", Shard{}, false},
		{"5/4", Shard{}, false},
		{"1/0", Shard{}, false},
		{"2", Shard{}, false},
		{"a/b", Shard{}, false},
	} {
		got, err := ParseShard(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseShard(%q) = %v, %v", c.in, got, err)
		}
	}
	// Every game is in exactly one part.
	for n := 1; n <= 5; n++ {
		for k := range 20 {
			in := 0
			for i := 1; i <= n; i++ {
				if (Shard{i, n}).Has(k) {
					in++
				}
			}
			if in != 1 {
				t.Errorf("game %d is in %d of %d parts", k, in, n)
			}
		}
	}
}

func FuzzParseShard(f *testing.F) {
	f.Add("2/3")
	f.Add("-1/2")
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if again, err := ParseShard(sh.String()); err != nil || again != sh {
			t.Errorf("%q reads as %v, written %q, read again as %v (%v)", s, sh, sh.String(), again, err)
		}
	})
}

func TestStoreAndMerge(t *testing.T) {
	run := Run{Command: "puzzles", Settings: "depth 3", Games: 4, Inputs: Inputs([]string{"a", "b", "c", "d"})}
	dirs := []string{filepath.Join(t.TempDir(), "one"), filepath.Join(t.TempDir(), "two")}
	for i, dir := range dirs {
		s, err := Open(dir, run)
		if err != nil {
			t.Fatal(err)
		}
		for k := i; k < 4; k += 2 {
			if err := s.Put(k, "key", []byte(fmt.Sprint("result ", k))); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := s.Get(i, "other key"); ok {
			t.Errorf("a result is given for another game's key")
		}
	}
	if _, _, err := Merge(dirs[:1]); !errors.Is(err, ErrIncomplete) {
		t.Errorf("merge of one part of two: %v, want ErrIncomplete", err)
	}
	_, results, err := Merge(dirs)
	if err != nil {
		t.Fatal(err)
	}
	for k, r := range results {
		if string(r) != fmt.Sprint("result ", k) {
			t.Errorf("game %d: %q", k, r)
		}
	}
	other := run
	other.Settings = "depth 4"
	if _, err := Open(dirs[0], other); !errors.Is(err, ErrMismatch) {
		t.Errorf("a folder of other settings: %v, want ErrMismatch", err)
	}
}

func ExampleParseShard() {
	sh, _ := ParseShard("2/4")
	for k := range 8 {
		if sh.Has(k) {
			fmt.Print(k, " ")
		}
	}
	fmt.Println()
	// Output: 1 5
}
