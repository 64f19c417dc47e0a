package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// stoppedScript is a factory whose agent 3 raises an error at its second
// tick (StopAgent, the default policy, stops it for good); the others
// count their ticks and print at the 7th.
const stoppedScript = `
Npc = BTAction:New()
function Npc:New(i)
    local o = {i = i}
    setmetatable(o, self)
    self.__index = self
    return o
end
function Npc:OnStart() self.n = 0 end
function Npc:OnUpdate()
    self.n = self.n + 1
    if self.i == 3 and self.n == 2 then error("agent 3 broke") end
    if self.n == 7 then print("npc " .. self.i .. " at 7") end
    return BTTaskStatus.Running
end
return function(args)
    local s = BTSequence:New()
    s:AddChild(Npc:New(args.index))
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(s)
    return tree
end
`

// A save holds an agent stopped by an error for good as stopped: the
// save of four agents, one of them stopped, restores the four in order,
// the healthy ones going on with their state (they print at their 7th
// tick, as the run that was not saved does) and the stopped one stopped
// with its error, ticking no more.
func TestSaveStoppedAgent(t *testing.T) {
	path := writeScript(t, stoppedScript)
	start := func() (*Host, *bytes.Buffer) {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.Close() })
		return h, &out
	}
	a, _ := start()
	for i := 1; i <= 4; i++ {
		if _, err := a.Spawn(path, map[string]any{"index": i}); err != nil {
			t.Fatal(err)
		}
	}
	for n := 1; n <= 4; n++ {
		a.Tick(1)
	}
	stopErr := a.Agents()[2].Err()
	if stopErr == nil {
		t.Fatal("agent 3 did not stop")
	}
	data, err := a.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"stopped":true`)) {
		t.Fatalf("the save does not hold agent 3 as stopped:\n%s", data)
	}
	b, out := start()
	agents, err := b.RestoreAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(agents) != 4 {
		t.Fatalf("restored %d agents, want 4", len(agents))
	}
	for i, ag := range b.Agents() {
		got := fmt.Sprint(ag.Err())
		want := "<nil>"
		if i == 2 {
			want = stopErr.Error()
		}
		if got != want {
			t.Fatalf("restored agent %d: error %s, want %s", i+1, got, want)
		}
	}
	for n := 5; n <= 8; n++ {
		if err := b.Tick(1); err != nil {
			t.Fatalf("tick %d: %v", n, err)
		}
	}
	if got, want := out.String(), "npc 1 at 7\nnpc 2 at 7\nnpc 4 at 7\n"; got != want {
		t.Fatalf("restored run printed\n%q\nwant\n%q", got, want)
	}
	if _, due := b.Agents()[2].RestartDue(); due || b.Agents()[2].Err() == nil {
		t.Fatal("the restored agent 3 does not stay stopped")
	}
}

// A save refused for an agent names it as a tick error does: by its
// number when its unnamed tree is one of a factory's, and its script.
func TestSaveRefusalNamesAgent(t *testing.T) {
	path := writeScript(t, strings.Replace(stoppedScript, `function Npc:OnStart() self.n = 0 end`,
		`function Npc:OnStart() self.n = 0; if self.i == 2 then self.co = coroutine.create(print) end end`, 1))
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for i := 1; i <= 4; i++ {
		if _, err := h.Spawn(path, map[string]any{"index": i}); err != nil {
			t.Fatal(err)
		}
	}
	h.Tick(1)
	_, err = h.SnapshotAll()
	want := "host: saving agent 2 (" + path + "): task BTSequence/Npc[1] (Npc) field co holds a coroutine, which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
