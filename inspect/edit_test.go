package inspect

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	lua "github.com/yuin/gopher-lua"
)

// tickOn ticks h on a goroutine of its own (as a game does) until the
// function it returns is called, which waits for the goroutine to end.
func tickOn(t *testing.T, h *host.Host) (stop func()) {
	t.Helper()
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tk := time.NewTicker(5 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tk.C:
				if err := h.Tick(0.1); err != nil {
					t.Errorf("tick: %v", err)
					return
				}
			}
		}
	}()
	return func() { close(quit); <-done }
}

// An edit of a number variable to a string ("steps" is added to in Lua)
// is refused with a message naming both types, before it reaches the
// tree: the agent goes on ticking. The same edit with a number is made.
func TestEditWrongTypeRefused(t *testing.T) {
	h := newGuardHost(t, 1000)
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1)
	srv := httptest.NewServer(in.Handler())
	defer srv.Close()
	token := pageToken(t, srv.URL)
	json := map[string]string{"Content-Type": "application/json", TokenHeader: token}
	tick(t, h, 3) // Wander walks from tick 2 on

	stop := tickOn(t, h)
	code, body := sendCommand(t, srv.URL, `{"cmd":"set","agent":1,"name":"steps","value":"lots"}`, json)
	code2, body2 := sendCommand(t, srv.URL, `{"cmd":"set","agent":1,"name":"enemy","value":1}`, json) // not set yet: any type
	code3, body3 := sendCommand(t, srv.URL, `{"cmd":"set","agent":1,"name":"enemy","value":"x"}`, json)
	stop()
	if code != 400 || !strings.HasPrefix(body, "set steps: refused: steps is a number (") ||
		!strings.HasSuffix(body, `), the value given is a string ("lots"); the variable is unchanged`+"\n") {
		t.Errorf("set steps to \"lots\": %d %q", code, body)
	}
	if code2 != 200 || code3 != 400 || body3 != "set enemy: refused: enemy is a number (1), the value given is a string (\"x\"); the variable is unchanged\n" {
		t.Errorf("set enemy to 1: %d %s; then to \"x\": %d %q", code2, body2, code3, body3)
	}
	var s State
	getJSON(t, srv.URL+"/api/state", &s)
	if s.Refused != "" {
		t.Errorf("state's refused after refusals answered: %q, want none", s.Refused)
	}
	a := h.Agents()[0]
	before, err := a.GetFloat("steps")
	if err != nil {
		t.Fatalf("steps after the refused edit: %v", err)
	}
	tick(t, h, 3)
	if after, err := a.GetFloat("steps"); err != nil || after != before+3 || a.Err() != nil {
		t.Errorf("steps %v then %v (%v), agent error %v: want the agent walking on", before, after, err, a.Err())
	}

	// Without a tick within hostWait the command is answered 202 (queued);
	// the gate refuses it at the next Tick and the state tells why.
	code, body = sendCommand(t, srv.URL, `{"cmd":"set","agent":1,"name":"steps","value":true}`, json)
	if code != 202 {
		t.Fatalf("set steps to true, the host not ticked: %d %s, want 202", code, body)
	}
	tick(t, h, 1)
	getJSON(t, srv.URL+"/api/state", &s)
	if !strings.HasPrefix(s.Refused, "set steps: refused: steps is a number (") || !strings.HasSuffix(s.Refused, "), the value given is a boolean (true); the variable is unchanged") {
		t.Errorf("state's refused: %q", s.Refused)
	}
	tick(t, h, 1)
	if _, err := a.GetFloat("steps"); err != nil || a.Err() != nil {
		t.Errorf("steps: %v, agent error %v", err, a.Err())
	}
}

