package engine

import (
	"slices"

	"github.com/btlua/btlua/host/internal/sharding"

	"github.com/btlua/btlua/host/internal/state"
)

// openShards makes the shards of a sharded host h from its options
// (package host/internal/sharding's engine).
func (h *Runtime) openShards(opts state.Options) error {
	sh, err := sharding.Open(&h.Shared, opts, h.stdout, &h.ticking, func(name string, old, new any) { h.globals.Heard(name, old, new) })
	if sh != nil {
		h.eng, h.Roster = sh, sh
	}
	if err != nil {
		return err
	}
	h.files = &sh.Shard(0).VM.Files
	h.globals.Init(globalScope{h, sh.Board()})
	h.Board = sh.Board()
	return nil
}

// Shards is host.Host.Shards.
func (h *Runtime) Shards() int {
	defer h.use("Shards").Leave()
	return h.eng.ShardCount()
}

// ShardOf is host.Host.ShardOf.
func (h *Runtime) ShardOf(a *state.Agent) int {
	defer h.use("ShardOf").Leave()

	if !h.owns(a) {
		return -1
	}
	return slices.Index(h.eng.States(), a.State) // 0 on the classic host
}

// ExpectAgents is host.Host.ExpectAgents.
func (h *Runtime) ExpectAgents(n int) {
	defer h.use("ExpectAgents").Leave()

	if h.RefuseClosed("ExpectAgents") != nil {
		return
	}
	h.eng.PlaceNext(n)
}
