package host

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// keepScript is a factory whose agents each keep about 100 KB (a string
// of their own) and, in each of their first 5 ticks, 1 KB more: spread
// over the agents, the heap grows in those ticks, and no agent grows it
// much.
const keepScript = `Idle = BTAction:New()
function Idle:OnUpdate()
    local log = self.log
    if #log < 5 then log[#log + 1] = string.rep("y", 1000) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    local idle = Idle:New()
    idle.log = {}
    idle.kept = string.rep(string.char(65 + args.index % 26), 100000)
    tree:SetStartTask(idle)
    return tree
end
`

// Spawning agents that each keep about 100 KB until the heap crosses a
// limit a few MiB above it: the Spawn during which it crosses fails,
// naming the agent it was spawning and the heap, and adds no agent; the
// ticks that follow blame nobody for the heap the build made, nor for
// its growth of about 1 KB per agent in the first ticks (which no agent
// accounts for), on the classic host and a sharded one.
func TestMemoryLimitCrossedWhileSpawning(t *testing.T) {
	for _, shards := range []int{0, 2} {
		var out bytes.Buffer
		limit := liveHeap() + 8<<20
		h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), MemoryLimit: limit, Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, keepScript)
		var spawnErr error
		for i := 1; i <= 200 && spawnErr == nil; i++ {
			_, spawnErr = h.Spawn(path, map[string]any{"index": i})
		}
		want := regexp.MustCompile(`^memory limit of ` + regexp.QuoteMeta(bytesText(float64(limit))) +
			` exceeded \(the heap grew over it, to [0-9.]+ MiB, while spawning agent ([0-9]+) \(` + regexp.QuoteMeta(path) +
			`, factory return value 1\)\); raise the limit \(Options\.MemoryLimit; btlua --memory-limit\)$`)
		m := want.FindStringSubmatch(fmt.Sprint(spawnErr))
		if m == nil {
			t.Errorf("%d shards: Spawn error %v; want one matching %s", shards, spawnErr, want)
		} else if n, _ := strconv.Atoi(m[1]); n != len(h.Agents())+1 || n < 50 {
			t.Errorf("%d shards: the error names agent %d, with %d agents spawned", shards, n, len(h.Agents()))
		}
		for tick := 1; tick <= 20; tick++ {
			if err := h.Tick(0.1); err != nil {
				t.Errorf("%d shards: tick %d: %v", shards, tick, err)
			}
		}
		if f := h.Failed(); len(f) != 0 || out.String() != "" {
			t.Errorf("%d shards: %d agents failed; output %q", shards, len(f), out.String())
		}
		h.Close()
	}
}

// Loading a script whose tree keeps about 100 KB, again and again, with
// a limit a few MiB above the heap: the LoadFile during which the heap
// crosses it fails, naming the script, and adds no agent.
func TestMemoryLimitCrossedWhileLoading(t *testing.T) {
	var out bytes.Buffer
	limit := liveHeap() + 4<<20
	h, err := New(Options{Stdout: &out, MemoryLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local t = BTBehaviorTree:New()
local idle = BTActionUniversal:New(nil, function() return BTTaskStatus.Running end)
idle.kept = string.rep("k", 100000)
t:SetStartTask(idle)
return t
`)
	var loadErr error
	for i := 1; i <= 100 && loadErr == nil; i++ {
		_, loadErr = h.LoadFile(path)
	}
	want := regexp.MustCompile(`^memory limit of ` + regexp.QuoteMeta(bytesText(float64(limit))) +
		` exceeded \(the heap grew over it, to [0-9.]+ MiB, while loading ` + regexp.QuoteMeta(path) +
		`\); raise the limit \(Options\.MemoryLimit; btlua --memory-limit\)$`)
	if !want.MatchString(fmt.Sprint(loadErr)) || len(h.Agents()) < 20 || len(h.Agents()) == 100 {
		t.Errorf("LoadFile error %v after %d agents; want one matching %s", loadErr, len(h.Agents()), want)
	}
}
