//go:build !unix

package notation

import "os"

// running reports whether the process pid exists.
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
