package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// buildVersion describes this binary from what the Go toolchain stamped into it: the module
// version ("(devel)" for a build from a checkout), the VCS revision and whether the tree had
// uncommitted changes. `go install module@version` stamps the version; a `go build` or
// `make install` in a git checkout stamps the revision.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (built without module information)"
	}
	s := info.Main.Version
	if s == "" {
		s = "(devel)"
	}
	var rev, when, dirty string
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			when = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev == "" {
		return s + " (no revision recorded), " + info.GoVersion
	}
	if when != "" {
		when = ", " + when
	}
	return fmt.Sprintf("%s (revision %s%s%s), %s", s, rev, when, dirty, info.GoVersion)
}

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print bao's version and the revision it was built from",
		Long: `Print the module version, the version-control revision (with its time and ", modified"
when the tree had uncommitted changes) and the Go version this binary was built with.
bao --version prints the same line.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(e.out, "bao "+buildVersion())
			return err
		},
	}
}
