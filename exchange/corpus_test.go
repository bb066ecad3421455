package exchange

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestCorpus imports every file of testdata/FORMAT/ and compares the BGN and the problems with
// the golden FILE.golden.
func TestCorpus(t *testing.T) {
	variants := map[string]*engine.Variant{"kimasai.txt": engine.Kimasai}
	files, _ := filepath.Glob("testdata/*/*")
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") {
			continue
		}
		n++
		format := filepath.Base(filepath.Dir(path))
		t.Run(format+"/"+filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			o := Options{Variant: engine.Kiswahili}
			if v := variants[filepath.Base(path)]; v != nil {
				o.Variant = v
			}
			recs, problems, err := Import(format, filepath.ToSlash(path), data, o)
			var b bytes.Buffer
			for _, p := range problems {
				fmt.Fprintf(&b, "problem: %v\n", p)
			}
			if err != nil {
				fmt.Fprintf(&b, "error: %v\n", err)
			}
			notation.Write(&b, recs...)
			golden := path + ".golden"
			if *update {
				os.WriteFile(golden, b.Bytes(), 0o644)
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./exchange -update)", err)
			}
			if b.String() != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
			}
		})
	}
	if n < 10 {
		t.Errorf("only %d corpus files", n)
	}
}

// TestHostileRoundTrip: whatever import writes, bao reads back. Every input of the corpus
// (the hostile-* files are inputs that once gave records bao's reader refused) and a few too
// big to keep in testdata is imported, written, read back and validated: the written file
// reads without a syntax error, with as many games as were written, and every game that does
// not verify carries an ImportProblem tag; a sink still takes games into the file.
func TestHostileRoundTrip(t *testing.T) {
	type input struct {
		format, name string
		data         []byte
	}
	var inputs []input
	files, _ := filepath.Glob("testdata/*/*")
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{filepath.Base(filepath.Dir(path)), path, data})
	}
	ap, _ := os.ReadFile("testdata/abstractplay/malawi.json")
	inputs = append(inputs,
		input{"kiba", "100,000 nested (1:", []byte(strings.Repeat("(1: ", 100_000) + "A6<\n")},
		input{"kiba", "a 10 MB tag", []byte(`[Event "` + strings.Repeat("x", 10<<20) + "\"]\n 1: A6< a3>\n")},
		input{"lr", "a 5,000-digit token", []byte(" 1: " + strings.Repeat("9", 5000) + "L\n")},
		input{"abstractplay", "a 10 MB event", bytes.Replace(ap, []byte(`"Online league"`), []byte(`"`+strings.Repeat("y", 10<<20)+`"`), 1)},
	)
	for _, in := range inputs {
		t.Run(in.format+"/"+filepath.Base(in.name), func(t *testing.T) {
			var out bytes.Buffer
			games := 0
			_, err := ImportEach(in.format, in.name, in.data, Options{Variant: engine.Kiswahili}, func(r *notation.Record) error {
				if games > 0 {
					out.WriteString("\n")
				}
				games++
				return notation.Write(&out, r)
			})
			if err != nil && games > 0 {
				t.Fatalf("%d games, then %v", games, err)
			}
			if out.Len() > 4<<20 {
				t.Errorf("%d games written in %d bytes: not bounded", games, out.Len())
			}
			read := 0
			_, verr := notation.Validate("out.bgn", bytes.NewReader(out.Bytes()), func(e *notation.Error) {
				if errors.Is(e.Err, notation.ErrSyntax) || errors.Is(e.Err, notation.ErrEncoding) || errors.Is(e.Err, notation.ErrTooLarge) || errors.Is(e.Err, notation.ErrTooDeep) {
					t.Errorf("bao does not read what import wrote: %v", e)
				}
			})
			if verr != nil {
				t.Fatal(verr)
			}
			recs, perr := notation.Parse("out.bgn", bytes.NewReader(out.Bytes()))
			read = len(recs)
			if perr != nil || read != games {
				t.Fatalf("wrote %d games, read back %d: %v", games, read, perr)
			}
			for _, r := range recs {
				if errs := notation.Verify(r); len(errs) > 0 && r.Tag("ImportProblem") == "" {
					t.Errorf("game %d does not verify (%v) and has no ImportProblem", r.Number, errs[0])
				}
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "out.bgn")
			os.WriteFile(path, out.Bytes(), 0o644)
			if _, err := NewSink(path); err != nil {
				t.Errorf("the written file takes no more imports: %v", err)
			}
		})
	}
}
