package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// --trace of a restored run numbers its ticks as the uninterrupted run
// does: a save after tick 2 restores to tick 3, and the restored run's
// lines are those the uninterrupted run prints for ticks 3 and 4 (none at
// tick 3, where nothing changed).
func TestTraceAfterRestoreContinuesTicks(t *testing.T) {
	script := filepath.Join("..", "..", "scripts", "lumberjack.lua")
	save := filepath.Join(t.TempDir(), "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, script); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	want := straightTrace(t, script, 3, 4)
	if !strings.HasPrefix(want, "tick 4 ") {
		t.Fatalf("straight run, ticks 3 and 4: %q; want it to begin at tick 4", want)
	}
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--trace", "--restore", save, script)
	if code != exitOK || errOut != want {
		t.Errorf("code %d, trace %q\nwant %q", code, errOut, want)
	}
}

// straightTrace returns the --trace lines that an uninterrupted run of
// script for `to` ticks prints for ticks from to to.
func straightTrace(t *testing.T, script string, from, to int) string {
	t.Helper()
	code, _, trace := runCLI("--fast", "--ticks", strconv.Itoa(to), "--trace", script)
	if code != exitOK {
		t.Fatalf("straight run: code %d, stderr %q", code, trace)
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(trace, "\n") {
		for n := from; n <= to; n++ {
			if strings.HasPrefix(l, "tick "+strconv.Itoa(n)+" ") {
				b.WriteString(l)
			}
		}
	}
	return b.String()
}

// The --trace lines of a run restored from a save after tick 10 are the
// lines the uninterrupted run prints for ticks 11 to 13: a task that
// finished before the save (BTLog[1]) or runs on from it (the sequence,
// the GOAP task) gets no line at tick 11, where neither changed.
func TestTraceAfterRestoreEqualsStraightRun(t *testing.T) {
	script := filepath.Join("..", "..", "scripts", "lumberjack.lua")
	save := filepath.Join(t.TempDir(), "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "10", "--save", save, script); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	const p = "tick 13 BTBehaviorTree: BTSequence"
	lines := p + "/load 1[2]: goap: action ended ChopLog #2 (done)\n" +
		p + "/load 1[2]: goap: action started DropOffLogs #3\n" +
		p + "/load 1[2]: goap: state pushed MoveTo\n" +
		p + ": Running -> ended (halted)\n" +
		p + "/load 1[2]: Running -> ended (halted)\n" +
		p + "/load 1[2]: goap: action ended DropOffLogs #3 (dropped)\n" +
		p + "/load 1[2]: goap: state popped MoveTo\n" +
		p + "/load 1[2]: goap: state popped PerformAction\n" +
		p + "/load 1[2]: goap: state pushed Idle\n"
	if got := straightTrace(t, script, 11, 13); got != lines {
		t.Fatalf("straight run, ticks 11 to 13:\n%s\nwant\n%s", got, lines)
	}
	code, _, split := runCLI("--fast", "--ticks", "3", "--trace", "--restore", save, script)
	if code != exitOK || split != lines {
		t.Errorf("restored run: code %d, trace\n%s\nwant\n%s", code, split, lines)
	}
}

// The BTAI lines of a restored run are the uninterrupted run's too: the
// nodes that ticked before the save (the Sequence, Walk[1], the Wait under
// way) get no line at tick 5, where none ended.
func TestTraceAfterRestoreBTAI(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "walk.lua")
	src := `local function Walk() print("walk") end
local root = BT.Root()
root:OpenBranch(
    BT.Sequence():OpenBranch(BT.Call(Walk), BT.Wait(0.05), BT.Call(Walk), BT.Wait(0.05), BT.Terminate())
)
return root
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "4", "--save", save, script); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	const p = "BT.Root: BT.Root"
	want := "tick 5 " + p + "/Sequence[1]/Wait[2]: Continue -> Success\n" +
		"tick 6 " + p + "/Sequence[1]/Walk[3]: Inactive -> Success\n" +
		"tick 7 " + p + "/Sequence[1]/Wait[4]: Inactive -> Continue\n" +
		"tick 10 " + p + "/Sequence[1]/Wait[4]: Continue -> Success\n" +
		"tick 10 " + p + ": Running -> ended (halted)\n"
	if got := straightTrace(t, script, 5, 10); got != want {
		t.Fatalf("straight run, ticks 5 to 10:\n%s\nwant\n%s", got, want)
	}
	code, _, trace := runCLI("--fast", "--ticks", "6", "--trace", "--restore", save, script)
	if code != exitOK || trace != want {
		t.Errorf("restored run: code %d, trace\n%s\nwant\n%s", code, trace, want)
	}
}
