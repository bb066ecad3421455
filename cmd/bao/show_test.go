package main

import (
	"strings"
	"testing"
)

func TestShow(t *testing.T) {
	path := writeTemp(t, "g.bgn", "[Variant \"kingulu\"] A3 a1 *\n\n[Variant \"kingulu\"] A3 a2 *\n")
	tests := []struct {
		args []string
		code int
		want string // in stdout, or stderr for a failure
	}{
		{[]string{"--ply", "1"}, 0, "game 1, after ply 1, 1. A3\n        6  5  4  3  2  1\n  a:    1  0  6  6  0  1\n" +
			"  A:    6  6  2  7  0  6\n        1  2  3  4  5  6\n  North to move; stores: South 7, North 0\n" +
			"position: 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -\n"},
		{nil, 0, "game 1, after ply 2, 1... a1\n"},
		{[]string{"--ply", "0"}, 0, "game 1, start\n"},
		{[]string{"--game", "2", "--ply", "1"}, 0, "position: 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -\n"},
		{[]string{"--game", "2"}, 1, ":3:24: game 2, ply 2: illegal move a2"},
		{[]string{"--ply", "3"}, 1, "game 1 has 2 plies, not 3"},
		{[]string{"--game", "3"}, 1, "has no game 3"},
		{[]string{"--ply", "-5"}, 2, "--ply must be 0 or more"},
		{[]string{"--json", "--ply", "1"}, 0, `"ply":1,"plies":2,"move":"1. A3","variant":"kingulu","position":"1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -","to_move":"N"}`},
	}
	for _, tc := range tests {
		code, out, errOut := runBao(t, "", append([]string{"show", path}, tc.args...)...)
		got := out
		if tc.code != 0 {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("show %v: exit %d\nstdout %s\nstderr %s\nwant %q", tc.args, code, out, errOut, tc.want)
		}
	}
}
