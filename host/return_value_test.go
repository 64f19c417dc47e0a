package host

import (
	"testing"
	"testing/fstest"
)

// A script whose return value is not a behavior tree or a task is refused
// with an error that says plainly what it returned, naming the file and
// the return value.
func TestLoadFileOddReturnValues(t *testing.T) {
	const notTree = "not a behavior tree or a task"
	cases := []struct{ script, want string }{
		{"return {}", "r.lua: return value 1 is a plain table, " + notTree + " (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"},
		{"return {x = 1}", "r.lua: return value 1 is a plain table, " + notTree + " (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"},
		{"return BTIdle:New(), {}", "r.lua: return value 2 is a plain table, " + notTree + " (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"},
		{"return {BTIdle:New(), {}}", "r.lua: return value 1[2] is a plain table, " + notTree + " (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"},
		{"return setmetatable({}, {})", "r.lua: return value 1: want a task, got a table whose metatable chain has no BT class (make it with BTAction:New() or setmetatable(o, SomeTaskClass))"},
		{"return 42", "r.lua: return value 1 is 42 (a number), " + notTree},
		{`return "x"`, `r.lua: return value 1 is "x" (a string), ` + notTree},
		{"return true", "r.lua: return value 1 is true (a boolean), " + notTree},
		{"return {1}", "r.lua: return value 1[1] is 1 (a number), " + notTree},
		{"return function() end", "r.lua: return value 1 is a function, " + notTree + "; a script that returns a factory function is started with Host.Spawn (btlua --agents N)"},
		{"return BTAction", "r.lua: return value 1: want a task, got the class BTAction itself (make a task with BTAction:New())"},
	}
	for _, c := range cases {
		h, err := New(Options{FS: fstest.MapFS{"r.lua": {Data: []byte(c.script)}}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.LoadFile("r.lua")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.script, err, c.want)
		}
		h.Close()
	}
	// A script that returns nothing (one that only defines classes) loads
	// no agent; btlua reports that there is nothing to tick.
	h, err := New(Options{FS: fstest.MapFS{"r.lua": {Data: []byte("return")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if agents, err := h.LoadFile("r.lua"); err != nil || len(agents) != 0 {
		t.Errorf("return: %d agents, err %v; want none, nil", len(agents), err)
	}
}

// A factory's odd return value reads the same, named "factory return
// value", without the hint about Spawn, at the line where the factory
// function is defined (the line of its return statement is not known).
func TestSpawnOddReturnValues(t *testing.T) {
	cases := []struct{ script, want string }{
		{"return function() return {} end", "f.lua:1: factory return value 1 is a plain table, not a behavior tree or a task (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"},
		{"return function() return function() end end", "f.lua:1: factory return value 1 is a function, not a behavior tree or a task"},
		{"M = {}\n\nfunction M.new(args)\n  return 42\nend\nreturn M.new", "f.lua:3: factory return value 1 is 42 (a number), not a behavior tree or a task"},
	}
	for _, c := range cases {
		h, err := New(Options{FS: fstest.MapFS{"f.lua": {Data: []byte(c.script)}}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Spawn("f.lua", nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.script, err, c.want)
		}
		h.Close()
	}
}
