package host

import (
	"io"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// shardFlakyScript makes, per load, a tree whose action writes a global
// variable of its own (named after the load) and a tree variable, and
// raises an error at its third tick.
const shardFlakyScript = `
local bt = require("bt")
Flaky = BTAction:New()
function Flaky:OnUpdate()
    local n = self:GetVariable("n") + 1
    self:SetVariable("n", n)
    bt.SetGlobalVariable("seen" .. self:GetVariable("id"), n)
    if n == 3 then error("flaky at " .. n) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = "flaky"
    local task = Flaky:New()
    task.name = "Work"
    tree:SetStartTask(task)
    tree:SetVariable("n", 0)
    tree:SetVariable("id", args.id)
    return tree
end
`

// shardStream loads the guard script and spawns two flaky trees on a host of
// shards Lua states with the RestartAgent policy, ticks it 8 times with a
// global write from Go in between, and returns the lines of its event
// stream.
func shardStream(t *testing.T, shards int, guard, flaky string) []string {
	t.Helper()
	h, err := New(Options{Stdout: io.Discard, Shards: shards,
		ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 0.2}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(guard); err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 2; id++ {
		if _, err := h.Spawn(flaky, map[string]any{"id": id}); err != nil {
			t.Fatal(err)
		}
	}
	nodes := map[int][]bt.Task{}
	var lines []string
	cancel := h.Subscribe(func(ev *Event) { lines = append(lines, eventLine(t, nodes, *ev)) })
	defer cancel()
	for i := range 8 {
		err := h.Tick(0.1)
		if err != nil && !strings.Contains(err.Error(), "flaky at 3") {
			t.Fatalf("%d shards, tick %d: %v", shards, i+1, err)
		}
		if i == 1 {
			h.Globals().Set("alarm", true)
		}
	}
	return lines
}

// The event stream of a sharded host, 1, 2 or 3 shards, is the classic
// host's, line for line: trees, runs, statuses, tree and global writes
// (from scripts and from Go), errors and the restarts of the error policy.
func TestShardedStreamIsClassic(t *testing.T) {
	guard, flaky := writeScript(t, guardScript), writeScript(t, shardFlakyScript)
	want := shardStream(t, 0, guard, flaky)
	text := strings.Join(want, "\n")
	for _, s := range []string{"var global alarm false -> true", "var global seen2 <nil> -> 1", "error flaky", "restart flaky", "end guard Root/Wander[2] Running (aborted by Root/Fight[1]/Sees[1])"} {
		if !strings.Contains(text, s) {
			t.Fatalf("the classic host's stream has no %q:\n%s", s, text)
		}
	}
	for _, shards := range []int{1, 2, 3} {
		got := shardStream(t, shards, guard, flaky)
		for i := range max(len(got), len(want)) {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				t.Fatalf("%d shards: event %d is %q, the classic host's %q", shards, i, g, w)
			}
		}
	}
}
