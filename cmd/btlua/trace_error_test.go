package main

import (
	"testing"
)

// --trace prints the lines of the tick whose script fails before the
// error: the tasks that started in it (the tree's statuses were never
// set, as the error cut the tick short) and the failing task's run,
// stopped by the error, then the error; the same on the classic host and
// on one shard.
func TestTraceFailingTick(t *testing.T) {
	first := writeLua(t, `Boom = BTAction:New()
Boom.name = "Boom"
function Boom:OnUpdate()
  local x = nil
  return x.field
end
local s = BTSequence:New(); s.name="outer"
s:AddChild(Boom:New())
local t = BTBehaviorTree:New(); t.name = "boomer"; t:SetStartTask(s); return t`)
	third := writeLua(t, `Boom = BTAction:New()
Boom.name = "Boom"
function Boom:OnStart() self.n = 0 end
function Boom:OnUpdate() self.n = self.n + 1 if self.n == 3 then error("third tick") end return BTTaskStatus.Running end
local s = BTSequence:New(); s.name="outer"
s:AddChild(BTLog:New("hi"))
s:AddChild(Boom:New())
local t = BTBehaviorTree:New(); t.name = "boomer"; t:SetStartTask(s); return t`)
	for _, c := range []struct {
		script, out, want string
	}{
		{first, "", "tick 1 boomer: outer: Inactive -> Running\n" +
			"tick 1 boomer: outer/Boom[1]: Inactive -> Running\n" +
			"tick 1 boomer: outer/Boom[1]: Running -> stopped (error)\n" +
			"btlua: " + first + ":5: attempt to index local 'x' (a nil value) (tree boomer, task outer/Boom[1])\n"},
		{third, "hi\n", "tick 1 boomer: outer: Inactive -> Running\n" +
			"tick 1 boomer: outer/BTLog[1]: Inactive -> Success\n" +
			"tick 1 boomer: outer/Boom[2]: Inactive -> Running\n" +
			"tick 3 boomer: outer/Boom[2]: Running -> stopped (error)\n" +
			"btlua: " + third + ":4: third tick (tree boomer, task outer/Boom[2])\n"},
	} {
		for _, shards := range []string{"0", "1"} {
			code, out, errOut := runCLI("--fast", "--trace", "--shards", shards, c.script)
			if code != exitFailed || out != c.out || errOut != c.want {
				t.Errorf("--shards %s: code %d, stdout %q, stderr:\n%s\nwant:\n%s", shards, code, out, errOut, c.want)
			}
		}
	}
}
