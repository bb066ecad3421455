package archive

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

// updateEnv makes the test binary run one Update of the archive it names and exit: the child
// process that TestKillDuringUpdate kills.
const updateEnv = "BAO_ARCHIVE_TEST_UPDATE"

func TestMain(m *testing.M) {
	if root := os.Getenv(updateEnv); root != "" {
		if _, err := Update(context.Background(), root, UpdateOptions{BatchSize: 50, Shards: 2}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestKillDuringUpdate kills `Update` with SIGKILL at several moments, runs it again to the end,
// and checks that the index answers exactly as a clean build does.
func TestKillDuringUpdate(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	f := &fixture{root: t.TempDir()}
	for i := range 24 {
		v := engine.Variants()[i%4]
		f.addGames(t, fmt.Sprintf("d%d/f%02d.bgn", i%3, i), v, uint64(i), 300, func(j int) [][2]string {
			return roster("Kill Open", "2001.01.01", fmt.Sprint("S", j%7), fmt.Sprint("N", j%5))
		}, 60)
	}
	want := cleanSnapshot(t, f.root)

	// how long a whole run takes, to spread the kills over it
	start := time.Now()
	runChild(t, f.root, 0)
	full := time.Since(start)
	if err := os.RemoveAll(DefaultIndexDir(f.root)); err != nil {
		t.Fatal(err)
	}
	kills := 0
	for _, frac := range []float64{0.3, 0.5, 0.2, 0.7, 0.9} {
		if runChild(t, f.root, time.Duration(frac*float64(full))) {
			kills++
		}
	}
	t.Logf("a full run takes %v; %d of 5 runs were killed before they ended", full, kills)
	runChild(t, f.root, 0)
	ix, err := Open(DefaultIndexDir(f.root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if got := snapshot(t, ix); got != want {
		t.Errorf("after %d kills the index differs from a clean build", kills)
	}
}

// runChild runs one Update in a child process, killing it with SIGKILL after d (0: never). It
// reports whether the child was killed.
func runChild(t *testing.T, root string, d time.Duration) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), updateEnv+"="+root)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if d > 0 {
		timer := time.AfterFunc(d, func() { cmd.Process.Kill() })
		defer timer.Stop()
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok && !ee.Exited() {
		return true
	}
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	return false
}
