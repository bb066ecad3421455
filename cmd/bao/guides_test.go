package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The walk-throughs (README.md, docs/*.md, docs/guides/*.md, docs/rules/*.md) show their commands in ```console
// blocks: a line "$ command" is run by sh in a copy of the repository's docs/examples (from a
// folder that holds docs/, as the repository root does), and the lines that follow it, up to
// the next command, must appear in its output (standard output and error together), in order.
// "[exit N]" says the command exits N; without it, it must exit 0. ```sh blocks are shown,
// not run (bao serve, make install).
var walkthroughs = []string{"../../README.md", "../../docs/*.md", "../../docs/guides/*.md", "../../docs/rules/*.md"}

type shownCommand struct {
	file string
	line int
	cmd  string
	want []string
	exit int
}

func TestWalkthroughs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command of the docs")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	// bao, for the shell, is this test binary running the CLI (see TestMain).
	script := fmt.Sprintf("#!/bin/sh\nBAO_TEST_AS_CLI=1 exec %q \"$@\"\n", self)
	if err := os.WriteFile(filepath.Join(bin, "bao"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, g := range walkthroughs {
		m, err := filepath.Glob(g)
		if err != nil || len(m) == 0 {
			t.Fatalf("%s matches no file (%v): the walk-throughs moved", g, err)
		}
		files = append(files, m...)
	}
	for _, file := range files {
		cmds, err := readShown(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(cmds) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			dir := t.TempDir() // each walk-through starts from a fresh copy
			if err := os.CopyFS(filepath.Join(dir, "docs", "examples"), os.DirFS("../../docs/examples")); err != nil {
				t.Fatal(err)
			}
			for _, c := range cmds {
				sh := exec.Command("sh", "-c", c.cmd)
				sh.Dir = dir
				sh.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
				out, _ := sh.CombinedOutput()
				code := sh.ProcessState.ExitCode()
				if code != c.exit {
					t.Errorf("%s:%d: %s: exit %d, want %d\n%s", c.file, c.line, c.cmd, code, c.exit, out)
					continue
				}
				if missing := missingLines(string(out), c.want); missing != "" {
					t.Errorf("%s:%d: %s: output lacks %q (in order); it was:\n%s", c.file, c.line, c.cmd, missing, out)
				}
			}
		})
	}
}

// readShown reads the commands and expected output of a file's ```console blocks.
func readShown(file string) ([]shownCommand, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var cmds []shownCommand
	in := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```console"):
			in = true
		case in && strings.HasPrefix(line, "```"):
			in = false
		case in && strings.HasPrefix(line, "$ "):
			cmds = append(cmds, shownCommand{file: file, line: n, cmd: line[2:]})
		case in && len(cmds) > 0 && strings.HasPrefix(line, "[exit ") && strings.HasSuffix(line, "]"):
			fmt.Sscanf(line, "[exit %d]", &cmds[len(cmds)-1].exit)
		case in && len(cmds) > 0 && strings.TrimSpace(line) != "":
			c := &cmds[len(cmds)-1]
			c.want = append(c.want, strings.TrimRight(line, " "))
		}
	}
	return cmds, sc.Err()
}

// missingLines returns the first wanted line that is not found, in order, among the output's
// lines; "..." in a wanted line stands for any text.
func missingLines(out string, want []string) string {
	lines := strings.Split(out, "\n")
	i := 0
	for _, w := range want {
		for ; i < len(lines); i++ {
			if matchLine(lines[i], w) {
				break
			}
		}
		if i == len(lines) {
			return w
		}
		i++
	}
	return ""
}

// matchLine matches a line against a pattern in which "..." stands for any text; runs of
// spaces and tabs count as one space, so that tab-separated output can be shown aligned.
func matchLine(line, pattern string) bool {
	line, pattern = strings.Join(strings.Fields(line), " "), strings.Join(strings.Fields(pattern), " ")
	parts := strings.Split(pattern, "...")
	if len(parts) == 1 {
		return line == pattern
	}
	if !strings.HasPrefix(line, parts[0]) {
		return false
	}
	line = line[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(line, p)
		if i < 0 {
			return false
		}
		line = line[i+len(p):]
	}
	return strings.HasSuffix(line, parts[len(parts)-1])
}
