package inspect

import (
	"io"
	"testing"

	"github.com/btlua/btlua/host"
)

// The page switching from agent 1 to agent 2 and back (agent 1 is not
// watched in between, then watched again): the variables agent 1's tasks
// wrote before keep their writer and tick, though the host lists them
// again without a writer when it watches the agent again.
func TestSwitchingAgentsKeepsWriters(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", 2)
	for range 2 {
		if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
			t.Fatal(err)
		}
	}
	in := Attach(h)
	defer in.Close(true)
	writer := func(id int, name string) (string, uint64) {
		t.Helper()
		in.mu.Lock()
		defer in.mu.Unlock()
		v, ok := in.model.Agent(id)
		if !ok {
			t.Fatalf("no agent %d", id)
		}
		for _, x := range v.Vars {
			if x.Name == name {
				return v.WriterPath(x), x.Tick
			}
		}
		t.Fatalf("agent %d has no variable %q: %+v", id, name, v.Vars)
		return "", 0
	}
	in.watch(1, +1) // the page shows agent 1
	tick(t, h, 3)   // Rest, then Wander's steps 1 and 2: the enemy seen
	const wander = "Root/Patrol[2]/Wander[2]"
	if w, tk := writer(1, "enemy"); w != wander || tk != 3 {
		t.Fatalf("enemy written by %q at tick %d, want %s at tick 3", w, tk, wander)
	}
	in.watch(1, -1) // the page switches to agent 2
	in.watch(2, +1)
	tick(t, h, 2)
	in.watch(2, -1) // and back to agent 1
	in.watch(1, +1)
	tick(t, h, 1)
	if w, tk := writer(1, "enemy"); w != wander || tk != 3 {
		t.Errorf("after switching back: enemy written by %q at tick %d, want %s at tick 3", w, tk, wander)
	}
	// steps, written by Attack while agent 1 was not watched, is listed
	// with the value the host has; its next write names Attack.
	if w, _ := writer(1, "steps"); w != "Root/Fight[1]/Attack[2]" {
		t.Errorf("steps written by %q, want Root/Fight[1]/Attack[2]", w)
	}
}
