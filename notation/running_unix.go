//go:build unix

package notation

import (
	"errors"
	"syscall"
)

// running reports whether the process pid exists (signal 0 checks without sending).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
