# The one entry point for people and CI. `make demo` runs bao on the bundled example archive;
# `make test` is what CI runs.
GO       ?= go
BIN      := bin/bao
PREFIX   ?= $(HOME)/.local
# -buildvcs=auto stamps the git revision into the binary when there is a checkout (bao version).
BUILDFLAGS ?= -buildvcs=auto
FUZZTIME ?= 60s
DEMO_OUT ?= demo-out
SCALE_DIR ?= /tmp/bao-scale
SCALE_SIZES ?= 10000 100000

# The engine for the site's pages (site/webengine): cmd/baowasm for GOOS=js, gzipped, and Go's
# glue script of the same release. The result is committed; TestWasmUpToDate checks it, built
# with the same flags, one a line in site/webengine/wasm.flags.
WASM_FLAGS = $(shell sed "s/.*/'&'/" site/webengine/wasm.flags | tr '\n' ' ')
wasm:
	GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS) -o site/webengine/engine.wasm ./cmd/baowasm
	gzip -9 -n -f site/webengine/engine.wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" site/webengine/wasm_exec.js

.PHONY: build install docs wasm test test-short vet check golden race fuzz bench load strength puzzles scale demo clean

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/bao

# Installs bao in $(PREFIX)/bin (default ~/.local/bin, which should be on PATH) and its man
# pages in $(PREFIX)/share/man/man1.
install: build
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1
	install -m 0755 $(BIN) $(PREFIX)/bin/bao
	install -m 0644 docs/man/*.1 $(PREFIX)/share/man/man1/

# Regenerates the CLI reference (docs/cli, docs/man) from the commands' help; a test fails
# when it is stale.
docs:
	$(GO) test ./cmd/bao -run '^TestCLIReference$$' -update

test: vet
	$(GO) test ./...

test-short:
	$(GO) test -short ./...

vet:
	$(GO) vet ./...
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi

check: test

# Every package with golden files under testdata (each has an -update flag).
golden:
	$(GO) test ./notation ./exchange ./site ./cmd/bao -update

# The race detector over every test. It multiplies time by 2-20 on this 2-core machine:
# RACE_TIMEOUT (default 60m) bounds the whole run; tests that measure memory skip under it.
RACE_TIMEOUT ?= 60m
race:
	$(GO) test -race -timeout $(RACE_TIMEOUT) ./...

# Each fuzz target of every package runs for FUZZTIME, one at a time; any crasher lands in
# <pkg>/testdata/fuzz.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$t"; $(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) $$pkg; \
	  done; \
	done

# -p 1: one package at a time, so that benchmarks do not share the cores.
bench:
	$(GO) test -p 1 -run='^$$' -bench=. -benchmem ./...

# The analysis engine's self-play matches (analysis/strength/main.go says what they are):
# minutes, so not part of test. STRENGTH_FLAGS=-games 100 for tighter figures.
STRENGTH_FLAGS ?= -games 20 -movetime 100ms
strength:
	$(GO) run ./analysis/strength $(STRENGTH_FLAGS)

# bao puzzles on 500 self-played games of each game, every puzzle checked by an exhaustive
# search (TestPuzzles; make test checks a few games): many minutes.
puzzles:
	BAO_PUZZLE_GAMES=500 $(GO) test -run '^TestPuzzles$$' -v -timeout 3h ./analysis

# Time and peak RSS of index, site build, serve, search and explore on generated archives of
# SCALE_SIZES games (kept in SCALE_DIR; SCALE_COMMANDS picks the commands, see
# testdata/scale.sh); not part of test: 100,000 games take many minutes.
scale: build
	@sh testdata/scale.sh $(BIN) $(SCALE_DIR) $(SCALE_SIZES)
	@$(GO) run ./internal/loadbench -bao $(BIN) -dir $(SCALE_DIR)/load

# bao serve under load (internal/loadbench): 100 clients for 20 s over game pages, searches
# and explore of a generated 20,000-game archive with its index; exit 1 on errors, peak RSS
# of 1 GB or more, or p99 over 1 s (pages) or 2 s (searches). LOAD_FLAGS=-clients 300 etc.
LOAD_FLAGS ?=
load: build
	$(GO) run ./internal/loadbench -bao $(BIN) -dir $(SCALE_DIR)/load $(LOAD_FLAGS)

demo: build
	@sh testdata/demo.sh $(BIN) $(DEMO_OUT)

clean:
	rm -rf bin $(DEMO_OUT)
