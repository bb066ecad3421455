//go:build !race

// Package race tells tests whether they run under the race detector, which multiplies memory
// by 5-10 and time by 2-20: bounds measured without it do not hold with it.
package race

// Enabled reports whether the race detector is on.
const Enabled = false
