package host

import "fmt"

// Where a sharded host puts the next LoadFile or Spawn: on the next
// shard in turn, or, for the agents ExpectAgents announced, in runs of
// consecutive agents, one run per shard. A shard's agents are then
// allocated one after the other, so a tick of the shard reads memory that
// lies together: with the agents alternating between two shards, each
// cache line holds parts of both shards' agents and a tick reads about a
// quarter more of them (BENCHMARKS.md, "Shards"). The placement changes
// no result (see globals_frame.go).

// crowd is the placement of the agents ExpectAgents announced.
type crowd struct {
	n    int // loads announced
	run  int // agents per shard
	done int // loads placed so far
}

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
func (h *Host) ExpectAgents(n int) {
	defer h.use("ExpectAgents").done()

	if h.refuseClosed("ExpectAgents") != nil {
		return
	}
	h.eng.placeNext(n)
}

// placeNext is engine.placeNext: the crowd of the next n loads.
func (sh *sharding) placeNext(n int) {
	if n <= 0 {
		sh.crowd = crowd{}
		return
	}
	s := len(sh.shards)
	sh.crowd = crowd{n: n, run: (n + s - 1) / s}
}

// nextShard returns the shard of the next LoadFile or Spawn (advance moves
// on after one that succeeded), or an error when called during a tick.
func (sh *sharding) nextShard(op string) (*state, error) {
	h := sh.host
	if h.ticking {
		return nil, fmt.Errorf("%w: %s called from inside Tick; call it after Tick returns", errReentered, op)
	}
	if c := sh.crowd; c.done < c.n {
		return sh.shards[c.done/c.run], nil
	}
	return sh.shards[sh.next%len(sh.shards)], nil
}

// advance moves the placement on after a LoadFile or Spawn that
// succeeded.
func (sh *sharding) advance() {
	if sh.crowd.done < sh.crowd.n {
		sh.crowd.done++
		return
	}
	sh.next++
}
