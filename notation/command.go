package notation

import (
	"math"
	"strconv"
	"strings"
)

// Comment commands are machine data inside a comment, [%NAME ARGS]: [%pos BPN] (a checkpoint),
// [%was TOKENS] (what the scribe wrote, kept by a repair), [%eval E] and [%best TOKEN] (bao
// analyse), [%clk H:MM:SS]. This file is the one place that finds, reads and writes them.

// Command is one comment command of a comment's text.
type Command struct {
	Name string // "pos", "was", "eval"…; "" for a bare "[%]"
	// Args is what follows the name up to the ']', as written: its leading space included.
	Args   string
	At     int  // the byte offset of its '[' in the text
	End    int  // the byte offset just past its ']', or the text's end when it has none
	Closed bool // it has its ']'
}

// Commands returns the comment commands of a comment's text, in order. A command without its
// ']' runs to the end of the text.
func Commands(text string) []Command {
	var out []Command
	for k := 0; ; {
		i := strings.Index(text[k:], "[%")
		if i < 0 {
			return out
		}
		c := Command{At: k + i}
		body := text[c.At+2:]
		inside, _, closed := strings.Cut(body, "]")
		n := strings.IndexAny(inside, " \t\r\n")
		if n < 0 {
			n = len(inside)
		}
		c.Name, c.Args, c.Closed = inside[:n], inside[n:], closed
		c.End = c.At + 2 + len(inside)
		if closed {
			c.End++
		}
		out = append(out, c)
		k = c.End
	}
}

// Prose is a comment's text without its closed commands: what people read.
func Prose(text string) string {
	cs := Commands(text)
	if len(cs) == 0 {
		return text
	}
	var b strings.Builder
	k := 0
	for _, c := range cs {
		if c.Closed {
			b.WriteString(text[k:c.At])
			k = c.End
		}
	}
	b.WriteString(text[k:])
	return b.String()
}

// FormatCommand writes a comment command: [%name args], or [%name] without args.
func FormatCommand(name, args string) string {
	if args == "" {
		return "[%" + name + "]"
	}
	return "[%" + name + " " + args + "]"
}

// ParseEval reads the value of an [%eval] command: seeds for South, and for a forced result
// (#N, #-N: a win or loss in N of South's moves) ±1000 seeds with the number of moves.
func ParseEval(s string) (seeds float64, winIn int, ok bool) {
	if rest, found := strings.CutPrefix(s, "#"); found {
		n, err := strconv.Atoi(rest)
		if err != nil || n == 0 {
			return 0, 0, false
		}
		if n > 0 {
			return 1000, n, true
		}
		return -1000, n, true
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, 0, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
}

// Eval is the value of a move's evaluation: that of the first comment after it that has a
// well-formed [%eval VALUE] command, as written.
func (n *Node) Eval() (string, bool) {
	for _, c := range n.After {
		if v, ok := Eval(c.Text); ok {
			return v, true
		}
	}
	return "", false
}

// Eval is the value of the first well-formed [%eval VALUE] command of a comment's text, as
// written.
func Eval(text string) (string, bool) {
	for _, c := range Commands(text) {
		v, ok := strings.CutPrefix(c.Args, " ")
		if c.Name == "eval" && c.Closed && ok && v != "" && !strings.ContainsAny(v, " \t\r\n\f\v") {
			return v, true
		}
	}
	return "", false
}
