package host

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The agent's observer and the stream's listeners hear the same runs
// through the one watch: an observer replaced while the stream watches
// the tree is the only one that hears the runs after, with the stream and
// after the stream stopped listening (the halt after cancel).
func TestSetObserverReplacedWhileSubscribed(t *testing.T) {
	fsys := fstest.MapFS{"guard.lua": {Data: []byte(waitTree + "tree:SetStartTask(seq)\nreturn tree\n")}}
	h, err := New(Options{FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile("guard.lua")
	if err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	var first, second events
	a.SetObserver(&first)
	lines, cancel := recordEvents(t, h)
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	a.SetObserver(&second)
	if a.Observer() != &second {
		t.Fatalf("Observer() is %v, not the second observer", a.Observer())
	}
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	cancel()
	a.Halt()
	if got, want := strings.Join(first, "\n"), "start Seq\nstart Seq/Wait[1]"; got != want {
		t.Errorf("first observer heard:\n%s\nwant:\n%s", got, want)
	}
	want := "end Seq/Wait[1] Running (halted)\nend Seq Running (halted)"
	if got := strings.Join(second, "\n"); got != want {
		t.Errorf("second observer heard:\n%s\nwant:\n%s", got, want)
	}
	if n := len(*lines); n != 3 || len((*lines)[2]) != 2 {
		t.Errorf("the stream recorded %q, want ticks 1 and 2 (tick, tickend) and not the halt after cancel", *lines)
	}
}
