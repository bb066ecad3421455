package main

import (
	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/engine"
)

// completeVariants offers the variant ids (and their aliases) for c's --variant flag.
func completeVariants(c *cobra.Command) {
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
