package host

import (
	"bytes"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
)

// An agent that grows a global table by 1 MiB in every short tick (too
// short for the watchdog to see) is stopped with "memory limit" once the
// heap crosses the limit; the agent that only makes garbage ticks on.
func TestMemoryLimitGrowthOverShortTicks(t *testing.T) {
	runtime.GC()
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	limit := s[0].Value.Uint64() + 32<<20
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), MemoryLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `kept = {}
local mib = string.rep("x", 1048576)
Grow = BTAction:New()
function Grow:OnUpdate() kept[#kept + 1] = mib .. #kept return BTTaskStatus.Running end
Churn = BTAction:New()
function Churn:OnUpdate() local t = {} for i = 1, 1000 do t[i] = {} end return BTTaskStatus.Running end
return { Churn:New(), Grow:New() }
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var stopped int
	for tick := 1; tick <= 100 && stopped == 0; tick++ {
		if err := h.Tick(0.1); err != nil {
			want := "memory limit of "
			if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(),
				" exceeded (the heap grew over it in ticks of agent Grow ("+path+", return value 1[2]), which allocated most)") {
				t.Fatalf("tick %d: error %v", tick, err)
			}
			stopped = tick
		}
	}
	if stopped == 0 || agents[1].Err() == nil || !agents[0].Running() {
		t.Fatalf("stopped at tick %d; Grow's error %v, Churn running %v", stopped, agents[1].Err(), agents[0].Running())
	}
	if n := h.luaVM().L.GetGlobal("kept").(interface{ Len() int }).Len(); n > 40 {
		t.Errorf("Grow kept %d MiB before it was stopped, want at most 40", n)
	}
	if err := h.Tick(0.1); err != nil || !agents[0].Running() {
		t.Errorf("after: %v", err)
	}
}
