package host

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
)

// events is a bt.Observer logging "start PATH" and "end PATH Status
// (cause)".
type events []string

func (e *events) TaskStarted(t bt.Task) { *e = append(*e, "start "+bt.Path(t)) }
func (e *events) TaskEnded(t bt.Task, s bt.Status, c bt.EndCause) {
	*e = append(*e, fmt.Sprintf("end %s %v (%v)", bt.Path(t), s, c))
}

const waitTree = `local tree = BTBehaviorTree:New()
tree.name = "guard"
local seq = BTSequence:New()
seq.name = "Seq"
local w = BTWait:New(10)
w.name = "Wait"
seq:AddChild(w)
`

// An agent's observer hears its tree, and the tree a reload builds in its
// place after the old one's end with the cause reload; Halt ends the run
// and the agent stops; Root, Render and Time show the tree.
func TestAgentObserverHaltRender(t *testing.T) {
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
	var log events
	a.SetObserver(&log)
	if a.Observer() != &log {
		t.Fatal("Observer() is not the observer set")
	}
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	if got, want := a.Render(), "Seq (BTSequence) Running\n  Wait (BTWait) Running\n"; got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	root := a.Root()
	fsys["guard.lua"] = &fstest.MapFile{Data: []byte(waitTree + "seq:AddChild(BTIdle:New())\ntree:SetStartTask(seq)\nreturn tree\n")}
	if _, err := h.Reload("guard.lua"); err != nil {
		t.Fatal(err)
	}
	if a.Root() == root || a.Observer() != &log || a.Time() != 0 {
		t.Fatalf("after the rebuild: root kept %v, observer %v, time %v", a.Root() == root, a.Observer(), a.Time())
	}
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	a.Halt()
	if a.Running() || !h.Done() {
		t.Error("a halted agent still runs")
	}
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"start Seq", "start Seq/Wait[1]",
		"end Seq/Wait[1] Running (reload)", "end Seq Running (reload)",
		"start Seq", "start Seq/Wait[1]",
		"end Seq/Wait[1] Running (halted)", "end Seq Running (halted)",
	}
	if got := strings.Join(log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if a.Time() != 0.5 || a.Name() != "guard" {
		t.Errorf("time %v, name %q", a.Time(), a.Name())
	}
}

// DoString returns a chunk's values as Go values and its errors with the
// line.
func TestDoString(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	got, err := h.DoString("X = 2\nreturn X + 1, 'a', { 1, 2 }, nil, true")
	if err != nil || fmt.Sprint(got) != "[3 a [1 2] <nil> true]" {
		t.Errorf("values %v, err %v", got, err)
	}
	_, err = h.DoString("local y = nil\nreturn y.z")
	le, ok := err.(*luaerr.Error)
	if !ok || le.Line != 2 || !strings.HasPrefix(err.Error(), "<string>:2: attempt to index") {
		t.Errorf("err %v (%T)", err, err)
	}
	if _, err := h.DoString("return ("); err == nil || !strings.Contains(err.Error(), "<string>") {
		t.Errorf("syntax error: %v", err)
	}
}

// An observer set while the event stream watches the tree hears the
// tree's runs, and so do the stream's listeners; Observer returns it.
func TestSetObserverWhileSubscribed(t *testing.T) {
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
	lines, cancel := recordEvents(t, h)
	defer cancel()
	if err := h.Tick(0.5); err != nil {
		t.Fatal(err)
	}
	var log events
	a.SetObserver(&log)
	if a.Observer() != &log {
		t.Fatalf("Observer() is %v, not the observer set", a.Observer())
	}
	a.Halt()
	want := []string{"end Seq/Wait[1] Running (halted)", "end Seq Running (halted)"}
	if got := strings.Join(log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("observer heard:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	checkTicks(t, *lines, [][]string{nil, {
		"tick 1",
		"tree guard #1 Seq,Wait",
		"start guard Seq",
		"start guard Seq/Wait[1]",
		"status guard Seq Running",
		"status guard Seq/Wait[1] Running",
		"tickend 1",
		"end guard Seq/Wait[1] Running (halted)",
		"end guard Seq Running (halted)",
	}})
}
