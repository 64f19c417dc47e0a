package host

import (
	"fmt"
	"io"
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
