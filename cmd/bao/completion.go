package main

import (
	"github.com/spf13/cobra"
	"strings"

	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/engine"
)

// variantVar defines c's --variant flag, the one every command that takes a game has: its
// help says what (of the flag) and lists the games engine.Variants knows, and the shell
// completes their ids.
func variantVar(c *cobra.Command, p *string, what string) {
	var ids []string
	for _, v := range engine.Variants() {
		ids = append(ids, v.ID())
	}
	list := strings.Join(ids[:len(ids)-1], ", ") + " or " + ids[len(ids)-1]
	c.Flags().StringVar(p, "variant", "", what+": "+list)
	c.RegisterFlagCompletionFunc("variant", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var ids []cobra.Completion
		for _, v := range engine.Variants() {
			ids = append(ids, cobra.CompletionWithDesc(v.ID(), v.Name()))
		}
		return ids, cobra.ShellCompDirectiveNoFileComp
	})
}

// completeRecords makes c's file arguments complete to .bgn files (and folders, which the
// shell descends into).
func completeRecords(c *cobra.Command) {
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{tree.Ext[1:]}, cobra.ShellCompDirectiveFilterFileExt
	}
}

// completeFolders makes c's argument complete to folders: an archive is a folder.
func completeFolders(c *cobra.Command) {
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
}

// tagNames are the tags bao reads, offered where a command takes a tag name.
var tagNames = []cobra.Completion{"Event", "Site", "Date", "Round", "South", "North", "Result",
	"Variant", "SetUp", "Position", "Annotator", "Termination", "PlyCount", "TimeControl", "Source"}
