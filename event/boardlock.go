package event

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrBoardBusy is the kind of the refusal of a second writer of a board: another recorder
// (`bao record --event`, a recording page of `bao serve`) holds the board's lock.
var ErrBoardBusy = errors.New("one writer per board")

// BoardLock is the right to write one board of one round of an event: at most one recorder
// holds it at a time, so that two writers cannot overwrite each other's moves. It is an
// advisory lock on a file of the event folder (.board-R-B.lock) that also names its holder;
// the kernel drops it when the holding process ends, even by SIGKILL, so a crash never leaves
// a board locked.
type BoardLock struct {
	unlock func()
}

// LockBoard takes the lock of board of round in the event folder dir for holder, a short
// description of the writer that others are shown ("the recording page at 10.0.0.5", ""
// for this process: its command and pid). It does not wait: while another writer holds the
// board it fails with an error of kind ErrBoardBusy that names that writer. The HTTP
// recorder takes it around each write, `bao record --event` for its whole session.
func LockBoard(dir string, round, board int, holder string) (*BoardLock, error) {
	if holder == "" {
		holder = thisProcess()
	}
	holder = fmt.Sprintf("%s, since %s", oneLine(holder), time.Now().Format("15:04:05"))
	path := filepath.Join(dir, fmt.Sprintf(".board-%d-%d.lock", round, board))
	unlock, heldBy, err := tryLock(path, holder)
	if err != nil {
		return nil, err
	}
	if unlock == nil {
		if heldBy = oneLine(heldBy); heldBy == "" {
			heldBy = "another recorder"
		}
		return nil, fmt.Errorf("board %d of round %d is being recorded by %s: %w", board, round, heldBy, ErrBoardBusy)
	}
	return &BoardLock{unlock: unlock}, nil
}

// Unlock releases the board; further calls do nothing.
func (l *BoardLock) Unlock() {
	if l.unlock != nil {
		l.unlock()
		l.unlock = nil
	}
}

// thisProcess describes the running process as a board's holder.
func thisProcess() string {
	host, _ := os.Hostname()
	name := filepath.Base(os.Args[0])
	if len(os.Args) > 1 {
		name += " " + os.Args[1]
	}
	if host != "" {
		return fmt.Sprintf("%s (pid %d on %s)", name, os.Getpid(), host)
	}
	return fmt.Sprintf("%s (pid %d)", name, os.Getpid())
}

// oneLine keeps a holder's description printable and short: it is read back from a file
// anyone could have written.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 120 {
		s = string(r[:120]) + "…"
	}
	return s
}
