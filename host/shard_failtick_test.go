package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// failTickScript is an agent that counts its ticks in its blackboard
// ("ticked"), prints its name each tick, and fails when its name starts
// with "bad".
const failTickScript = `T = BTAction:New()
function T:OnUpdate()
  self:SetVariable("ticked", (self:GetVariable("ticked") or 0) + 1)
  print(self.who .. " ticks")
  if self.who:sub(1, 3) == "bad" then error("broken " .. self.who) end
  return BTTaskStatus.Running
end
return function(args)
  local tree = BTBehaviorTree:New()
  tree.name = args.name
  local t = T:New(); t.who = args.name
  tree:SetStartTask(t)
  return tree
end
`

// failTickRun spawns the named agents on a host of the given shard
// count under FailTick and ticks it three times; it returns, per tick,
// Tick's error, each agent's tick count and the output of the tick.
func failTickRun(t *testing.T, shards int, names []string, expect bool) []string {
	t.Helper()
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: shards, FS: fstest.MapFS{"e.lua": {Data: []byte(failTickScript)}},
		ErrorPolicy: ErrorPolicy{Action: FailTick}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if expect {
		h.ExpectAgents(len(names))
	}
	for _, name := range names {
		if _, err := h.Spawn("e.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for range 3 {
		err := h.Tick(0.1)
		line := fmt.Sprintf("strict %v: %v; ticked:", IsStrict(err), err)
		if se, ok := err.(*StrictError); ok {
			line = fmt.Sprintf("strict %s: %v; ticked:", se.Agent.Name(), err)
		}
		for _, a := range h.Agents() {
			line += fmt.Sprintf(" %s=%v", a.Name(), a.Get("ticked"))
		}
		got = append(got, line+"; output "+strings.ReplaceAll(out.String(), "\n", "|"))
		out.Reset()
	}
	return got
}

// Under FailTick a sharded host ticks every agent of the frame (each
// failing agent stopped) and Tick returns the StrictError of the first
// failing agent in agent order, with the frame's output in agent order:
// the same per-agent tick counts, error and output with 1, 2 and 4 shards,
// placed round-robin or in runs (ExpectAgents). The classic host ends the
// tick at the failing agent, without ticking the agents after it.
func TestShardsFailTickSameForEveryShardCount(t *testing.T) {
	names := []string{"a", "bad", "c", "bad2", "d"}
	want := strings.Join([]string{
		"strict bad: e.lua:5: broken bad (tree bad, task T); ticked: a=1 bad=1 c=1 bad2=1 d=1; output a ticks|bad ticks|c ticks|bad2 ticks|d ticks|",
		"strict false: <nil>; ticked: a=2 bad=1 c=2 bad2=1 d=2; output a ticks|c ticks|d ticks|",
		"strict false: <nil>; ticked: a=3 bad=1 c=3 bad2=1 d=3; output a ticks|c ticks|d ticks|",
	}, "\n")
	for _, shards := range []int{1, 2, 4} {
		for _, expect := range []bool{false, true} {
			if got := strings.Join(failTickRun(t, shards, names, expect), "\n"); got != want {
				t.Errorf("%d shards (ExpectAgents %v):\n%s\nwant:\n%s", shards, expect, got, want)
			}
		}
	}
	classic := strings.Join([]string{
		"strict bad: e.lua:5: broken bad (tree bad, task T); ticked: a=1 bad=1 c=<nil> bad2=<nil> d=<nil>; output a ticks|bad ticks|",
		"strict bad2: e.lua:5: broken bad2 (tree bad2, task T); ticked: a=2 bad=1 c=1 bad2=1 d=<nil>; output a ticks|c ticks|bad2 ticks|",
		"strict false: <nil>; ticked: a=3 bad=1 c=2 bad2=1 d=1; output a ticks|c ticks|d ticks|",
	}, "\n")
	if got := strings.Join(failTickRun(t, 0, names, false), "\n"); got != classic {
		t.Errorf("classic host:\n%s\nwant:\n%s", got, classic)
	}
}
