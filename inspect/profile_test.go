package inspect

import (
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// TestProfileAPI: /api/profile is off (no rows) until the host profiles;
// then it gives the hottest task paths and classes, read on the ticking
// goroutine, with their exact ticks, sorted by self time; the page has
// the panel.
func TestProfileAPI(t *testing.T) {
	h := newGuardHost(t, 100)
	defer h.Close()
	in := Attach(h)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	tick(t, h, 1)
	postCommand(t, srv.URL, `{"cmd":"pause"}`)
	stop := callGate(t, h)
	var v ProfileView
	getJSON(t, srv.URL+"/api/profile", &v)
	stop()
	if v.On || len(v.Tasks) != 0 || len(v.Classes) != 0 {
		t.Fatalf("before StartProfile: %+v, want off and no rows", v)
	}

	var clock int64
	h.StartProfile(func() int64 { clock++; return clock }) // every read 1 ns later
	postCommand(t, srv.URL, `{"cmd":"resume"}`)
	tick(t, h, 3)
	postCommand(t, srv.URL, `{"cmd":"pause"}`)
	stop = callGate(t, h)
	v = ProfileView{}
	getJSON(t, srv.URL+"/api/profile", &v)
	stop()
	if !v.On || v.TimeMs <= 0 {
		t.Fatalf("profiling: %+v, want on with time", v)
	}
	// Ticks 2 to 4 of the guard: Root and Patrol every tick, Sees every
	// tick too, re-evaluated by Fight's LowerPriority abort without a
	// tick of Fight (which failed at tick 1); Rest succeeded at tick 2,
	// Wander runs from tick 2 on.
	ticks := map[string]uint64{}
	last := -1.0
	for _, r := range v.Tasks {
		ticks[r.Name] = r.Ticks
		if last >= 0 && r.SelfMs > last {
			t.Errorf("%s: self %v ms above the row before (%v): not sorted", r.Name, r.SelfMs, last)
		}
		last = r.SelfMs
	}
	want := map[string]uint64{"Root": 3, "Root/Fight[1]/Sees[1]": 3,
		"Root/Patrol[2]": 3, "Root/Patrol[2]/Rest[1]": 1, "Root/Patrol[2]/Wander[2]": 3}
	if !reflect.DeepEqual(ticks, want) {
		t.Errorf("ticks per path: %v, want %v", ticks, want)
	}
	classes := map[string]uint64{}
	for _, r := range v.Classes {
		classes[r.Name] = r.Ticks
	}
	if want := map[string]uint64{"BTSelector": 3, "BTSequence": 3, "Sees": 3, "BTWait": 1, "Walk": 3}; !reflect.DeepEqual(classes, want) {
		t.Errorf("ticks per class: %v, want %v", classes, want)
	}

	page, err := assets.ReadFile("assets/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`id="profbox"`, `fetch("api/profile")`} {
		if !strings.Contains(string(page), s) {
			t.Errorf("the page lacks %s", s)
		}
	}
}
