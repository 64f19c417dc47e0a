package host

import (
	"bytes"
	"testing"
)

// A listener of the event stream that panics while the tick reports an
// agent (its EventStatus, sent after the agent's tree ticked) panics out
// of Tick with its own value, as any Go code the host calls: it is not
// the agent's error, the agents after it are not ticked, and the next
// tick ticks them all.
func TestTickListenerPanicGoesOutOfTick(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(writeScript(t, `log = {}
Act = BTAction:New()
function Act:OnUpdate() log[#log + 1] = self.name; return BTTaskStatus.Running end
local a, b = Act:New(), Act:New()
a.name, b.name = "a", "b"
return { a, b }
`))
	if err != nil {
		t.Fatal(err)
	}
	panicking := true
	h.Subscribe(func(ev *Event) {
		if ev.Kind == EventStatus && panicking {
			panicking = false
			panic("listener")
		}
	})
	func() {
		defer func() {
			if r := recover(); r != "listener" {
				t.Errorf("Tick panicked with %v (%T), want the listener's \"listener\"", r, r)
			}
		}()
		h.Tick(1)
	}()
	if got := takeLog(h); got != "a" {
		t.Errorf("ticked %q, want \"a\" (b not ticked)", got)
	}
	if agents[0].Err() != nil || !agents[0].Running() {
		t.Errorf("agent a: Err %v, Running %v; want running without error", agents[0].Err(), agents[0].Running())
	}
	if err := h.Tick(1); err != nil {
		t.Fatal(err)
	}
	if got := takeLog(h); got != "a b" {
		t.Errorf("next tick ticked %q, want \"a b\"", got)
	}
}
