package live

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
)

// childEnv, set, makes the test binary a live server of the event it names (see TestMain),
// for the test that kills the server.
const childEnv = "BAO_LIVE_TEST_SERVE"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		sv, err := New(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sv.limits.linkBurst = 1e6
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(ln.Addr())
		_ = http.Serve(ln, sv)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// kill -9 of the server at 30 random moments while 8 boards record: after each kill every
// acknowledged move is on disk, and after each restart the boards record on.
func TestKillServer(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and restarts a server 30 times")
	}
	dir, links := newEvent(t, "kiswahili", 16)
	const plies = 30
	lines := make([][]string, len(links.Boards))
	for i := range lines {
		lines[i] = testgame.Line(engine.Kiswahili, plies, i+1, 2*i+1)
	}
	var addr atomic.Value
	var cmd *exec.Cmd
	start := func() {
		cmd = exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+dir)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			t.Fatalf("the server did not start: %v", err)
		}
		addr.Store("http://" + strings.TrimSpace(line))
	}
	start()
	acked := make([]atomic.Int32, len(lines))
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for b, line := range lines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < len(line) && time.Now().Before(deadline); {
				url := addr.Load().(string) + links.Boards[b].Link + "/moves"
				resp, err := client.Post(url, "application/json", strings.NewReader(move(i+1, line[i])))
				if err != nil {
					time.Sleep(5 * time.Millisecond)
					continue // the server is down: the same move again
				}
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusOK:
					i++
					acked[b].Store(int32(i))
					// A board records at most a move per 100 ms, as at a real board, so that
					// the kills below come while boards record however fast the machine is.
					time.Sleep(100 * time.Millisecond)
				case http.StatusConflict, http.StatusUnprocessableEntity:
					t.Errorf("board %d ply %d: %s", b+1, i+1, resp.Status)
					return
				}
			}
		}()
	}
	rng := rand.New(rand.NewPCG(26, 9))
	onDisk := func() [][]string {
		recs := mustRead(t, filepath.Join(dir, "round-01.bgn"))
		out := make([][]string, len(recs))
		for i, r := range recs {
			for _, m := range r.Moves {
				out[i] = append(out[i], m.Token)
			}
		}
		return out
	}
	during := 0 // kills while some board was still recording
	for range 30 {
		time.Sleep(time.Duration(10+rng.IntN(90)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		disk := onDisk()
		recording := false
		for b, line := range lines {
			n := int(acked[b].Load())
			recording = recording || n < len(line)
			if len(disk[b]) < n || !slices.Equal(disk[b], line[:len(disk[b])]) {
				t.Fatalf("board %d: %d moves acknowledged, on disk %v", b+1, n, disk[b])
			}
		}
		if recording {
			during++
		}
		start()
	}
	wg.Wait()
	if during < 20 {
		t.Errorf("only %d of the 30 kills came while a board was recording", during)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	disk := onDisk()
	for b, line := range lines {
		if !slices.Equal(disk[b], line) {
			t.Errorf("board %d after the restarts: %v\nwant %v", b+1, disk[b], line)
		}
	}
	validate(t, filepath.Join(dir, "round-01.bgn"))
}
