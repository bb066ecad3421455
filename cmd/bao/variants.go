package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

// variantsOptions are bao variants' flags.
type variantsOptions struct{ json bool }

// newVariantsCmd is bao variants; runF, if not nil, runs it instead of listing.
func newVariantsCmd(e *env, runF func(*variantsOptions) error) *cobra.Command {
	var o variantsOptions
	c := &cobra.Command{
		Use:   "variants",
		Short: "List the games bao knows, with the names --variant accepts",
		Long: `List the games bao knows: the id, the name, the other names --variant (and a record's
Variant tag) accept for it, and a summary. Names are matched in any case. On a terminal the
columns are aligned under a header.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(&o)
			}
			return variantsRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	return c
}

// variantsRun lists the variants.
func variantsRun(e *env, o *variantsOptions) error {
	type row struct {
		ID      string   `json:"id"`
		Name    string   `json:"name"`
		Summary string   `json:"summary"`
		Aliases []string `json:"aliases"`
		Start   string   `json:"start"`
	}
	var rows []row
	for _, v := range engine.Variants() {
		rows = append(rows, row{v.ID(), v.Name(), v.Summary(), v.Aliases(), v.Start().String()})
	}
	if o.json {
		return writeJSON(e.out, rows)
	}
	w := io.Writer(e.out)
	var tw *tabwriter.Writer
	if isTerminal(e.out) {
		tw = tabwriter.NewWriter(e.out, 0, 4, 2, ' ', 0)
		w = tw
		fmt.Fprintln(w, "ID\tNAME\tALSO ACCEPTED\tSUMMARY")
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", r.ID, r.Name, strings.Join(r.Aliases, ", "), r.Summary)
	}
	if tw != nil {
		return tw.Flush()
	}
	return nil
}
