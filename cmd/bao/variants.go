package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

func newVariantsCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "variants",
		Short: "List the games bao knows",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
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
			if asJSON {
				return writeJSON(e.out, rows)
			}
			for _, r := range rows {
				fmt.Fprintf(e.out, "%s\t%s\t%s\n", r.ID, r.Name, r.Summary)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}
