// Package rules holds no code: its test reads the project's Go sources and keeps rules that
// the compiler cannot, each concept in its one place.
package rules
