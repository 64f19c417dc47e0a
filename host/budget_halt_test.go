package host

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// haltScript is a tree of three running tasks under a parallel, whose
// OnEnds print their names: the first's raises an error (line 3), the
// second's loops for ever (line 3), the third's returns.
const haltScript = `T = BTAction:New()
function T:OnUpdate() return BTTaskStatus.Running end
function T:OnEnd() print("end " .. self.name) if self.name == "first" then error("first failed") elseif self.name == "loop" then while true do end end end
local p = BTParallel:New()
for _, name in ipairs({"first", "loop", "last"}) do
    local t = T:New(); t.name = name; p:AddChild(t)
end
local tree = BTBehaviorTree:New(); tree:SetStartTask(p); return tree
`

// Every OnEnd of a halt runs though earlier ones fail or run over the
// budget (each pass gets a fresh budget), and each error is reported with
// its task path, once the halt is done: at Close, and at Halt.
func TestBudgetHaltRunsEveryOnEnd(t *testing.T) {
	for _, at := range []string{"Close", "Halt"} {
		t.Run(at, func(t *testing.T) {
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			path := writeScript(t, haltScript)
			agents, err := h.LoadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			prefix := "btlua: OnEnd at Close: "
			if at == "Halt" {
				agents[0].Halt()
				prefix = "btlua: halting tree BTBehaviorTree: "
			}
			h.Close()
			who := "agent BTBehaviorTree, " + path + " return value 1"
			want := "end first\nend loop\nend last\n" +
				prefix + path + ":3: first failed (task BTParallel/first[1])\n" +
				prefix + path + ":3: CPU budget of 200ms exceeded (task BTParallel/loop[2]; OnEnd at " + at + " of " + who + ")\n"
			if got := out.String(); got != want {
				t.Errorf("output\n%s\nwant\n%s", got, want)
			}
			if at == "Halt" {
				if err := agents[0].Err(); err == nil || !strings.Contains(err.Error(), "first failed") || !strings.Contains(err.Error(), "CPU budget") {
					t.Errorf("Err %v", err)
				}
			}
		})
	}
}

// An interrupt during a halt is not undone by the next pass's fresh
// budget: the OnEnds left stop at once, each error reported, and Close
// returns.
func TestBudgetHaltInterrupted(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	path := writeScript(t, `T = BTAction:New()
function T:OnUpdate() return BTTaskStatus.Running end
function T:OnEnd() Started() while true do end end
local p = BTParallel:New()
for _, name in ipairs({"a", "b", "c"}) do
    local t = T:New(); t.name = name; p:AddChild(t)
end
local tree = BTBehaviorTree:New(); tree:SetStartTask(p); return tree
`)
	var once sync.Once
	started := make(chan struct{})
	h.SetGlobal("Started", func() { once.Do(func() { close(started) }) })
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	go func() {
		<-started
		h.Interrupt()
	}()
	h.Close()
	var want strings.Builder
	for i, name := range []string{"a", "b", "c"} {
		fmt.Fprintf(&want, "btlua: OnEnd at Close: %s:3: interrupted (task BTParallel/%s[%d]; OnEnd at Close of agent BTBehaviorTree, %s return value 1)\n", path, name, i+1, path)
	}
	if got := out.String(); got != want.String() {
		t.Errorf("output\n%s\nwant\n%s", got, want.String())
	}
}
