package shards

// Where a sharded host puts the next LoadFile or Spawn: on the next
// shard in turn, or, for the agents ExpectAgents announced, in runs of
// consecutive agents, one run per shard. A shard's agents are then
// allocated one after the other, so a tick of the shard reads memory that
// lies together: with the agents alternating between two shards, each
// cache line holds parts of both shards' agents and a tick reads about a
// quarter more of them (BENCHMARKS.md, "Shards"). The placement changes
// no result (the global variables apply at the frame boundary).

// placement is where the next load goes.
type placement struct {
	turn  int   // the shard of the next load outside a crowd, mod shards
	crowd crowd // the agents ExpectAgents announced
}

// crowd is the placement of the agents ExpectAgents announced.
type crowd struct {
	n    int // loads announced
	run  int // agents per shard
	done int // loads placed so far
}

// expect places the next n loads over shards in runs; n <= 0 cancels.
func (p *placement) expect(n, shards int) {
	if n <= 0 {
		p.crowd = crowd{}
		return
	}
	p.crowd = crowd{n: n, run: (n + shards - 1) / shards}
}

// next returns the shard of the next load (advance moves on after one
// that succeeded).
func (p *placement) next(shards int) int {
	if c := p.crowd; c.done < c.n {
		return c.done / c.run
	}
	return p.turn % shards
}

// advance moves the placement on after a load that succeeded.
func (p *placement) advance() {
	if p.crowd.done < p.crowd.n {
		p.crowd.done++
		return
	}
	p.turn++
}
