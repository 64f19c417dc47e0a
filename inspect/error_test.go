package inspect

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/btlua/btlua/host"
)

// newFaultyHost loads testdata/faulty.lua n times (the errors at steps 2
// and 4)
// under the error policy p.
func newFaultyHost(t *testing.T, n int, p host.ErrorPolicy) *host.Host {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard, ErrorPolicy: p})
	if err != nil {
		t.Fatal(err)
	}
	h.SetGlobal("FAIL_AT", 2)
	h.SetGlobal("FAIL_AGAIN", 4)
	for range n {
		if _, err := h.LoadFile("testdata/faulty.lua"); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// viewJSON renders an agent's tasks (path, status, running, error, last
// end) as JSON, one task a line.
func viewJSON(v *AgentView) string {
	var b bytes.Buffer
	for i, n := range v.Nodes {
		var end *EndView
		if n.End != nil {
			end = &EndView{Tick: n.End.Tick, Status: n.End.Status, Cause: v.CauseText(n.End)}
		}
		js, _ := json.Marshal(struct {
			Path    string   `json:"path"`
			Status  string   `json:"status"`
			Running bool     `json:"running,omitempty"`
			Error   string   `json:"error,omitempty"`
			End     *EndView `json:"end,omitempty"`
		}{v.Path(i), n.Status, n.Running, n.Error, end})
		b.Write(js)
		b.WriteByte('\n')
	}
	return b.String()
}

const faultyErr = "testdata/faulty.lua:11: boom at 2 (tree faulty, task Root/Work[2])"

// faultyStopped is the tree of testdata/faulty.lua stopped by its error
// at tick 2: the runs under way end there, Work marked with the error.
const faultyStopped = `{"path":"Root","status":"Error","end":{"tick":2,"status":"Error","cause":"stopped by the error of Root/Work[2]"}}
{"path":"Root/Ready[1]","status":"Success","end":{"tick":1,"status":"Success","cause":"completed"}}
{"path":"Root/Work[2]","status":"Error","error":"` + faultyErr + `","end":{"tick":2,"status":"Error","cause":"raised the error"}}
`

// An agent stopped by an error (StopAgent): its tasks under way show
// the error (status Error, not running, their run ended at the error's
// tick), the failing task the error's message, the agent its status
// Error and the message; for an agent watched all along, one watched
// after its error, and in a replay of the run alike.
func TestErrorStopsTheTreeInTheView(t *testing.T) {
	h := newFaultyHost(t, 2, host.ErrorPolicy{Action: host.StopAgent})
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1)
	var rec bytes.Buffer
	r, err := NewRecorder(h, &rec, Header{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	h.Tick(0.1)
	h.Tick(0.1) // Work raises its error
	tick(t, h, 1)
	postCommand(t, srv.URL, `{"cmd":"pause"}`)
	stop := callGate(t, h)
	var list AgentList
	getJSON(t, srv.URL+"/api/agents", &list)
	if js, _ := json.Marshal(list.Agents); string(js) != `[{"id":1,"name":"faulty","source":"testdata/faulty.lua","status":"Error","error":true},`+
		`{"id":2,"name":"faulty","source":"testdata/faulty.lua","status":"Error","error":true}]` {
		t.Errorf("agents: %s", js)
	}
	for _, id := range []string{"1", "2"} { // 2: watched after its error
		var v AgentView
		getJSON(t, srv.URL+"/api/agent?id="+id, &v)
		if v.Status != "Error" || v.Error != faultyErr {
			t.Errorf("agent %s: status %q, error %q; want Error, %q", id, v.Status, v.Error, faultyErr)
		}
		want := faultyStopped
		if id == "2" { // no ends heard: it was not watched then
			want = `{"path":"Root","status":"Error","end":{"tick":2,"status":"Error","cause":"stopped by the error of Root/Work[2]"}}
{"path":"Root/Ready[1]","status":"Success"}
{"path":"Root/Work[2]","status":"Error","error":"` + faultyErr + `","end":{"tick":2,"status":"Error","cause":"raised the error"}}
`
		}
		if got := viewJSON(&v); got != want {
			t.Errorf("agent %s after its error:\n%s\nwant:\n%s", id, got, want)
		}
	}
	stop()
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	recording, err := ReadRecording(&rec)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(recording)
	rp.Seek(2)
	rp.Model(func(m *Model) {
		v, _ := m.Agent(1)
		if got := viewJSON(v); got != faultyStopped || v.Status != "Error" || v.Error != faultyErr {
			t.Errorf("replay at tick 2: status %q error %q\n%s\nwant:\n%s", v.Status, v.Error, got, faultyStopped)
		}
	})
}

// An agent the error policy restarts (RestartAgent): the error shows as
// above until the restart, which ends the runs the error stopped (cause
// halted) and clears the error; the tree then runs again. A second
// error after the restart shows again.
func TestErrorRestartInTheView(t *testing.T) {
	h := newFaultyHost(t, 1, host.ErrorPolicy{Action: host.RestartAgent, RestartDelay: 0.15})
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1)
	var rec bytes.Buffer
	r, err := NewRecorder(h, &rec, Header{})
	if err != nil {
		t.Fatal(err)
	}
	live := map[uint64]string{} // the view at each tick, for the replay
	keep := func(tk uint64) {
		v, _ := in.model.Agent(1)
		js, _ := json.Marshal(v)
		live[tk] = string(js)
	}
	tick(t, h, 1)
	h.Tick(0.1) // tick 2 (clock 0.2): the error; the restart is due at 0.35
	keep(2)
	tick(t, h, 1)
	v, _ := in.model.Agent(1)
	if got := viewJSON(v); got != faultyStopped || v.Status != "Error" {
		t.Errorf("tick 3, before the restart: status %q\n%s\nwant:\n%s", v.Status, got, faultyStopped)
	}
	tick(t, h, 1) // tick 4: the restart, then the tree's tick
	keep(4)
	v, _ = in.model.Agent(1)
	want := `{"path":"Root","status":"Running","running":true,"end":{"tick":4,"status":"Ended","cause":"halted"}}
{"path":"Root/Ready[1]","status":"Success","end":{"tick":4,"status":"Success","cause":"completed"}}
{"path":"Root/Work[2]","status":"Running","running":true,"end":{"tick":4,"status":"Ended","cause":"halted"}}
`
	if got := viewJSON(v); got != want || v.Status != "Running" || v.Error != "" {
		t.Errorf("tick 4, restarted: status %q error %q\n%s\nwant:\n%s", v.Status, v.Error, got, want)
	}
	h.Tick(0.1) // tick 5: step 4, the error again
	v, _ = in.model.Agent(1)
	again := "testdata/faulty.lua:11: boom at 4 (tree faulty, task Root/Work[2])"
	if v.Status != "Error" || v.Error != again || v.Nodes[2].Error != again || v.Nodes[2].Status != "Error" {
		t.Errorf("tick 5, the error again: status %q error %q\n%s", v.Status, v.Error, viewJSON(v))
	}
	keep(5)

	// The replay shows each of these ticks as the live inspector did.
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	recording, err := ReadRecording(&rec)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(recording)
	for _, tk := range []uint64{2, 4, 5} {
		rp.Seek(tk)
		rp.Model(func(m *Model) {
			v, _ := m.Agent(1)
			if js, _ := json.Marshal(v); string(js) != live[tk] {
				t.Errorf("replay at tick %d:\n%s\nlive:\n%s", tk, js, live[tk])
			}
		})
	}
}
