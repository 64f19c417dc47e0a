package stream

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// fakeHost is a host of agents numbered from 1, each ticking one tree:
// the stream needs nothing more of a host.
type fakeHost struct {
	agents []int
	trees  map[int]*bt.BehaviorTree
	errs   map[int]error
	ticks  uint64
	global *bt.Blackboard
}

func (f *fakeHost) Agents() []int                 { return f.agents }
func (f *fakeHost) Ticks() uint64                 { return f.ticks }
func (f *fakeHost) Globals() *bt.Blackboard       { return f.global }
func (f *fakeHost) Value(v any) any               { return v }
func (f *fakeHost) Tree(a int) *bt.BehaviorTree   { return f.trees[a] }
func (f *fakeHost) Root(a int) (bt.Task, error)   { return f.trees[a].Root(), f.errs[a] }
func (f *fakeHost) Observer(int) bt.Observer      { return nil }
func (f *fakeHost) Frame(int) *Frame[int, string] { return nil }

// tick is the host's Tick: every agent's tree, framed for the stream.
func (f *fakeHost) tick(e *Hub[int, string]) {
	f.ticks++
	e.BeginTick()
	for _, a := range f.agents {
		f.trees[a].Tick(1)
		e.AfterAgent(a, f.errs[a])
	}
	e.EndTick()
}

func line(ev *Event[int, string]) string {
	s := fmt.Sprintf("%d %s a%d", ev.Tick, ev.Kind, ev.Agent)
	if n, ok := ev.Node.Index(); ok {
		s += fmt.Sprintf(" n%d", n)
	}
	switch ev.Kind {
	case EventStatus, EventEnded:
		s += " " + ev.Status.String()
	case EventVariable:
		s += fmt.Sprintf(" %s=%v", ev.Name, ev.New)
	case EventTree:
		s += fmt.Sprintf(" %d nodes", len(ev.Nodes))
	case EventError:
		s += " " + ev.Err.Error()
	}
	return s
}

// TestHubOverAFakeHost: the stream runs over any host that gives its
// agents as references (here ints) and their trees: trees reported at the
// first tick, starts, the status changes the core pushes (node order,
// after the agent's tick; none for a task Running again), ends, an error
// once, and agent 2's removal.
func TestHubOverAFakeHost(t *testing.T) {
	f := &fakeHost{trees: map[int]*bt.BehaviorTree{}, errs: map[int]error{}, global: bt.NewBlackboard(nil)}
	f.global.Set("alarm", false)
	n := 0
	for a := 1; a <= 2; a++ {
		runs := bt.NewFuncAction(func() bt.Status {
			n++
			if n%3 == 0 {
				return bt.Success
			}
			return bt.Running
		})
		f.trees[a] = bt.NewBehaviorTree(bt.NewSequence(runs, bt.NewFuncAction(nil)))
		f.agents = append(f.agents, a)
	}
	e := New[int, string](f)
	var got []string
	e.Subscribe(&Subscriber[int, string]{Fn: func(ev *Event[int, string]) { got = append(got, line(ev)) }, All: true})
	f.tick(e)
	f.errs[1] = errors.New("boom")
	f.tick(e)
	f.agents = f.agents[:1]
	f.tick(e)
	want := []string{
		"1 tick a0", "1 var a0 alarm=false",
		"1 tree a1 3 nodes", "1 tree a2 3 nodes",
		"1 start a1 n0", "1 start a1 n1", "1 status a1 n0 Running", "1 status a1 n1 Running",
		"1 start a2 n0", "1 start a2 n1", "1 status a2 n0 Running", "1 status a2 n1 Running",
		"1 tickend a0",
		"2 tick a0",
		"2 end a1 n1 Success", "2 start a1 n2", "2 end a1 n2 Success", "2 end a1 n0 Success",
		"2 error a1 boom", // a2's actions ran on, Running: no change, no event
		"2 tickend a0",
		"3 tick a0", "3 removed a2", // a1's tree is complete: it ticks no more
		"3 tickend a0",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("events:\n got %q\nwant %q", got, want)
	}
	if id := e.AgentID(2); id != 2 {
		t.Errorf("AgentID(2) = %d, want 2", id)
	}
}
