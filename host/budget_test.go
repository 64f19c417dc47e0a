package host

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// loopScript returns 100 trees each time it runs (10 loads make 1000):
// leaves counting their ticks in the global table ticks, and as tree 500
// a leaf whose OnUpdate never returns (line 9).
const loopScript = `ticks = ticks or {}
Count = Count or BTAction:New()
function Count:OnUpdate()
    ticks[self.id] = (ticks[self.id] or 0) + 1
    return BTTaskStatus.Running
end
Loop = Loop or BTAction:New()
function Loop:OnUpdate()
    while true do end
end
local trees = {}
loaded = (loaded or 0) + 100
for i = loaded - 99, loaded do
    local leaf
    if i == 500 then leaf = Loop:New() else leaf = Count:New(); leaf.id = i end
    local tree = BTBehaviorTree:New()
    tree.name = "t" .. i
    tree:SetStartTask(leaf)
    trees[#trees + 1] = tree
end
return trees
`

func newBudgetHost(t *testing.T, budget time.Duration) (*Host, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, &out
}

// countTicks returns the ticks counted by the Count leaves of loopScript:
// how many leaves counted each number of ticks.
func countTicks(t *testing.T, h *Host) map[int]int {
	t.Helper()
	counts := map[int]int{}
	tbl := h.luaVM().L.GetGlobal("ticks")
	for i := 1; i <= 1000; i++ {
		if n, ok := h.luaVM().L.GetTable(tbl, lua.LNumber(i)).(lua.LNumber); ok {
			counts[int(n)]++
		}
	}
	return counts
}

// An endless loop in one of 1000 agents' OnUpdate is cut within its
// budget, reported with file:line, task and agent, and stops that agent
// only: the 999 others tick every time.
func TestBudgetEndlessLoopInOnUpdate(t *testing.T) {
	// 500 ms: loading 100 agents a stretch, and one agent's tick, stay
	// within it on a loaded machine under the race detector (at 100 ms a
	// plain agent's tick was once stopped there).
	h, _ := newBudgetHost(t, 500*time.Millisecond)
	path := writeScript(t, loopScript)
	var agents []*Agent
	for range 10 { // 10 stretches of loading, each well within the budget
		more, err := h.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		agents = append(agents, more...)
	}
	if len(agents) != 1000 {
		t.Fatalf("%d agents, want 1000", len(agents))
	}
	for tick := 1; tick <= 3; tick++ {
		start := time.Now()
		err := h.Tick(0.1)
		took := time.Since(start)
		if tick == 1 {
			want := path + ":9: CPU budget of 500ms exceeded (task Loop; tick of agent t500, " + path + " return value 1[100])"
			if err == nil || err.Error() != want {
				t.Fatalf("tick 1: error\n%v\nwant\n%s", err, want)
			}
			t.Logf("tick 1 stopped after %v with a 500ms budget", took)
		} else if err != nil {
			t.Fatalf("tick %d: %v", tick, err)
		}
	}
	if got := countTicks(t, h); len(got) != 1 || got[3] != 999 {
		t.Errorf("ticks counted per leaf: %v, want 999 leaves with 3", got)
	}
	if failed := h.Failed(); len(failed) != 1 || failed[0] != agents[499] {
		t.Errorf("failed agents %v, want agent 500 only", failed)
	}
	if strings.Count(h.Failed()[0].Err().Error(), "CPU budget") != 1 {
		t.Errorf("err %v", h.Failed()[0].Err())
	}
}

// An endless loop at load is cut within the budget with file:line; the
// host stays usable: the next script loads and ticks.
func TestBudgetEndlessLoopAtLoad(t *testing.T) {
	h, out := newBudgetHost(t, 200*time.Millisecond)
	bad := writeScript(t, "local n = 0\nwhile true do n = n + 1 end\n")
	_, err := h.LoadFile(bad)
	want := bad + ":2: CPU budget of 200ms exceeded (loading " + bad + ")"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	good := writeScript(t, `return BTLog:New("still here")`)
	if _, err := h.LoadFile(good); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "still here\n" {
		t.Errorf("output %q", out.String())
	}
}

