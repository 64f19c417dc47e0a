package tests

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// Tasks built incomplete are errors naming the line that made them and
// the task's path, not silent Failures or Successes: a decorator without
// a child, a BTCondition or BTActionUniversal without a function, a
// BTConditionalEvaluator without its conditional, and durations left out.
func TestIncompleteTasks(t *testing.T) {
	cases := []struct {
		name   string
		script string
		line   int
		msg    string
		task   string
		stdout string
	}{
		{"decorator without child", `local seq = BTSequence:New()
seq:AddChild(BTLog:New("before"))
seq:AddChild(BTInverter:New())
return seq`, 3, "bt: decorator BTSequence/BTInverter[2] has no child; add one with AddChild", "BTSequence/BTInverter[2]", "before\n"},
		{"repeater without child as root", "\nreturn BTRepeater:New(3)", 2,
			"bt: decorator BTRepeater has no child; add one with AddChild", "BTRepeater", ""},
		{"derived decorator without child", `Guarded = BTUntilSuccess:New()
local seq = BTSequence:New()
local g = Guarded:New()
g.name = "guarded"
seq:AddChild(g)
return seq`, 3, "bt: decorator BTSequence/guarded[1] has no child; add one with AddChild", "BTSequence/guarded[1]", ""},
		{"decorator of a class with its own New", `Guarded = BTUntilSuccess:New()
function Guarded:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end
return Guarded:New()`, 1, "bt: decorator Guarded has no child; add one with AddChild", "Guarded", ""},
		{"evaluator without conditional", `local e = BTConditionalEvaluator:New()
e:AddChild(BTLog:New("never"))
return e`, 1, "bt: BTConditionalEvaluator has no conditional task to evaluate; give it one when making it", "BTConditionalEvaluator", ""},
		{"condition given nil", "local seeing\nlocal c = BTCondition:New(seeing)\nreturn c", 2,
			"BTCondition:New: fn must be a function, got nil", "", ""},
		{"condition without function", "local c = BTCondition:New()\nreturn c", 1,
			"BTCondition has no function: make it with BTCondition:New(fn), or define OnUpdate in a class derived from it", "BTCondition", ""},
		{"universal without function", "local s = BTSequence:New()\ns:AddChild(BTActionUniversal:New())\nreturn s", 2,
			"BTActionUniversal has no function: make it with BTActionUniversal:New(owner, fn), or define OnUpdate in a class derived from it", "BTSequence/BTActionUniversal[1]", ""},
		{"wait without seconds", "local s = BTSequence:New()\n\ns:AddChild(BTWait:New())\nreturn s", 3,
			"BTWait:New: seconds is missing: BTWait:New(seconds) or BTWait:New(min, max, seed?)", "", ""},
		{"timeout without seconds", "return BTTimeout:New()", 1,
			"BTTimeout:New: seconds is missing: BTTimeout:New(seconds)", "", ""},
		{"cooldown without seconds", "return BTCooldown:New(nil)", 1,
			"BTCooldown:New: seconds is missing: BTCooldown:New(seconds)", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.lua")
			if err := os.WriteFile(path, []byte(c.script), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runScript(t, path, 3)
			var le *luaerr.Error
			if !errors.As(r.err, &le) {
				t.Fatalf("err = %v (%T), want a *luaerr.Error", r.err, r.err)
			}
			if le.File != path || le.Line != c.line || le.Msg != c.msg || le.Task != c.task {
				t.Errorf("error %s:%d: %q (task %q)\nwant  %s:%d: %q (task %q)", le.File, le.Line, le.Msg, le.Task, path, c.line, c.msg, c.task)
			}
			if r.stdout != c.stdout {
				t.Errorf("stdout = %q, want %q", r.stdout, c.stdout)
			}
		})
	}
}

// Complete tasks of the same classes still run: a class derived from a
// decorator that defines its own OnUpdate needs no child, and classes
// derived from BTCondition or BTActionUniversal may define OnUpdate
// instead of passing a function.
func TestCompleteTasksStillRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "good.lua")
	src := `Always = BTInverter:New()
function Always:OnUpdate() print("own update") return BTTaskStatus.Success end
Seeing = BTCondition:New()
function Seeing:OnUpdate() print("looking") return BTTaskStatus.Success end
Act = BTActionUniversal:New()
function Act:OnUpdate() print("acting") return BTTaskStatus.Success end
local s = BTSequence:New()
s:AddChild(Always:New())
s:AddChild(Seeing:New())
s:AddChild(Act:New())
s:AddChild(BTWait:New(0))
return s`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runScript(t, path, 3)
	if r.err != nil || r.stdout != "own update\nlooking\nacting\n" || len(r.statuses) != 1 || r.statuses[0].String() != "Success" {
		t.Errorf("err %v, stdout %q, statuses %v", r.err, r.stdout, r.statuses)
	}
}
