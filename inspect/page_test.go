package inspect

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/btlua/btlua/host"
)

// pageDataOf fetches the page at url and returns the first data it
// carries (the btlua-initial script element).
func pageDataOf(t *testing.T, url string) PageData {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?s)<script id="btlua-initial" type="application/json">(.*?)</script>`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("no btlua-initial element in the page (status %d)", resp.StatusCode)
	}
	var d PageData
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatalf("page data %.200s: %v", m[1], err)
	}
	return d
}

// The page carries what it first shows: the agent ?agent=N names, else
// the first agent, with its view (watched, so with its tasks' states),
// the agent list and the state; none for an agent that does not exist.
func TestPageCarriesSelectedAgent(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", 100)
	for range 2 {
		if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
			t.Fatal(err)
		}
	}
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	tick(t, h, 3)
	d := pageDataOf(t, srv.URL+"/")
	if d.Selected != 1 || d.Agent == nil || d.Agent.ID != 1 || len(d.Agents.Agents) != 2 || d.State.Mode != "live" || d.State.Tick != 3 {
		t.Fatalf("plain page: selected %d, agent %+v, list %+v, state %+v", d.Selected, d.Agent, d.Agents, d.State)
	}
	h.Tick(0.1) // the page's agent is watched: its state, then tick 4's events
	d = pageDataOf(t, srv.URL+"/?agent=2")
	h.Tick(0.1)
	d = pageDataOf(t, srv.URL+"/?agent=2")
	if d.Selected != 2 || d.Agent == nil || d.Agent.ID != 2 {
		t.Fatalf("?agent=2: selected %d, agent %+v", d.Selected, d.Agent)
	}
	if got := statuses(d.Agent); got != "Root=Running*\nRoot/Fight[1]=Failure\nRoot/Fight[1]/Sees[1]=Failure\nRoot/Fight[1]/Attack[2]=Inactive\n"+
		"Root/Patrol[2]=Running*\nRoot/Patrol[2]/Rest[1]=Success\nRoot/Patrol[2]/Wander[2]=Running*\n" {
		t.Errorf("?agent=2's view:\n%s", got)
	}
	if d = pageDataOf(t, srv.URL+"/?agent=9"); d.Selected != 9 || d.Agent != nil {
		t.Errorf("?agent=9: selected %d, agent %+v; want 9 and none", d.Selected, d.Agent)
	}
}