// An endless loop in a Spawn factory is cut within the budget with
// file:line; no agent is added and the next Spawn of the script works.
func TestBudgetEndlessLoopInSpawnFactory(t *testing.T) {
	h, out := newBudgetHost(t, 200*time.Millisecond)
	path := writeScript(t, `return function(args)
    while args.stuck do end
    return BTLog:New(args.say)
end
`)
	// A first Spawn compiles the script, so that the stuck one reaches its
	// loop at once even on a busy machine (the budget is wall time).
	if _, err := h.Spawn(path, map[string]any{"say": "still here"}); err != nil {
		t.Fatal(err)
	}
	_, err := h.Spawn(path, map[string]any{"stuck": true})
	want := path + ":2: CPU budget of 200ms exceeded (spawning " + path + ")"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	if len(h.Agents()) != 1 {
		t.Fatalf("%d agents after a good and a failed Spawn, want 1", len(h.Agents()))
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "still here\n" {
		t.Errorf("output %q", out.String())
	}
}

// pcall cannot swallow the budget error: every instruction after the cut
// raises it again until the stretch ends.
func TestBudgetPcallCannotSwallow(t *testing.T) {
	h, _ := newBudgetHost(t, 200*time.Millisecond)
	bad := writeScript(t, "while true do\n  pcall(function() while true do end end)\nend\n")
	_, err := h.LoadFile(bad)
	if err == nil || !strings.Contains(err.Error(), "CPU budget of 200ms exceeded (loading") {
		t.Fatalf("error %v", err)
	}
}

// A coroutine cannot escape the budget: not one made with coroutine.wrap
// or create at load and resumed in a tick, nor a BTCoroutine.
func TestBudgetCoroutines(t *testing.T) {
	for name, leaf := range map[string]string{
		"wrap at load":   "local spin = coroutine.wrap(function() while true do end end)\nreturn BTActionUniversal:New(nil, function() spin() end)",
		"create in tick": "return BTActionUniversal:New(nil, function()\n local co = coroutine.create(function() while true do end end)\n coroutine.resume(co)\n while true do end end)",
		"BTCoroutine":    "return BTCoroutine:New(function()\n coroutine.yield()\n while true do end end)",
	} {
		t.Run(name, func(t *testing.T) {
			h, _ := newBudgetHost(t, 200*time.Millisecond)
			if _, err := h.LoadFile(writeScript(t, leaf)); err != nil {
				t.Fatal(err)
			}
			var err error
			for i := 0; i < 3 && err == nil; i++ {
				err = h.Tick(0.1)
			}
			if err == nil || !strings.Contains(err.Error(), "CPU budget of 200ms exceeded (task ") || !strings.Contains(err.Error(), "; tick of agent ") {
				t.Fatalf("error %v", err)
			}
		})
	}
}

// An endless loop in OnEnd at Close is cut within the budget; the other
// agents' OnEnds run.
func TestBudgetEndlessLoopInOnEndAtClose(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	path := writeScript(t, `
Stuck = BTAction:New()
function Stuck:OnUpdate() return BTTaskStatus.Running end
function Stuck:OnEnd() print("end " .. self.name) if self.name == "b" then while true do end end end
local trees = {}
for _, name in ipairs({"a", "b", "c"}) do
    local s = Stuck:New(); s.name = name
    trees[#trees + 1] = s
end
return trees
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	h.Close()
	want := "end a\nend b\nbtlua: OnEnd at Close: " + path +
		":4: CPU budget of 200ms exceeded (task b; OnEnd at Close of agent b, " + path + " return value 1[2])\nend c\n"
	if out.String() != want {
		t.Errorf("output %q", out.String())
	}
}

// An endless loop in a file being reloaded is cut within the budget; the
// reload changes nothing and the old code keeps running. The print and
// the loop share a line, and the budget is 200 ms, so that a loaded
// machine (which once let 20 ms pass before the loop's line) stops it on
// that line all the same; one that lets the whole budget pass before the
// print (seen at a load average of 5) stops it there, on the same line.
func TestBudgetEndlessLoopAtReload(t *testing.T) {
	h, out := newBudgetHost(t, 200*time.Millisecond)
	path := writeScript(t, "return BTActionUniversal:New(nil, function() print('v1') return BTTaskStatus.Running end)\n")
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("print('reloading') while true do end\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := h.Reload(path)
	want := path + ":1: CPU budget of 200ms exceeded (reloading " + path + ")"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	// The old tree ticks. The reload's print ran, unless a loaded machine
	// let the budget pass before its call (the error's line 1 says the
	// file ran either way).
	if got := out.String(); got != "reloading\nv1\n" && got != "v1\n" {
		t.Errorf("output %q, want \"reloading\\nv1\\n\" (or \"v1\\n\" under load)", got)
	}
}

// Interrupt, from another goroutine, stops the script running now with
// "interrupted", well before a long budget would.
func TestInterrupt(t *testing.T) {
	h, _ := newBudgetHost(t, time.Hour)
	path := writeScript(t, "return BTActionUniversal:New(nil, function()\n  Started() while true do end\nend)\n")
	started := make(chan struct{})
	h.SetGlobal("Started", func() { close(started) })
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if h.Interrupt() {
		t.Error("Interrupt between ticks reported a running script")
	}
	go func() {
		<-started // the tick's script runs, and loops
		if !h.Interrupt() {
			t.Error("Interrupt found no script running")
		}
	}()
	err := h.Tick(0.1)
	want := path + ":2: interrupted (task BTActionUniversal; tick of agent BTActionUniversal, " + path + " return value 1)"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
}
