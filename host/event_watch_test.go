package host

import (
	"io"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A Subscription hears every tree, but the runs and writes of the agents
// it watches only: watched after its tree was reported, an agent's tasks
// come at once as EventState, then its variables, then its events; no
// longer watched, it is silent again (its tree without an observer).
func TestSubscriptionWatch(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, guardScript)); err != nil {
		t.Fatal(err)
	}
	nodes := map[int][]bt.Task{}
	out := [][]string{nil}
	sub := h.SubscribeWatching(func(ev *Event) {
		for len(out) <= int(ev.Tick) {
			out = append(out, nil)
		}
		line := eventLine(t, nodes, *ev)
		if ev.Kind == EventState {
			line = "state " + ev.Agent.Name() + " " + bt.Path(ev.Task) + " " + ev.Status.String()
			if ev.Started {
				line += " started"
			}
		}
		out[ev.Tick] = append(out[ev.Tick], line)
	})
	digger := h.Agents()[1]
	step := func() {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	step()
	sub.Watch(digger, true)
	step()
	step()
	sub.Watch(digger, false)
	step()
	if digger.Observer() != nil || digger.tree().BT.Observer != nil {
		t.Errorf("an agent nobody watches keeps an observer")
	}
	sub.Cancel()
	checkTicks(t, out, [][]string{
		nil,
		{
			"tick 1",
			"var global alarm <nil> -> false",
			"tree guard #1 Root,Fight,Sees,Attack,Wander",
			"tree digger #2 Timeout,Dig",
			"tickend 1",
			// Watch, between ticks 1 and 2: the state then.
			"state digger Timeout Running started",
			"state digger Timeout/Dig[1] Running started",
			"var digger steps <nil> -> 11",
		},
		{
			"tick 2",
			"var digger steps 11 -> 12 by Timeout/Dig[1]",
			"tickend 2",
		},
		{
			"tick 3",
			"end digger Timeout/Dig[1] Running (timed out by Timeout)",
			"end digger Timeout Failure",
			"tickend 3",
		},
		{
			"tick 4",
			"tickend 4",
		},
	})
}
