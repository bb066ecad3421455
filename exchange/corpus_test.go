package exchange

import (
	"bytes"
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
