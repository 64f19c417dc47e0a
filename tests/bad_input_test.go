package tests

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// Bad scripts give an error that names the file and line and, during a
// tick, the task's path; the message names the offending value.
func TestBadInput(t *testing.T) {
	cases := []struct {
		file   string
		line   int
		msg    string // substring of the message
		task   string
		stdout string
	}{
		{"syntax", 3, "syntax error near then", "", ""},
		{"raises", 5, "the guard lost its target", "patrol/boom[2]", "before\n"},
		{"bad_status", 3, `OnUpdate returned "done" (a string), want BTTaskStatus.Success`, "BTSequence/Sloppy[1]", ""},
		{"add_non_task", 3, "AddChild to BTSequence: want a task (a table made from a BT class), got 42 (a number)", "", ""},
		{"add_itself", 2, "AddChild of BTSequence to BTSequence: bt: task would become its own ancestor", "", ""},
		{"add_self", 4, "AddChild of BTSequence to BTSequence/BTSelector[1]: bt: task would become its own ancestor", "", ""},
		// The child's error is caught: the composite's own error names it.
		{"pcall_child", 10, "composite fails", "comp", "caught\tfalse\ttestdata/bad/pcall_child.lua:5: child fails\n"},
		// A yield in a Lua task ticked from a BTCoroutine would cross the
		// Go call of the tick: an error located at the yield.
		// Errors of a child ticked from a coroutine, caught or not.
		{"coroutine_child_error", 6, "child fails", "bad", "first\tfalse\ttestdata/bad/coroutine_child_error.lua:6: child fails\n" +
			"second\tfalse\ttestdata/bad/coroutine_child_error.lua:6: child fails\n"},
		{"yield_in_child", 5, "attempt to yield across metamethod/C-call boundary", "sneaky", "before\n"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "bad", c.file+".lua")
			r := runScript(t, path, 10)
			var le *luaerr.Error
			if !errors.As(r.err, &le) {
				t.Fatalf("err = %v (%T), want a *luaerr.Error", r.err, r.err)
			}
			if le.File != path || le.Line != c.line {
				t.Errorf("location = %s:%d, want %s:%d", le.File, le.Line, path, c.line)
			}
			if !strings.Contains(le.Msg, c.msg) {
				t.Errorf("message = %q, want it to contain %q", le.Msg, c.msg)
			}
			if le.Task != c.task {
				t.Errorf("task = %q, want %q", le.Task, c.task)
			}
			if r.stdout != c.stdout {
				t.Errorf("stdout = %q, want %q", r.stdout, c.stdout)
			}
		})
	}
}

// A tree whose script raises an error stops; the other tree of the same
// host keeps ticking to completion.
func TestErrorStopsOnlyItsTree(t *testing.T) {
	r := runScript(t, filepath.Join("testdata", "bad", "one_bad_tree.lua"), 20)
	if r.err == nil || !strings.Contains(r.err.Error(), "one_bad_tree.lua:6: tick three breaks") {
		t.Fatalf("err = %v, want the tick-three error", r.err)
	}
	want := lines("good 1", "good 2", "good 3", "good 4", "good 5")
	if r.stdout != want {
		t.Errorf("stdout = %q, want %q", r.stdout, want)
	}
}

func TestMissingFile(t *testing.T) {
	r := runScript(t, filepath.Join("testdata", "no_such_script.lua"), 1)
	if !errors.Is(r.err, fs.ErrNotExist) {
		t.Fatalf("err = %v, want fs.ErrNotExist", r.err)
	}
	if !strings.Contains(r.err.Error(), "no_such_script.lua") {
		t.Errorf("error %q does not name the file", r.err)
	}
}
