package host

import (
	"fmt"
	"io"
	"testing"
	"testing/fstest"
)

// The Host methods that take an *Agent give nil and an agent of another
// host the documented answer, never a panic nor a write into the other
// host's agent: ShardOf -1, AgentID 0, SetVariable an error naming the
// agent (nil writes a global variable, as documented), and
// Subscription.Watch ignores them. Classic and sharded hosts alike.
func TestHostMethodsRefuseForeignAgents(t *testing.T) {
	fsys := fstest.MapFS{"fac.lua": {Data: []byte("return function(a) local t = BTBehaviorTree:New(); t.name = a.name; t:SetStartTask(BTIdle:New()); return t end\n")}}
	for _, shards := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: fsys, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h2, err := New(Options{Shards: shards, FS: fsys, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h2.Close()
			mine, err := h.Spawn("fac.lua", map[string]any{"name": "mine"})
			if err != nil {
				t.Fatal(err)
			}
			other, err := h2.Spawn("fac.lua", map[string]any{"name": "other"})
			if err != nil {
				t.Fatal(err)
			}
			if got := h.ShardOf(nil); got != -1 {
				t.Errorf("ShardOf(nil) = %d, want -1", got)
			}
			if got := h.ShardOf(other); got != -1 {
				t.Errorf("ShardOf(other host's agent) = %d, want -1", got)
			}
			if got := h.ShardOf(mine); got != 0 {
				t.Errorf("ShardOf(own agent) = %d, want 0", got)
			}
			if got := h.AgentID(nil); got != 0 {
				t.Errorf("AgentID(nil) = %d, want 0", got)
			}
			if got := h.AgentID(other); got != 0 {
				t.Errorf("AgentID(other host's agent) = %d, want 0", got)
			}
			err = h.SetVariable(other, "x", 42)
			if want := `host: SetVariable: agent "other" is not an agent of this host`; err == nil || err.Error() != want {
				t.Errorf("SetVariable(other host's agent) = %v, want %q", err, want)
			}
			if got := other.Get("x"); got != nil {
				t.Errorf("other host's agent got x = %v, want nil (not written)", got)
			}
			if err := h.SetVariable(mine, "x", 42); err != nil || mine.Get("x") != 42 {
				t.Errorf("SetVariable(own agent) = %v, x = %v; want nil, 42", err, mine.Get("x"))
			}
			if err := h.SetVariable(nil, "g", 7); err != nil || h.Globals().Get("g") != 7 || h2.Globals().Get("g") != nil {
				t.Errorf("SetVariable(nil) = %v, g = %v here and %v in the other host; want nil, 7, nil",
					err, h.Globals().Get("g"), h2.Globals().Get("g"))
			}
			if shards == 0 {
				var heard int
				sub := h.SubscribeWatching(func(e *Event) {
					if e.Kind == EventVariable && e.AgentID != 0 {
						heard++
					}
				})
				sub.Watch(nil, true)
				sub.Watch(other, true)
				if err := h.Tick(0.1); err != nil {
					t.Fatal(err)
				}
				if sub.s.Watching() != 0 || heard != 0 {
					t.Errorf("Watch(nil), Watch(other host's agent): watching %d agents, heard %d agent variables; want 0, 0", sub.s.Watching(), heard)
				}
				sub.Watch(nil, false)
				sub.Watch(other, false)
				sub.Cancel()
			}
		})
	}
}
