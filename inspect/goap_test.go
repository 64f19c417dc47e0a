package inspect

import (
	"bytes"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// goapLine renders the GOAP part of an agent view on one line, without
// the planner's wall time.
func goapLine(v *AgentView) string {
	var sb strings.Builder
	for _, g := range v.Goap {
		fmt.Fprintf(&sb, "key %d node %d %s %v", g.Key, g.Node, g.State, g.Stack)
		if g.HasGoal {
			fmt.Fprintf(&sb, " goal %q plan", g.Goal)
			for _, s := range g.Plan {
				fmt.Fprintf(&sb, " %s:%g", s.Action, s.Cost)
			}
			fmt.Fprintf(&sb, " cost %g step %d started %v", g.Cost, g.Current, g.Started)
		}
		if g.Last != nil {
			fmt.Fprintf(&sb, " last %q expanded %d visited %d cost %g err %q world %s", g.Last.Goal, g.Last.Expanded, g.Last.Visited, g.Last.Cost, g.Last.Err, g.Last.World)
		}
		for _, e := range g.Events {
			fmt.Fprintf(&sb, " | %d %s", e.Tick, e.Text)
		}
	}
	return sb.String()
}

// The agent view's GOAP agent over the HTTP API, tick by tick: state and
// FSM stack, goal, plan with costs, current step, last planner run and
// the recent events, through a plan aborted by a failed action and the
// replan that carries it out; the planner's run with the world state it
// planned from.
func TestLiveAPIGoap(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("testdata/woodcutter.lua"); err != nil {
		t.Fatal(err)
	}
	in := Attach(h)
	in.WatchAgents(1) // the page's agent, shown from the start
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	var rec bytes.Buffer
	r, err := NewRecorder(h, &rec, Header{})
	if err != nil {
		t.Fatal(err)
	}
	const plan = `goal "CreateGoalState" plan GetAxe:2 ChopLog:4 cost 6`
	const last = ` last "CreateGoalState" expanded 2 visited 3 cost 6 err "" world {hasAxe=false, logs=0}`
	const made = ` | %d goal chosen "CreateGoalState" (priority 0) | %[1]d state popped Idle | %[1]d state pushed PerformAction | %[1]d plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`
	want := []string{
		"key 1 node 1 PerformAction [PerformAction] " + plan + " step 0 started false" + last + fmt.Sprintf(made, 1),
		// 13 events: the oldest (tick 1's goal chosen) is dropped.
		"key 1 node 2 PerformAction [PerformAction] " + plan + " step 0 started false" + last +
			strings.TrimPrefix(fmt.Sprintf(made, 1), ` | 1 goal chosen "CreateGoalState" (priority 0)`) +
			" | 2 action started GetAxe #1 | 2 action ended GetAxe #1 (aborted) | 2 state popped PerformAction | 2 state pushed Idle" +
			` | 2 plan aborted "CreateGoalState" by GetAxe` + fmt.Sprintf(made, 2),
	}
	for tk := range want {
		tick(t, h, 1)
		var v AgentView
		getJSON(t, fmt.Sprintf("%s/api/agent?id=1", srv.URL), &v)
		if got := goapLine(&v); got != want[tk] {
			t.Errorf("tick %d:\ngot  %s\nwant %s", tk+1, got, want[tk])
		}
	}
	tick(t, h, 1)
	var v AgentView
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	// The GOAP tasks' boxes name their class, not the BTAction it is
	// built on.
	if k1, k2 := v.Nodes[1].Kind, v.Nodes[2].Kind; k1 != "BTGoapAgentTask" || k2 != "BTGoapAgentTask" {
		t.Errorf("Try and Retry are of kind %q and %q, want BTGoapAgentTask", k1, k2)
	}
	if got, want := goapLine(&v), "key 1 node 2 PerformAction [PerformAction] "+plan+" step 0 started true"+last; !strings.HasPrefix(got, want) {
		t.Errorf("tick 3:\ngot  %s\nwant %s | ...", got, want)
	}
	tick(t, h, 2)
	v = AgentView{}
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	liveLine := goapLine(&v)
	if want := "key 1 node 2 Idle [Idle]" + last + ` | 2 plan aborted "CreateGoalState" by GetAxe` + fmt.Sprintf(made, 2) +
		" | 3 action started GetAxe #1 | 4 action ended GetAxe #1 (done) | 4 action started ChopLog #2" +
		` | 5 action ended ChopLog #2 (done) | 5 state popped PerformAction | 5 state pushed Idle | 5 plan finished "CreateGoalState"`; liveLine != want {
		t.Errorf("tick 5:\ngot  %s\nwant %s", liveLine, want)
	}

	// The recording holds one "goap" record per tick with events, and its
	// replay shows the same GOAP state.
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(rec.String(), `"k":"goap"`); n != 5 {
		t.Errorf("%d goap records, want 5 (one per tick)", n)
	}
	recording, err := ReadRecording(&rec)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(recording)
	rp.Seek(5)
	rp.Model(func(m *Model) {
		v, _ := m.Agent(1)
		if got := goapLine(v); got != liveLine {
			t.Errorf("replay at tick 5:\n%s\nlive:\n%s", got, liveLine)
		}
	})
}
