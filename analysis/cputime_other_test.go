//go:build !unix

package analysis

import "time"

// cpuTime is not measured here: the benchmark reports nodes per wall-clock second only.
func cpuTime() (time.Duration, bool) { return 0, false }
