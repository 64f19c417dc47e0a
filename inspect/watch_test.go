package inspect

import (
	"io"
	"net/http/httptest"
	"testing"

	"github.com/btlua/btlua/host"
)

// The live inspector hears only the agents the page shows: the agent
// list reads the roots' statuses from the host; a view of an agent
// (/api/agent) watches it at the next Tick call, its tree showing the
// state it is in, and from then on its events. Here nobody calls Tick
// while a request waits (see TestFirstAnswersAreCurrent for that): each
// answer waits hostWait, then gives the model as it is.
func TestWatchOnDemand(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", 100)
	for range 3 {
		if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
			t.Fatal(err)
		}
	}
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	tick(t, h, 2)
	var list AgentList
	getJSON(t, srv.URL+"/api/agents", &list) // asks for the roots' statuses
	tick(t, h, 1)
	getJSON(t, srv.URL+"/api/agents", &list)
	if len(list.Agents) != 3 {
		t.Fatalf("agents: %+v", list)
	}
	for _, a := range list.Agents {
		if a.Status != "Running" {
			t.Errorf("agent %d: status %q, want Running (read from the host)", a.ID, a.Status)
		}
	}
	var v AgentView
	getJSON(t, srv.URL+"/api/agent?id=2", &v) // not watched yet: its tree only
	if got := statuses(&v); got != "Root=Running*\nRoot/Fight[1]=Inactive\nRoot/Fight[1]/Sees[1]=Inactive\nRoot/Fight[1]/Attack[2]=Inactive\n"+
		"Root/Patrol[2]=Inactive\nRoot/Patrol[2]/Rest[1]=Inactive\nRoot/Patrol[2]/Wander[2]=Inactive\n" {
		t.Errorf("agent 2 before it is watched:\n%s", got)
	}
	h.Tick(0.1) // the gate watches agent 2: its state, then tick 4's events
	getJSON(t, srv.URL+"/api/agent?id=2", &v)
	want := "Root=Running*\nRoot/Fight[1]=Failure\nRoot/Fight[1]/Sees[1]=Failure\nRoot/Fight[1]/Attack[2]=Inactive\n" +
		"Root/Patrol[2]=Running*\nRoot/Patrol[2]/Rest[1]=Success\nRoot/Patrol[2]/Wander[2]=Running*\n"
	if got := statuses(&v); got != want {
		t.Errorf("agent 2 watched:\n%s\nwant:\n%s", got, want)
	}
	if len(v.Vars) != 1 || v.Vars[0].Value != 3.0 || v.Vars[0].Tick != 4 {
		t.Errorf("agent 2's vars: %+v", v.Vars)
	}
	if e := v.Nodes[2].End; e == nil || e.Tick != 4 {
		t.Errorf("Sees's end: %+v, want one at tick 4", e)
	}

	// Paused, a newly shown agent is watched at the next Tick call,
	// which the gate holds: its state shows though no tick runs.
	postCommand(t, srv.URL, `{"cmd":"pause"}`)
	getJSON(t, srv.URL+"/api/agent?id=3", &v)
	if v.Nodes[6].Status != "Inactive" {
		t.Fatalf("agent 3 before it is watched: %s", statuses(&v))
	}
	before := h.Ticks()
	h.Tick(0.1)
	getJSON(t, srv.URL+"/api/agent?id=3", &v)
	if got := statuses(&v); got != want || h.Ticks() != before {
		t.Errorf("agent 3 watched while paused (ticks %d -> %d):\n%s\nwant:\n%s", before, h.Ticks(), got, want)
	}
}