// editType compares Lua types: a Go value set from Go has its Lua type
// (an int is a number); a variable not set takes any value; deleting is
// allowed.
func TestEditType(t *testing.T) {
	type myInt int
	for _, c := range []struct {
		current any
		v       lua.LValue
		want    string
	}{
		{3, lua.LNumber(4), ""},
		{myInt(3), lua.LNumber(4), ""},
		{3.5, lua.LString("4"), `set v: refused: v is a number (3.5), the value given is a string ("4"); the variable is unchanged`},
		{"calm", lua.LBool(true), `set v: refused: v is a string ("calm"), the value given is a boolean (true); the variable is unchanged`},
		{true, lua.LNumber(1), `set v: refused: v is a boolean (true), the value given is a number (1); the variable is unchanged`},
		{map[string]any{"x": 1.0}, lua.LNumber(1), `set v: refused: v is a table ("map[x:1]"), the value given is a number (1); the variable is unchanged`},
		{[]any{1.0}, lua.LNil, ""},
		{nil, lua.LString("new"), ""},
		{lua.LNil, lua.LString("new"), ""},
		{&struct{}{}, lua.LString("x"), `set v: refused: v is a userdata ("\u0026{}"), the value given is a string ("x"); the variable is unchanged`},
		{strings.Repeat("y", 100), lua.LNumber(1), `set v: refused: v is a string ("` + strings.Repeat("y", 56) + `...), the value given is a number (1); the variable is unchanged`},
	} {
		err := editType("v", c.current, c.v)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("editType(%v, %v) = %q\nwant %q", c.current, c.v, got, c.want)
		}
	}
}

// The tick rate cap is 0 (the host's own rate) or 0.1 to 1000 ticks per
// second; a rate outside (1e-12 made the cap's interval overflow, so no
// cap at all) is refused and the cap unchanged.
func TestRateBounds(t *testing.T) {
	_, srv, _ := newLiveServer(t)
	token := pageToken(t, srv.URL)
	json := map[string]string{"Content-Type": "application/json", TokenHeader: token}
	if s := postCommand(t, srv.URL, `{"cmd":"rate","hz":30}`); s.Hz != 30 {
		t.Fatalf("rate 30: %+v", s)
	}
	for _, c := range []struct{ body, want string }{
		{`{"cmd":"rate","hz":1e-12}`, "rate: a tick rate cap is 0 (the host's own rate) or from 0.1 to 1000 ticks per second, got 1e-12\n"},
		{`{"cmd":"rate","hz":0.05}`, "rate: a tick rate cap is 0 (the host's own rate) or from 0.1 to 1000 ticks per second, got 0.05\n"},
		{`{"cmd":"rate","hz":1000.5}`, "rate: a tick rate cap is 0 (the host's own rate) or from 0.1 to 1000 ticks per second, got 1000.5\n"},
		{`{"cmd":"rate","hz":-1}`, "rate: a tick rate cap is 0 (the host's own rate) or from 0.1 to 1000 ticks per second, got -1\n"},
		{`{"cmd":"rate","hz":1e999}`, "bad command: json: cannot unmarshal number 1e999 into Go struct field Command.hz of type float64\n"},
		{`{"cmd":"rate","hz":"NaN"}`, "bad command: json: cannot unmarshal string into Go struct field Command.hz of type float64\n"},
	} {
		if code, body := sendCommand(t, srv.URL, c.body, json); code != 400 || body != c.want {
			t.Errorf("%s: %d %q, want 400 %q", c.body, code, body, c.want)
		}
	}
	var s State
	getJSON(t, srv.URL+"/api/state", &s)
	if s.Hz != 30 {
		t.Errorf("the cap after the refused rates: %v, want 30", s.Hz)
	}
	for _, hz := range []string{"0.1", "1000", "0"} {
		if s := postCommand(t, srv.URL, `{"cmd":"rate","hz":`+hz+`}`); s.Hz != map[string]float64{"0.1": 0.1, "1000": 1000, "0": 0}[hz] {
			t.Errorf("rate %s: %+v", hz, s)
		}
	}
}

// Edits wait for the next Tick in a bounded queue: beyond editQueueLimit
// one is refused, nothing queued.
func TestEditQueueBounded(t *testing.T) {
	in, _, ticks := newLiveServer(t)
	for i := range editQueueLimit {
		if _, err := in.edit(Command{Cmd: "set", Agent: 1, Name: "mood", Value: []byte(`"calm"`)}); err != nil {
			t.Fatalf("edit %d: %v", i+1, err)
		}
	}
	_, err := in.edit(Command{Cmd: "set", Agent: 1, Name: "mood", Value: []byte(`"calm"`)})
	if want := "set mood: refused: 256 edits wait for the next Tick already"; err == nil || err.Error() != want {
		t.Errorf("edit over the limit: %v, want %q", err, want)
	}
	ticks(1)
	if _, err := in.edit(Command{Cmd: "set", Agent: 1, Name: "mood", Value: []byte(`"calm"`)}); err != nil {
		t.Errorf("an edit after the Tick: %v", err)
	}
}
