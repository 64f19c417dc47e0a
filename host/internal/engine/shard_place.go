package engine

import "fmt"

// ExpectAgents tells the host that the next n calls of Spawn or LoadFile
// make one group of agents, such as the crowd of a level. A sharded host
// (Options.Shards >= 1) places them in runs of ceil(n / shards)
// consecutive calls, the first run on shard 0, so that the agents of a
// shard lie together in memory; without it, each call goes to the next
// shard in turn, which spreads small groups as well but interleaves large
// ones. A call that fails is not counted. On the classic host (Shards 0)
// it does nothing. Call it between ticks; n <= 0 cancels what is left of
// an earlier announcement.
// After Close it does nothing.
func (h *Runtime) ExpectAgents(n int) {
	defer h.use("ExpectAgents").done()

	if h.refuseClosed("ExpectAgents") != nil {
		return
	}
	h.eng.placeNext(n)
}

// placeNext is engine.placeNext: the runs of the next n loads
// (host/internal/shards/place.go).
func (sh *sharding) placeNext(n int) { sh.eng.ExpectAgents(n) }

// refuseTicking refuses op (LoadFile, Spawn) called during a tick.
func (sh *sharding) refuseTicking(op string) error {
	if sh.host.ticking {
		return fmt.Errorf("%w: %s called from inside Tick; call it after Tick returns", errReentered, op)
	}
	return nil
}
