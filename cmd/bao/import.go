package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/notation"
)

// maxImport bounds what one input may be: records of other programs are small, and a
// hostile or mistaken input (a disk image, /dev/zero) must not fill the memory.
const maxImport = 64 << 20

func newImportCmd(e *env) *cobra.Command {
	var o struct {
		from, variant, out string
		boardLR, force     bool
	}
	c := &cobra.Command{
		Use:   "import --from FORMAT [--variant ID] [--out FILE|DIR] INPUT...",
		Short: "Read games of other programs and notations as BGN, checking every move",
		Long: `Read game records written by other programs or in other notations, check every game
through the rules engine and write them as canonical BGN: to standard output, to one --out
FILE, or with --out DIR (an existing folder, or a name ending in /) one file per INPUT, or per
event for games whose source names their event.
An INPUT of - is standard input.

Formats (docs/import.md says what each keeps and loses):
  abstractplay  Abstract Play game records (JSON: one record or a download's array)
  kiba          KIBA move lists and BoardGameArena logs: ' 1: A6< a3>; 2: ...' (needs --variant)
  lr            move lists with directions as letters, 'B6R A7L' (needs --variant; --board-lr)
  nkkmd         the JSON game record of the nkkmd Bao la Kiswahili web app

A game with an illegal move is still written, its problem reported as 'bao validate' reports
it (file:line:col of the INPUT) and kept in an ImportProblem tag; the exit code is then 1.
Games already stored in the --out file or folder (the same moves from the same start,
whatever the tags) are reported and not added again, and nothing a file held is lost: new
games are added after the old ones, unless --force writes the file anew.`,
		Example: `  bao import --from abstractplay --out games/ap/ bao-games.json
  bao import --from kiba --variant kiswahili --out final.bgn final.txt
  bao import --from lr --variant kiswahili --board-lr - < devoogt-1995.txt`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var opts exchange.Options
			if o.variant != "" {
				v, err := variantFlag(o.variant)
				if err != nil {
					return err
				}
				opts.Variant = v
			}
			opts.BoardLR = o.boardLR
			if exchange.NeedsVariant(o.from) && opts.Variant == nil {
				return usagef("--from %s needs --variant: the format does not name the game", o.from)
			}
			if !slices.Contains(exchange.Imports(), o.from) {
				return usagef("--from %q: known formats are %s", o.from, strings.Join(exchange.Imports(), ", "))
			}
			if o.boardLR && !exchange.TakesBoardLR(o.from) {
				return usagef("--board-lr is for the formats that write L and R (lr), not --from %s", o.from)
			}
			if opts.Variant != nil && !exchange.NeedsVariant(o.from) {
				// It would be passed over, and the games read as the format's own game.
				return usagef("--from %s names its game: --variant is for the formats that do not", o.from)
			}
			toDir := o.out != "" && (strings.HasSuffix(o.out, "/") || isDir(o.out))
			if out, err := os.Stat(o.out); err == nil && !toDir {
				for _, in := range args {
					if st, err := os.Stat(in); err == nil && os.SameFile(st, out) {
						return usagef("--out %s is the input %s: the games would be written over what they are read from", o.out, in)
					}
				}
			}
			problems, failed := 0, false
			var sink *exchange.Sink
			if o.out != "" {
				if toDir {
					if err := os.MkdirAll(o.out, 0o755); err != nil {
						return err
					}
				}
				var err error
				if sink, err = exchange.NewSink(o.out); err != nil {
					if sink == nil {
						return err
					}
					fmt.Fprintf(e.err, "%v\n", err) // an unreadable file: the others still take games
					failed = true
				}
			}
			if sink != nil {
				defer sink.Abort() // a run that stops short leaves the files as they were
			}
			// Games go out as they are read, so that an input of any size holds one.
			written := 0 // to standard output
			var outErr error
			for _, in := range args {
				data, err := readInput(e, in)
				if err != nil {
					fmt.Fprintf(e.err, "%v\n", err)
					failed = true
					continue
				}
				// One file per input, or per event when the input names one; each file's
				// games are told after the input's problems, files in the order first met.
				files := map[string]*importedFile{}
				var order []string
				errs, err := exchange.ImportEach(o.from, in, data, opts, func(r *notation.Record) error {
					if sink == nil {
						if written > 0 {
							if _, err := io.WriteString(e.out, "\n"); err != nil {
								outErr = err
								return err
							}
						}
						written++
						if err := notation.Write(e.out, r); err != nil {
							outErr = err
							return err
						}
						return nil
					}
					path := o.out
					if toDir {
						path = exchange.FileFor(o.out, in, r)
					}
					f := files[path]
					if f == nil {
						f = &importedFile{}
						files[path] = f
						order = append(order, path)
					}
					f.read++
					if f.err != nil {
						return nil
					}
					where, dup, err := sink.Store(path, r, o.force)
					switch {
					case err != nil:
						f.err = err
					case dup:
						f.dups = append(f.dups, storedAt{r.Number, where})
					default:
						f.added++
					}
					return nil
				})
				if outErr != nil {
					return outErr
				}
				for _, pe := range errs {
					fmt.Fprintln(e.err, pe.Error())
				}
				problems += len(errs)
				if err != nil {
					fmt.Fprintf(e.err, "%v\n", err)
					failed = true
				}
				for _, path := range order {
					f := files[path]
					if f.err != nil {
						fmt.Fprintf(e.err, "%v\n", f.err) // the other files still take their games
						failed = true
						continue
					}
					for _, d := range f.dups {
						fmt.Fprintf(e.err, "%s: game %d is already stored (%s: game %d): not added\n", in, d.game, d.where.File, d.where.Game)
					}
					fmt.Fprintf(e.out, "%s: %d games read, %d added to %s\n", in, f.read, f.added, path)
				}
			}
			if sink != nil {
				if err := sink.Commit(); err != nil {
					fmt.Fprintf(e.err, "%v\n", err)
					failed = true
				}
			}
			if problems > 0 || failed {
				return errFound
			}
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&o.from, "from", "", "format: "+strings.Join(exchange.Imports(), ", "))
	f.StringVar(&o.variant, "variant", "", "the game, for formats that do not name it")
	f.StringVar(&o.out, "out", "", "BGN file, or folder for one file per input (default: standard output)")
	f.BoolVar(&o.boardLR, "board-lr", false, "lr: L and R are the board's left and right from South's seat, not the mover's")
	f.BoolVar(&o.force, "force", false, "write the --out file anew instead of adding to it")
	c.MarkFlagRequired("from")
	return c
}

