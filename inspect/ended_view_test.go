package inspect

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
)

// warriorHost loads scripts/warrior.lua, whose tree succeeds at tick 19
// (the world's clock runs out) and whose brain, still Running, is ended
// by its parent BTParallelComplete then.
func warriorHost(t *testing.T) *host.Host {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile("../scripts/warrior.lua"); err != nil {
		t.Fatal(err)
	}
	return h
}

// nodeLine renders a node's status, whether it runs, and its last end as
// "status running=B end=STATUS@TICK (CAUSE)" or "end=none".
func nodeLine(v *AgentView, i int) string {
	n := v.Nodes[i]
	s := v.Path(i) + " " + n.Status + " running="
	if n.Running {
		s += "true"
	} else {
		s += "false"
	}
	if n.End == nil {
		return s + " end=none"
	}
	return s + " end=" + n.End.Status + "@" + strconv.FormatUint(n.End.Tick, 10) + " (" + v.CauseText(n.End) + ")"
}

// A task ended by its parent keeps the status of its last tick, Running,
// as bt reports it (GetStatus, Render) and --trace prints it ("Running ->
// ended (by parent BTParallelComplete)"); the node view does not call it
// Running once its run is over: it shows Ended, not running, with the
// end. Watched from the start, the inspector heard the end and shows its
// tick and cause.
func TestEndedByParentWatchedFromStart(t *testing.T) {
	h := warriorHost(t)
	in := Attach(h)
	in.WatchAgents(1)
	for range 25 {
		if err := h.Tick(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	v, ok := in.model.Agent(1)
	if !ok {
		t.Fatal("no agent 1")
	}
	want := []string{
		"BTParallelComplete Success running=false end=Success@19 (completed)",
		"BTParallelComplete/world[1] Success running=false end=Success@19 (completed)",
		"BTParallelComplete/brain[2] Ended running=false end=Ended@19 (by parent BTParallelComplete)",
		"BTParallelComplete/brain[2]/root[1] Ended running=false end=Ended@19 (by parent BTParallelComplete)",
	}
	for i, w := range want {
		if got := nodeLine(v, i); got != w {
			t.Errorf("node %d: %s\nwant    %s", i, got, w)
		}
	}
}

// Watched only after the tree completed (the page opened late), the
// inspector has the tasks' states but heard no end: a task whose last
// status is Running and whose run is not under way has ended early, and
// the view says so (Ended, cause and tick unseen) rather than show a
// Running task with no end.
func TestEndedByParentWatchedLate(t *testing.T) {
	h := warriorHost(t)
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	for range 25 {
		if err := h.Tick(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	var v AgentView
	getJSON(t, srv.URL+"/api/agent?id=1", &v) // asks to watch agent 1
	if err := h.Tick(1.0 / 60); err != nil {  // the gate watches it: its state
		t.Fatal(err)
	}
	v = AgentView{}
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	want := []string{
		"BTParallelComplete Success running=false end=none",
		"BTParallelComplete/world[1] Success running=false end=none",
		"BTParallelComplete/brain[2] Ended running=false end=Ended@0 (ended before the inspector watched the agent)",
		"BTParallelComplete/brain[2]/root[1] Ended running=false end=Ended@0 (ended before the inspector watched the agent)",
	}
	for i, w := range want {
		if got := nodeLine(&v, i); got != w {
			t.Errorf("node %d: %s\nwant    %s", i, got, w)
		}
	}
}

// An agent id that is not a number is a bad request, named; a number
// that is no agent is not found.
func TestAgentIDChecked(t *testing.T) {
	h := warriorHost(t)
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	client := &http.Client{Timeout: 5 * time.Second}
	for _, c := range []struct {
		path string
		code int
		body string
	}{
		{"/api/agent?id=abc", http.StatusBadRequest, "bad agent id \"abc\"\n"},
		{"/api/agent?id=1.5", http.StatusBadRequest, "bad agent id \"1.5\"\n"},
		{"/api/agent", http.StatusBadRequest, "bad agent id \"\" (want /api/agent?id=N)\n"},
		{"/api/agent?id=99", http.StatusNotFound, "no agent 99\n"},
		{"/api/stream?agent=abc", http.StatusBadRequest, "bad agent id \"abc\"\n"},
	} {
		resp, err := client.Get(srv.URL + c.path)
		if err != nil { // a stream that went on
			t.Errorf("GET %s: %v, want %d %q", c.path, err, c.code, c.body)
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.code || string(b) != c.body {
			t.Errorf("GET %s: %d %q, want %d %q", c.path, resp.StatusCode, b, c.code, c.body)
		}
	}
}

// Tasks a conditional abort ended (Patrol and Wander, when Fight's
// LowerPriority abort sees the enemy) read Ended, not Running, with the
// abort as their end; Attack, which the abort started, runs.
func TestAbortedTasksReadEnded(t *testing.T) {
	h := newGuardHost(t, 2)
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1)
	tick(t, h, 5) // Rest, Wander's steps 1 and 2 (the enemy), the abort
	in.mu.Lock()
	v, _ := in.model.Agent(1)
	in.mu.Unlock()
	want := []string{
		"Root Running running=true end=none",
		"Root/Fight[1] Running running=true end=Failure@1 (completed)",
		"Root/Fight[1]/Sees[1] Success running=false end=Success@4 (completed)",
		"Root/Fight[1]/Attack[2] Running running=true end=none",
		"Root/Patrol[2] Ended running=false end=Ended@4 (aborted by Root/Fight[1]/Sees[1])",
		"Root/Patrol[2]/Rest[1] Success running=false end=Success@2 (completed)",
		"Root/Patrol[2]/Wander[2] Ended running=false end=Ended@4 (aborted by Root/Fight[1]/Sees[1])",
	}
	for i, w := range want {
		if got := nodeLine(v, i); got != w {
			t.Errorf("node %d: %s\nwant    %s", i, got, w)
		}
	}
}
