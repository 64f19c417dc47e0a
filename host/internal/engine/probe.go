package engine

import (
	"io"

	"github.com/btlua/btlua/host/internal/sharding"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vm"
)

// This file holds what the facade's tests read of the engine's inside:
// the Lua state, a shard's, an agent's tree.

// VM is the VM of h's first state (the classic host's one, or shard 0's).
func (h *Runtime) VM() *vm.VM { return h.eng.States()[0].VM }

// ShardDoString runs code in shard i's state (see DoString).
func (h *Runtime) ShardDoString(i int, code string) ([]any, error) {
	return h.eng.States()[i].DoString(code)
}

// ShardStretching reports whether shard i is inside a stretch of script
// work under its CPU budget.
func (h *Runtime) ShardStretching(i int) bool { return h.eng.States()[i].Budget.Active() }

// Crew is the sharded host's worker crew (nil on the classic host, and
// while the shards tick on the calling goroutine).
func (h *Runtime) Crew() *shards.Crew {
	if sh, ok := h.eng.(*sharding.Engine); ok {
		return sh.Crew()
	}
	return nil
}

// Watching is the number of agents s watches.
func (s *Subscription) Watching() int { return len(s.s.Agents) }

// Stdout is where h's scripts print (Options.Stdout, guarded).
func (h *Runtime) Stdout() io.Writer { return h.stdout }

// Closed reports whether Close has run.
func (h *Runtime) Closed() bool { return h.IsClosed }

// Sharding reports whether h's engine is the sharded one.
func (h *Runtime) Sharding() bool {
	_, ok := h.eng.(*sharding.Engine)
	return ok
}
