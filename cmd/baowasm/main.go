//go:build js && wasm

// Command baowasm is bao's engine and analysis search compiled to WebAssembly, for the site's
// pages (`make wasm` builds it into site/static). It sets globalThis.baoEngine, whose methods
// answer with the JSON the command line prints, through the same code (internal/machine):
//
//	moves(variant, bpn)         one line of `bao moves --variant ID --position BPN --json`
//	bestmove(variant, bpn, ms)  `bao bestmove --json`, searching at most ms milliseconds
//	explain(variant, bpn, tok)  why a move token is not legal, in words ("" if it is)
//	sow(variant, bpn, tok)      how the move sows, step by step, for the board to play it as
//	                            the game viewer does (sowing.AppendMove); {"position":…,"error":…}
//	                            if the move is not legal
//	bench(variant, bpns, rounds) the engine's speed here, for make bench: the moves of each
//	                            position (BPNs, one a line) listed rounds times, timed inside
//	                            the engine; {"positions":N,"ms":T}
//
// The page runs it in a Web Worker (static/engine-worker.js), so that a search never stalls
// the page. A position that cannot be read gives {"position":…,"error":…}, as on the command
// line; a call is never an exception.
package main

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/machine"
	"github.com/bao-archive/bao/internal/sowing"
)

// hashMB is the search's transposition table: a page's worker shares the reader's memory
// with the rest of the browser.
const hashMB = 16

func main() {
	var en machine.MovesEncoder
	var searcher *analysis.Searcher
	api := map[string]any{
		"moves": js.FuncOf(func(_ js.Value, args []js.Value) any {
			p, bad := position(args)
			if bad != "" {
				return bad
			}
			return string(bytes.TrimSuffix(en.Append(nil, p), []byte("\n")))
		}),
		"bestmove": js.FuncOf(func(_ js.Value, args []js.Value) any {
			p, bad := position(args)
			if bad != "" {
				return bad
			}
			ms := 1000
			if len(args) > 2 && args[2].Type() == js.TypeNumber && args[2].Int() > 0 {
				ms = args[2].Int()
			}
			if searcher == nil {
				searcher = analysis.NewSearcher(hashMB)
			}
			r := searcher.Search(nil, p, nil, analysis.Limits{MoveTime: time.Duration(ms) * time.Millisecond, Threads: 1}, nil)
			if len(r.Lines) == 0 {
				return encode(machine.BadPosition{Position: p.String(), Error: "the game is over (" + p.Status().String() + ")"})
			}
			return encode(machine.NewBest(p.Variant(), r))
		}),
		"explain": js.FuncOf(func(_ js.Value, args []js.Value) any {
			p, bad := position(args)
			if bad != "" {
				return bad
			}
			if len(args) < 3 || args[2].Type() != js.TypeString {
				return "no move given"
			}
			return explain(p, args[2].String())
		}),
	}
	api["sow"] = js.FuncOf(func(_ js.Value, args []js.Value) any {
		p, bad := position(args)
		if bad != "" {
			return bad
		}
		var m engine.Move
		err := errors.New("no move given")
		if len(args) > 2 && args[2].Type() == js.TypeString {
			m, err = p.ParseMove(args[2].String())
		}
		var doc []byte
		if err == nil {
			doc, err = sowing.AppendMove(nil, p, m)
		}
		if err != nil {
			return encode(machine.BadPosition{Position: p.String(), Error: err.Error()})
		}
		return string(doc)
	})
	api["bench"] = js.FuncOf(func(_ js.Value, args []js.Value) any { return bench(args) })
	js.Global().Set("baoEngine", js.ValueOf(api))
	select {} // the functions above answer for as long as the worker lives
}

// explain says why tok is not a legal move of p, "" if it is. A pit alone (a tap on the
// board) is explained by the engine's reason for either direction where the pit itself says
// none.
func explain(p engine.Position, tok string) string {
	_, err := p.ParseMove(tok)
	if err == nil {
		return ""
	}
	var me *engine.MoveError
	if !errors.As(err, &me) {
		return err.Error()
	}
	why := me.Reason
	for _, dir := range []string{"<", ">"} {
		var de *engine.MoveError
		if _, err := p.ParseMove(tok + dir); why == "" && errors.As(err, &de) {
			why = de.Reason
		}
	}
	switch {
	case errors.Is(err, engine.ErrGameOver):
		return err.Error()
	case why != "":
		return tok + ": " + why + "."
	case len(me.Legal) > 0:
		return "No legal move starts from " + tok + " (legal: " + strings.Join(me.Legal, " ") + ")."
	}
	return err.Error()
}

// bench lists the moves of every position of args[1] (BPNs, one a line, of the variant
// args[0]) args[2] times, as engine.BenchmarkChildren does natively, and says how many
// positions it listed in how many milliseconds: the time of the engine alone, without the
// messages between the page and the worker.
func bench(args []js.Value) string {
	if len(args) < 3 || args[1].Type() != js.TypeString || args[2].Type() != js.TypeNumber {
		return `{"error":"bench(variant, bpns, rounds)"}`
	}
	var ps []engine.Position
	for line := range strings.Lines(args[1].String()) {
		p, bad := position([]js.Value{args[0], js.ValueOf(strings.TrimSpace(line))})
		if bad != "" {
			return bad
		}
		ps = append(ps, p)
	}
	kids := make([]engine.Child, 0, 64)
	rounds := max(args[2].Int(), 1)
	start := time.Now()
	for range rounds {
		for _, p := range ps {
			kids = p.Children(kids[:0])
		}
	}
	ms := float64(time.Since(start).Nanoseconds()) / 1e6
	return `{"positions":` + strconv.Itoa(rounds*len(ps)) + `,"ms":` + strconv.FormatFloat(ms, 'f', 3, 64) + `}`
}

// position reads the variant and position of a call; bad is the JSON of the error document
// when they cannot be read.
func position(args []js.Value) (p engine.Position, bad string) {
	str := func(i int) string {
		if i < len(args) && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	bpn := str(1)
	v, err := engine.LookupVariant(str(0))
	if err == nil {
		p, err = engine.ParsePosition(v, bpn)
	}
	if err != nil {
		return p, encode(machine.BadPosition{Position: bpn, Error: err.Error()})
	}
	return p, ""
}

// encode is a document as the JSON string handed to the page.
func encode(d interface{ AppendJSON([]byte) []byte }) string { return string(d.AppendJSON(nil)) }
