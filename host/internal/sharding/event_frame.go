package sharding

import "github.com/btlua/btlua/host/internal/state"

// The event stream of a sharded host (Options.Shards >= 1). The
// facade's hub numbers the agents, keeps their watches and reports,
// between frames on the ticking goroutine, what happens there (the
// EventTickBegin and the EventTree of the sync, reloads, Close's ends).
// During a frame each shard's goroutine holds the events its agents make
// (their runs, statuses, writes, errors, restarts, GOAP and BTAI events)
// in its shardFrame's eventFrame; after the join the facade sends
// them in agent order (Agents), each agent's in the order they came, then
// EventTickEnd. That is the order the classic host sends them in, so a
// run gives the same stream for any shard count (see
// docs/agents-on-every-core.md for what differs: global variables).

// sendHeld sends, after the join, the events every shard held this frame,
// in agent order, each agent's in the order they came.
func sendHeld(e *state.Hub, sh *Engine) {
	for _, f := range sh.frames {
		if f.events != nil {
			e.Merge(f.events, sh.eng.RankOf)
		}
	}
	e.SendMerged()
}
