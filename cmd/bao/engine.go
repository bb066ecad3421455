package main

import (
	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
)

func newEngineCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "engine",
		Short: "Speak the engine protocol on standard input and output",
		Long: `Run bao as an analysis engine for other programs and GUIs: a protocol modelled on UCI, one
command per line on standard input, answers on standard output (docs/engine-protocol.md):

  uci, isready, setoption name Hash|Threads|MultiPV value N, ucinewgame,
  position VARIANT startpos|bpn BPN [moves TOKEN...],
  go [depth N] [movetime MS] [nodes N] [infinite], stop, quit`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return analysis.Serve(cmd.Context(), e.in, e.out)
		},
	}
}
