package inspect

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The HTTP API over a live host ticked by the test (the ticking
// goroutine): agents, an agent's tree and blackboard, pause, step,
// breakpoints, tick rate and blackboard edits, and the stream.
func TestLiveAPI(t *testing.T) {
	h := newGuardHost(t, 6)
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1) // the page's agent, shown from the start
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	tick(t, h, 3)

	var list AgentList
	getJSON(t, srv.URL+"/api/agents?q=GUA", &list)
	if list.Total != 1 || list.Matched != 1 || len(list.Agents) != 1 || list.Agents[0].Name != "guard" || list.Agents[0].Status != "Running" {
		t.Fatalf("agents: %+v", list)
	}
	getJSON(t, srv.URL+"/api/agents?q=nobody", &list)
	if list.Matched != 0 || len(list.Agents) != 0 {
		t.Fatalf("agents matching nobody: %+v", list)
	}
	var v AgentView
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	// Tick 1: Rest (0.05 s) starts; tick 2: it succeeds and Wander
	// starts; tick 3: Wander has walked 2 steps, Sees was evaluated again
	// (LowerPriority).
	want := "Root=Running*\nRoot/Fight[1]=Failure\nRoot/Fight[1]/Sees[1]=Failure\nRoot/Fight[1]/Attack[2]=Inactive\n" +
		"Root/Patrol[2]=Running*\nRoot/Patrol[2]/Rest[1]=Success\nRoot/Patrol[2]/Wander[2]=Running*\n"
	if got := statuses(&v); got != want {
		t.Errorf("tree at tick 3:\n%s\nwant:\n%s", got, want)
	}
	if v.Nodes[1].Abort != "LowerPriority" || v.Nodes[5].Args != "0.05" || v.Nodes[5].Kind != "BTWait" {
		t.Errorf("abort type %q, Rest args %q kind %q; want LowerPriority, 0.05, BTWait", v.Nodes[1].Abort, v.Nodes[5].Args, v.Nodes[5].Kind)
	}
	if e := v.Nodes[2].End; e == nil || e.Tick != 3 || e.Status != "Failure" || e.Cause != "completed" {
		t.Errorf("Sees's last end: %+v", e)
	}
	if len(v.Vars) != 1 || v.Vars[0].Name != "steps" || v.Vars[0].Value != 2.0 || v.Vars[0].Tick != 3 || v.WriterPath(v.Vars[0]) != "Root/Patrol[2]/Wander[2]" {
		t.Errorf("vars: %+v", v.Vars)
	}

	// Pause: ticks are skipped; step: exactly one.
	if s := postCommand(t, srv.URL, `{"cmd":"pause"}`); !s.Paused || s.Tick != 3 {
		t.Fatalf("after pause: %+v", s)
	}
	tick(t, h, 4)
	if h.Ticks() != 3 {
		t.Fatalf("paused host ticked: %d ticks", h.Ticks())
	}
	postCommand(t, srv.URL, `{"cmd":"step"}`)
	tick(t, h, 4)
	if h.Ticks() != 4 {
		t.Fatalf("one step made %d ticks, want 4 in all", h.Ticks())
	}

	// An edit is applied by the gate, between ticks, while paused.
	postCommand(t, srv.URL, `{"cmd":"set","agent":1,"name":"mood","value":"calm"}`)
	tick(t, h, 1)
	v = AgentView{}
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	if len(v.Vars) != 2 || v.Vars[0].Name != "mood" || v.Vars[0].Value != "calm" || v.Vars[0].Writer != nil {
		t.Fatalf("after set: %+v", v.Vars)
	}
	if val, err := h.Agents()[0].GetString("mood"); err != nil || val != "calm" {
		t.Fatalf("blackboard mood = %q (%v), want calm", val, err)
	}

	// A breakpoint on Attack's start: the enemy is seen at step 6 (tick
	// 7), the abort starts Attack on tick 8, and the run stops after it.
	postCommand(t, srv.URL, `{"cmd":"break","agent":1,"node":3,"on":"start"}`)
	s := postCommand(t, srv.URL, `{"cmd":"resume"}`)
	if s.Paused || len(s.Breakpoints) != 1 {
		t.Fatalf("after resume: %+v", s)
	}
	tick(t, h, 10)
	getJSON(t, srv.URL+"/api/state", &s)
	if !s.Paused || s.Hit == nil || s.Hit.Tick != 8 || s.Hit.Path != "Root/Fight[1]/Attack[2]" || h.Ticks() != 8 {
		t.Fatalf("breakpoint: state %+v (hit %+v), host ticks %d; want paused at tick 8 on Attack's start", s, s.Hit, h.Ticks())
	}
	v = AgentView{}
	getJSON(t, srv.URL+"/api/agent?id=1", &v)
	if e := v.Nodes[6].End; e == nil || e.Tick != 8 || v.CauseText(e) != "aborted by Root/Fight[1]/Sees[1]" {
		t.Errorf("Wander's end: %+v", e)
	}
	for _, bad := range []string{`{"cmd":"break","agent":1,"node":99,"on":"start"}`, `{"cmd":"break","agent":1,"node":1,"on":"later"}`,
		`{"cmd":"fly"}`, `{"cmd":"set","agent":1,"name":"x","value":[1]}`, `{"cmd":"rate","hz":-1}`} {
		code, body := sendCommand(t, srv.URL, bad, map[string]string{"Content-Type": "application/json", TokenHeader: pageToken(t, srv.URL)})
		if code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", bad, code, body)
		}
	}

	// The stream's first message: the state and the agent.
	resp, err := http.Get(srv.URL + "/api/stream?agent=1")
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
	if msg.State.Tick != 8 || !msg.State.Paused || msg.Agent == nil || msg.Agent.Nodes[3].Status != "Running" || !msg.Agent.Nodes[3].Running {
		t.Errorf("stream message: %+v", msg)
	}
}
