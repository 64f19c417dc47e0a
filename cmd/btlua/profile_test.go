package main

import (
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var warrior = filepath.Join("..", "..", "scripts", "warrior.lua")

// profileRowRE is one row of a --profile table: name, ticks, total ms,
// self ms, self %, Lua %.
var profileRowRE = regexp.MustCompile(`^(\S.*\S)\s+(\d+)\s+(\d+\.\d{3})\s+(\d+\.\d{3})\s+(\d+\.\d%|-)\s+(\d+\.\d%|-)$`)

// profileTables parses --profile's report out of stderr: the header
// line, then the ticks per name of the path table and of the class table,
// each checked to be sorted by self ms, highest first.
func profileTables(t *testing.T, stderr string) (header string, paths, classes map[string]int) {
	t.Helper()
	i := strings.Index(stderr, "profile: ")
	if i < 0 {
		t.Fatalf("no profile in stderr:\n%s", stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr[i:], "\n"), "\n")
	header = lines[0]
	var cur map[string]int
	last := -1.0
	for _, l := range lines[1:] {
		if joined := strings.Join(strings.Fields(l), " "); strings.HasSuffix(joined, " ticks total ms self ms self % Lua %") {
			switch first := strings.TrimSuffix(joined, " ticks total ms self ms self % Lua %"); first {
			case "task path":
				paths = map[string]int{}
				cur = paths
			case "class":
				classes = map[string]int{}
				cur = classes
			default:
				t.Fatalf("table header %q", l)
			}
			last = -1
			continue
		}
		m := profileRowRE.FindStringSubmatch(l)
		if m == nil || cur == nil {
			t.Fatalf("not a profile row: %q\nin:\n%s", l, stderr[i:])
		}
		n, _ := strconv.Atoi(m[2])
		cur[m[1]] = n
		self, _ := strconv.ParseFloat(m[4], 64)
		if last >= 0 && self > last {
			t.Errorf("row %q: self ms %v above the row before (%v): not sorted", m[1], self, last)
		}
		last = self
	}
	return header, paths, classes
}

// TestProfileFlag: --profile prints, after the run, the time in task
// ticks and a table per task path (1-based, as --trace prints them) and
// per class, sorted by self time, with the ticks of each; with --agents 4
// and 2 shards every path's ticks are 4 times one agent's.
func TestProfileFlag(t *testing.T) {
	code, out, errOut := runCLI("--fast", "--profile", "--ticks", "18", warrior)
	if code != exitOK || !strings.Contains(out, "tick 18: patrol\n") {
		t.Fatalf("code %d, stdout %q", code, out)
	}
	header, paths, classes := profileTables(t, errOut)
	if !regexp.MustCompile(`^profile: \d+\.\d{3} ms in task ticks, Lua \d+\.\d%$`).MatchString(header) {
		t.Errorf("header %q", header)
	}
	const p = "BTParallelComplete/brain[2]/root[1]"
	want := map[string]int{
		"BTParallelComplete":                             18,
		"BTParallelComplete/world[1]":                    18,
		"BTParallelComplete/brain[2]":                    18,
		p:                                                21,
		p + "/patrol[1]":                                 9,
		p + "/patrol[1]/patrol[1]":                       6,
		p + "/alert[2]":                                  6,
		p + "/alert[2]/alert[1]":                         3,
		p + "/run away[3]":                               6,
		p + "/run away[3]/run away[1]":                   3,
		p + "/attack[4]":                                 9,
		p + "/attack[4]/normal attack[2]":                4,
		p + "/attack[4]/normal attack[2]/attack[1]":      3,
		p + "/attack[4]/crazy attack[1]":                 4,
		p + "/attack[4]/crazy attack[1]/crazy attack[1]": 3,
	}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("ticks per path:\n got %v\nwant %v", paths, want)
	}
	wantClasses := map[string]int{"BTParallelComplete": 18, "WorldClock": 18, "WarriorBrain": 18,
		"BTSelector": 21 + 9, "BTSequence": 9 + 6 + 6 + 4 + 4, "WarriorAction": 18}
	if !reflect.DeepEqual(classes, wantClasses) {
		t.Errorf("ticks per class:\n got %v\nwant %v", classes, wantClasses)
	}
}

// TestProfileFlagAgents: --profile sums the agents' rows by path: a
// factory's 4 agents on 2 shards tick every path 4 times as often as one
// agent on the classic host.
func TestProfileFlagAgents(t *testing.T) {
	factory := filepath.Join("testdata", "profile_factory.lua")
	for _, c := range []struct {
		args []string
		n    int
	}{
		{[]string{"--agents", "1"}, 1},
		{[]string{"--agents", "4", "--shards", "2"}, 4},
	} {
		args := append([]string{"--fast", "--profile", "--ticks", "4", factory}, c.args...)
		code, _, errOut := runCLI(args...)
		if code != exitOK {
			t.Fatalf("btlua %v: code %d, stderr %s", args, code, errOut)
		}
		_, paths, classes := profileTables(t, errOut)
		n := c.n
		if want := map[string]int{"Root": 4 * n, "Root/Walk[1]": 4 * n, "Root/Look[2]": 2 * n}; !reflect.DeepEqual(paths, want) {
			t.Errorf("btlua %v: ticks per path %v, want %v", args, paths, want)
		}
		if want := map[string]int{"BTSequence": 4 * n, "Step": 6 * n}; !reflect.DeepEqual(classes, want) {
			t.Errorf("btlua %v: ticks per class %v, want %v", args, classes, want)
		}
	}
}
