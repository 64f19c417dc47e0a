package inspect

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/btlua/btlua/host"
)

// fuzzHost is a guard host (the enemy at step 50) with an inspector,
// ticked 3 times.
func fuzzHost(tb testing.TB) (*host.Host, *Inspector) {
	tb.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		tb.Fatal(err)
	}
	h.SetGlobal("ENEMY_AT", 50)
	if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
		tb.Fatal(err)
	}
	in := Attach(h)
	in.WatchAgents(1)
	for range 3 {
		if err := h.Tick(0.1); err != nil {
			tb.Fatal(err)
		}
	}
	return h, in
}

// FuzzCommand feeds the command decoder any body: it never panics; what
// it accepts is one JSON object, within commandLimit, that encodes and
// decodes back to itself; carried out on a live inspector (and its edits
// at the next Tick), it never panics, keeps the rate cap in bounds and
// leaves the agent ticking, unless the command deleted a variable the
// tree reads.
func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		`{"cmd":"pause"}`, `{"cmd":"resume"}`, `{"cmd":"step"}`, `{"cmd":"rate","hz":30}`, `{"cmd":"rate","hz":0}`,
		`{"cmd":"rate","hz":1e-12}`, `{"cmd":"break","agent":1,"node":3,"on":"start"}`,
		`{"cmd":"unbreak","agent":1,"node":3,"on":"start"}`, `{"cmd":"break","agent":1,"node":2,"on":"failure"}`,
		`{"cmd":"set","agent":1,"name":"steps","value":995,"global":false}`, `{"cmd":"set","agent":1,"name":"steps","value":"lots"}`,
		`{"cmd":"set","agent":1,"name":"mood","value":"calm"}`, `{"cmd":"set","agent":0,"name":"g","value":true,"global":true}`,
		`{"cmd":"set","agent":1,"name":"enemy","value":null}`, `{"cmd":"seek","tick":5}`, `{"cmd":"pause"} {"cmd":"resume"}`,
		`{"cmd":"pause","evil":1}`, `{"cmd":"set","agent":1,"name":"x","value":[1]}`, ` {"cmd":"step"}` + "\n",
	} {
		f.Add([]byte(s))
	}
	h, in := fuzzHost(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := decodeCommand(body)
		if err != nil {
			return
		}
		if len(body) > commandLimit {
			t.Fatalf("accepted a body of %d bytes", len(body))
		}
		if tr := bytes.TrimSpace(body); tr[0] != '{' || tr[len(tr)-1] != '}' {
			t.Fatalf("accepted %q: not one object", body)
		}
		js, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("%q decoded to %+v, which does not encode: %v", body, c, err)
		}
		again, err := decodeCommand(js)
		if err != nil {
			t.Fatalf("%+v encoded as %s does not decode: %v", c, js, err)
		}
		if js2, _ := json.Marshal(again); !bytes.Equal(js, js2) {
			t.Fatalf("%s decoded back as %s", js, js2)
		}

		if a := h.Agents()[0]; a.Err() != nil { // a deletion ended it last time
			h.Close()
			h, in = fuzzHost(t)
		}
		cerr := in.command(c)
		in.mu.Lock()
		hz := in.hz
		in.mu.Unlock()
		if hz != 0 && (hz < minRate || hz > maxRate) {
			t.Fatalf("%s: accepted (%v), rate cap now %v", body, cerr, hz)
		}
		// Undo the control, keep the edit for the next Tick.
		in.mu.Lock()
		in.paused, in.steps, in.hit, in.hz = false, 0, nil, 0
		clear(in.breaks)
		in.mu.Unlock()
		if err := h.Tick(0.1); err != nil {
			deleted := c.Cmd == "set" && cerr == nil && (len(c.Value) == 0 || string(bytes.TrimSpace(c.Value)) == "null")
			if !deleted {
				t.Fatalf("%s (command error %v): the next tick failed: %v", body, cerr, err)
			}
		}
	})
}
