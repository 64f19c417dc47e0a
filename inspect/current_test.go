package inspect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// newGuards loads testdata/guard.lua n times (the enemy never seen).
func newGuards(t *testing.T, n int) *host.Host {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	h.SetGlobal("ENEMY_AT", 100)
	for range n {
		if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// callGate calls h.Tick on a goroutine of its own, as btlua's loop does,
// while the inspector holds the ticks (paused): the gate runs, no tick
// does. The returned function stops it and fails the test if a tick ran.
func callGate(t *testing.T, h *host.Host) (stop func()) {
	t.Helper()
	before := h.Ticks()
	done, quit := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-quit:
				return
			default:
			}
			h.Tick(0.1)
		}
	}()
	return func() {
		t.Helper()
		close(quit)
		<-done
		if h.Ticks() != before {
			t.Fatalf("the host ticked while paused: %d -> %d ticks", before, h.Ticks())
		}
	}
}

// firstStreamMessage reads the first message of /api/stream?agent=id.
func firstStreamMessage(t *testing.T, base string, id string) streamMessage {
	t.Helper()
	resp, err := http.Get(base + "/api/stream?agent=" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	var msg streamMessage
	if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &msg); err != nil {
		t.Fatalf("stream line %q: %v", line, err)
	}
	return msg
}

// guardAtTick3 is a guard's tree after 3 ticks: Rest done, Wander
// walking, Sees evaluated again by the LowerPriority abort.
const guardAtTick3 = "Root=Running*\nRoot/Fight[1]=Failure\nRoot/Fight[1]/Sees[1]=Failure\nRoot/Fight[1]/Attack[2]=Inactive\n" +
	"Root/Patrol[2]=Running*\nRoot/Patrol[2]/Rest[1]=Success\nRoot/Patrol[2]/Wander[2]=Running*\n"

// The first answers of the API give the host's state at the time of the
// request, though the inspector heard nothing of the agents the page had
// not shown: the agent list each agent's root status, an agent's view
// its tasks' statuses and its blackboard, the stream's first message
// the same. The answers wait for the ticking goroutine's next Tick call
// (here held by the pause), which reads the host.
func TestFirstAnswersAreCurrent(t *testing.T) {
	h := newGuards(t, 3)
	defer h.Close()
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	tick(t, h, 3)
	postCommand(t, srv.URL, `{"cmd":"pause"}`)
	stop := callGate(t, h)
	defer stop()

	var list AgentList
	getJSON(t, srv.URL+"/api/agents", &list)
	js, _ := json.Marshal(list)
	if want := `{"total":3,"matched":3,"agents":[{"id":1,"name":"guard","source":"testdata/guard.lua","status":"Running"},` +
		`{"id":2,"name":"guard","source":"testdata/guard.lua","status":"Running"},` +
		`{"id":3,"name":"guard","source":"testdata/guard.lua","status":"Running"}]}`; string(js) != want {
		t.Errorf("first agent list:\n%s\nwant:\n%s", js, want)
	}

	var v AgentView
	getJSON(t, srv.URL+"/api/agent?id=2", &v)
	if got := statuses(&v); got != guardAtTick3 {
		t.Errorf("first view of agent 2:\n%s\nwant:\n%s", got, guardAtTick3)
	}
	if js, _ := json.Marshal(v.Vars); string(js) != `[{"name":"steps","value":2,"tick":3}]` {
		t.Errorf("first view of agent 2's vars: %s", js)
	}

	msg := firstStreamMessage(t, srv.URL, "3")
	if msg.Agent == nil || msg.State.Tick != 3 {
		t.Fatalf("first stream message: %+v", msg)
	}
	if got := statuses(msg.Agent); got != guardAtTick3 {
		t.Errorf("first stream message of agent 3:\n%s\nwant:\n%s", got, guardAtTick3)
	}
	if js, _ := json.Marshal(msg.Agent.Vars); string(js) != `[{"name":"steps","value":2,"tick":3}]` {
		t.Errorf("first stream message of agent 3's vars: %s", js)
	}
}

// An agent the page shows from the start (WatchAgents), attached after
// the agents ticked: its first view gives the state its tree is in, not
// that of a fresh tree.
func TestWatchedFromAttachAfterTicks(t *testing.T) {
	h := newGuards(t, 1)
	defer h.Close()
	tick(t, h, 2)
	in := Attach(h)
	in.WatchAgents(1)
	tick(t, h, 1)
	v, _ := in.model.Agent(1)
	if got := statuses(v); got != guardAtTick3 {
		t.Errorf("agent 1 at tick 3, attached at tick 2:\n%s\nwant:\n%s", got, guardAtTick3)
	}
}

// A recording begun after the agents ticked starts from their state
// ("state" records): its replay shows at its first tick what the live
// inspector shows.
func TestLateRecordingStartsFromTheState(t *testing.T) {
	h := newGuards(t, 1)
	defer h.Close()
	tick(t, h, 2)
	var plain bytes.Buffer
	r, err := NewRecorder(h, &plain, Header{})
	if err != nil {
		t.Fatal(err)
	}
	tick(t, h, 1)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecording(&plain)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(rec)
	rp.Seek(3)
	rp.Model(func(m *Model) {
		v, _ := m.Agent(1)
		if got := statuses(v); got != guardAtTick3 {
			t.Errorf("replay of a recording begun at tick 2, at tick 3:\n%s\nwant:\n%s", got, guardAtTick3)
		}
	})
}
