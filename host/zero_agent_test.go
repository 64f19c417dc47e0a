package host

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// A zero-value Agent (not made by LoadFile or Spawn) is refused by
// SetVariable with the foreign agent's error, never a nil pointer panic,
// on the classic and the sharded host.
func TestSetVariableRefusesZeroAgent(t *testing.T) {
	fsys := fstest.MapFS{"fac.lua": {Data: []byte("return function(a) local t = BTBehaviorTree:New(); t.name = a.name; t:SetStartTask(BTIdle:New()); return t end\n")}}
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: fsys, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			err = h.SetVariable(&Agent{}, "x", 1)
			if want := `host: SetVariable: agent "" is not an agent of this host`; err == nil || err.Error() != want {
				t.Errorf("SetVariable(&Agent{}) = %v, want %q", err, want)
			}
			if got := h.ShardOf(&Agent{}); got != -1 {
				t.Errorf("ShardOf(&Agent{}) = %d, want -1", got)
			}
			if got := h.AgentID(&Agent{}); got != 0 {
				t.Errorf("AgentID(&Agent{}) = %d, want 0", got)
			}
		})
	}
}

// Every exported method of a nil or zero Host, Agent, Globals or
// Subscription is refused with ErrNotMade, as a returned error when the
// method has an error result and a panic otherwise, with the message
// naming the method and the value, never a nil-pointer dereference; the
// method set is walked by reflection, so a method added later is
// covered. Agent.Name alone gives "" (documented: a StrictError's Agent
// may be nil).
func TestZeroValuesRefused(t *testing.T) {
	agentMsg := "host: %s called on an Agent not made by LoadFile or Spawn (nil or zero)"
	varsMsg := "host: %s called on variables not made by a Host (a nil or zero Agent or Globals)"
	for _, c := range []struct {
		name string
		recv any
		msg  string // with the method's name for %s
	}{
		{"nil Host", (*Host)(nil), "host: %s called on a Host not made by host.New (nil or zero)"},
		{"zero Host", &Host{}, "host: %s called on a Host not made by host.New (nil or zero)"},
		{"nil Agent", (*Agent)(nil), agentMsg},
		{"zero Agent", &Agent{}, agentMsg},
		{"nil Globals", (*Globals)(nil), varsMsg},
		{"zero Globals", &Globals{}, varsMsg},
		{"nil Subscription", (*Subscription)(nil), "host: %s called on a Subscription not made by SubscribeWatching (nil or zero)"},
		{"zero Subscription", &Subscription{}, "host: %s called on a Subscription not made by SubscribeWatching (nil or zero)"},
	} {
		rv := reflect.ValueOf(c.recv)
		for i := range rv.NumMethod() {
			m := rv.Type().Method(i)
			t.Run(c.name+"."+m.Name, func(t *testing.T) {
				fn := rv.Method(i)
				args := make([]reflect.Value, fn.Type().NumIn())
				for j := range args {
					args[j] = reflect.Zero(fn.Type().In(j))
				}
				var out []reflect.Value
				p := refusal(func() { out = fn.Call(args) })
				if m.Name == "Name" && strings.HasSuffix(c.name, "Agent") {
					if p != nil || out[0].String() != "" {
						t.Errorf("Name() = %v, panic %v; want \"\"", out, p)
					}
					return
				}
				// Err's error is the agent's, not a refusal: it panics.
				n := len(out)
				if hasErr := fn.Type().NumOut() > 0 && fn.Type().Out(fn.Type().NumOut()-1) == reflect.TypeFor[error](); hasErr && p != nil && m.Name != "Err" {
					t.Fatalf("%s on a %s panicked (%v); a method with an error result returns the refusal", m.Name, c.name, p)
				}
				got := p
				if p == nil {
					if n == 0 || fn.Type().Out(n-1) != reflect.TypeFor[error]() {
						t.Fatalf("%s ran on a %s without a panic", m.Name, c.name)
					}
					got = out[n-1].Interface()
				}
				err, _ := got.(error)
				if want := fmt.Sprintf(c.msg, m.Name); err == nil || err.Error() != want || !errors.Is(err, ErrNotMade) {
					t.Errorf("%s on a %s: %v, want the error %q", m.Name, c.name, got, want)
				}
			})
		}
	}
}
