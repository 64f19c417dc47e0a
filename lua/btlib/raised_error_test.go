package btlib

import (
	"fmt"
	"testing"
)

var sprintf = fmt.Sprintf

// Errors raised during a tick with values that are not strings name the
// line of the error call, the task and a rendering of the value that is
// the same on every run, whichever kind of call raised them: a leaf's
// OnUpdate, a precondition's function, a coroutine.
func TestNonStringErrorDuringTick(t *testing.T) {
	values := []struct{ raise, want string }{
		{`{code = 42}`, `error raised with a table: {code = 42}`},
		{`nil`, `error raised with nil`},
		{`setmetatable({}, {__tostring = function() return "out of arrows" end})`, `error raised with a table: out of arrows`},
		{`42`, `error raised with 42 (a number)`},
	}
	sites := []struct{ name, script, task, at string }{
		{"OnUpdate", `
Bad = BTAction:New()
Bad.name = "bad"
function Bad:OnUpdate()
    error(%s)
end
local s = BTSequence:New()
s:AddChild(Bad:New())
return s
`, "BTSequence/bad[1]", "test.lua:5"},
		{"precondition", `
local seq = BTSequence:New()
seq.name = "guarded"
seq:AddCondition(BTPrecondition:New(function()
    error(%s)
end))
seq:AddChild(BTIdle:New())
return seq
`, "guarded", "test.lua:5"},
		{"coroutine", `
local s = BTSequence:New()
s:AddChild(BTCoroutine:New(function()
    error(%s)
end))
return s
`, "BTSequence/BTCoroutine[1]", "test.lua:4"},
	}
	for _, site := range sites {
		for _, v := range values {
			t.Run(site.name+" "+v.raise, func(t *testing.T) {
				lib, L, _ := testLib(t)
				tr := treeOf(t, lib, L, sprintf(site.script, v.raise))
				le := tickErr(t, lib, tr)
				if got, want := le.Error(), site.at+": "+v.want+" (task "+site.task+")"; got != want {
					t.Errorf("error %q\nwant  %q", got, want)
				}
			})
		}
	}
}
