//go:build unix

package analysis

import (
	"syscall"
	"time"
)

// cpuTime is the process's user CPU time: on a shared machine the benchmark's nodes per CPU
// second say more than its nodes per wall-clock second.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano()), true
}
