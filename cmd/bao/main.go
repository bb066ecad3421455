// Command bao reads, checks, searches and publishes records of Bao games.
package main

import (
	"io"
	"log"
	"os"
)

func main() {
	// bleve's scorch writes notes on damaged index files with the standard logger; bao finds
	// the damage itself and reports it in one line (archive.Update's notice)
	log.SetOutput(io.Discard)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
