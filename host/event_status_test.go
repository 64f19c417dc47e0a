package host

import (
	"io"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// TestEventStatusHookOnlyWhileListening: the status changes come pushed
// by the trees' core: while a listener hears an agent its tree's
// bt.StatusObserver is the stream's watch (its Observer too), and once nobody listens no
// tree has one (the tick pays a nil check), nor an Observer.
func TestEventStatusHookOnlyWhileListening(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, guardScript)); err != nil {
		t.Fatal(err)
	}
	trees := func() []*bt.BehaviorTree {
		var l []*bt.BehaviorTree
		for _, a := range h.Agents() {
			l = append(l, a.tree().BT)
		}
		return l
	}
	if len(trees()) != 2 {
		t.Fatalf("%d agents, want 2", len(trees()))
	}
	cancel := h.Subscribe(func(*Event) {})
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	for i, tr := range trees() {
		if tr.Statuses == nil || any(tr.Statuses) != any(tr.Observer) {
			t.Errorf("agent %d listened to: Statuses %T, Observer %T, want the stream's watch as both", i+1, tr.Statuses, tr.Observer)
		}
	}
	cancel()
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	for i, tr := range trees() {
		if tr.Statuses != nil || tr.Observer != nil {
			t.Errorf("agent %d after cancel: Statuses %v, Observer %v, want none", i+1, tr.Statuses, tr.Observer)
		}
	}
}