func newExportCmd(e *env) *cobra.Command {
	var to, out string
	c := &cobra.Command{
		Use:   "export --to FORMAT [--out FILE] FILE...",
		Short: "Write BGN games in another format",
		Long: `Write the games of BGN files (a folder stands for the .bgn files under it, - for standard
input) in another format:
  abstractplay  Abstract Play game records, one JSON array (Bao la Kiswahili games only)
  json          one JSON object per game and line: tags, and every move with its canonical
                token, ply, comments, NAGs and the position after it (BPN)
Games are written as they are read, in flat memory. A record with syntax errors, one whose
main line cannot be played to its end, or one the format cannot hold, is reported and left
out, and the command then exits 1. An illegible move is written as bao validate fills it.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(exchange.Exports(), to) {
				return usagef("--to %q: known formats are %s", to, strings.Join(exchange.Exports(), ", "))
			}
			// Records are written as they are read: an export of any size holds one record.
			w, err := createOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			enc, err := exchange.NewEncoder(to, w)
			if err != nil {
				return err
			}
			failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
				if len(errs) > 0 {
					bad(fmt.Errorf("%s:%d: left out: %w", r.File, r.Pos.Line, errs[0]))
					return nil
				}
				if err := enc.Encode(r); err != nil {
					bad(err)
				}
				return nil
			})
			if err == nil {
				err = enc.Close()
			}
			if err == nil {
				err = w.Commit()
			}
			if err == nil && failed {
				return errFound
			}
			return err
		},
	}
	c.Flags().StringVar(&to, "to", "", "format: "+strings.Join(exchange.Exports(), ", "))
	c.Flags().StringVar(&out, "out", "", "file to write (default: standard output)")
	c.MarkFlagRequired("to")
	return c
}

// importedFile is what one input brought to one --out file.
type importedFile struct {
	read, added int
	dups        []storedAt
	err         error // the file takes no games: the first refusal
}

// storedAt is a game of the input not added, stored already at where.
type storedAt struct {
	game  int
	where notation.GameRef
}

// readInput reads a whole input, - for standard input, up to maxImport bytes.
func readInput(e *env, name string) ([]byte, error) {
	var r io.Reader
	if name == "-" {
		r = e.in
	} else {
		st, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s: a folder: give the files of the other program", name)
		}
		// Pipes (<(curl …)) and devices are read too: the limit below bounds an endless one.
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxImport+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxImport {
		return nil, fmt.Errorf("%s: %w: more than %d MiB", name, notation.ErrTooLarge, maxImport>>20)
	}
	return data, nil
}
