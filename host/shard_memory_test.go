package host

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// liveHeap returns the heap after a collection, bytes.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// growScript is a factory: agent "grow" keeps about 2 MiB of tables a
// tick (short ticks, which the watchdog does not see), the others about
// 10 KiB.
const growScript = `Keep = BTAction:New()
function Keep:OnUpdate()
    local kept = self.kept
    for i = 1, self.n do kept[#kept + 1] = {} end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    local k = Keep:New()
    k.kept, k.n = {}, args.name == "grow" and 20000 or 100
    tree:SetStartTask(k)
    return tree
end
`

// Four agents, the second growing the heap: the memory limit stops it
// alone, with the same error and at the same agent for 1, 2 and 4 shards
// (each agent's allocations are measured alone, whatever the shard
// count), and the heap it keeps after the stop does not count against
// the others, which tick on for the 60 ticks.
func TestShardsMemoryLimitBlamesTheAgentThatGrew(t *testing.T) {
	var first string
	limit := liveHeap() + 40<<20
	for _, shards := range []int{1, 2, 4} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, MemoryLimit: limit, Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, growScript)
		for _, name := range []string{"keep1", "grow", "keep3", "keep4"} {
			if _, err := h.Spawn(path, map[string]any{"name": name}); err != nil {
				t.Fatal(err)
			}
		}
		var errs []string
		for tick := 1; tick <= 60; tick++ {
			if err := h.Tick(0.1); err != nil {
				errs = append(errs, fmt.Sprintf("%v", err))
			}
		}
		want := "memory limit of "
		if len(errs) != 1 || !strings.HasPrefix(errs[0], want) || !strings.HasSuffix(errs[0],
			" exceeded (the heap grew over it in ticks of agent grow ("+path+", factory return value 1), which allocated most)") {
			t.Errorf("%d shards: errors %q; want one, of agent grow", shards, errs)
		}
		var failed []string
		for _, a := range h.Failed() {
			failed = append(failed, a.Name())
		}
		if strings.Join(failed, ",") != "grow" || h.Done() {
			t.Errorf("%d shards: failed %v, done %v; want grow alone, the others running", shards, failed, h.Done())
		}
		h.Close()
		got := strings.ReplaceAll(strings.Join(errs, "\n"), path, "PATH")
		if first == "" {
			first = got
		} else if got != first {
			t.Errorf("%d shards: errors %q, 1 shard %q", shards, got, first)
		}
	}
}

// On a sharded host the watchdog stops one tick that runs away,
// allocating while no other shard's script runs, with "memory limit"
// (within about twice the limit), long before the CPU budget; the other
// agent ticks on.
func TestShardsMemoryLimitRunawayTick(t *testing.T) {
	for _, shards := range []int{1, 2} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: 20 * time.Second,
			MemoryLimit: liveHeap() + 48<<20, Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, `return {
    BTActionUniversal:New(nil, function()
        local t = {}
        while true do t[#t + 1] = {} end
    end),
    BTActionUniversal:New(nil, function() print("other") return BTTaskStatus.Running end),
}
`)
		if _, err := h.LoadFile(path); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		err = h.Tick(0.1)
		want := path + ":4: memory limit of "
		if err == nil || !strings.HasPrefix(err.Error(), want) ||
			!strings.Contains(err.Error(), " exceeded (task BTActionUniversal; tick of agent BTActionUniversal, "+path+" return value 1[1])") {
			t.Fatalf("%d shards: error\n%v\nwant %s... exceeded (tick of agent ...)", shards, err, want)
		}
		t.Logf("%d shards: the runaway tick was stopped after %v", shards, time.Since(start))
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		if out.String() != "other\nother\n" {
			t.Errorf("%d shards: output %q", shards, out.String())
		}
		h.Close()
	}
}
