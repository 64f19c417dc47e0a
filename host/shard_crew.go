package host

import (
	"runtime"
	"sync/atomic"
	"time"
)

// This file holds the goroutines that tick a sharded host's shards 1 to
// n-1 (shard 0 is ticked on the caller's goroutine): one worker per
// shard, started by the first parallel frame and stopped by Close.
//
// A frame is a fork and a join, a few hundred microseconds apart at 1000
// agents. Handing it to a goroutine that sleeps costs the time the
// operating system (or, in a virtual machine, the hypervisor) takes to
// wake a sleeping thread on the other core, measured here at tens of
// microseconds each way. So a worker that has finished its frame, and the
// caller waiting at the join, first wait busy for a short while
// (shardSpin), yielding the processor to any other goroutine each turn
// (runtime.Gosched, so the collector and the game's own goroutines still
// run), and sleep on a channel only after that: back-to-back frames then
// pass from core to core in well under a microsecond, and a game whose
// frames are far apart pays shardSpin of one core per frame and worker,
// then the wake-up, as before. OpenMP's runtimes, Intel's TBB and Rust's
// rayon wait the same way (spin, then block).

// shardSpin is how long a shard's worker waits busy for the next frame,
// and the caller for the workers at the join, before sleeping.
const shardSpin = 200 * time.Microsecond

// shardCrew is a sharded host's workers and their frame hand-off.
type shardCrew struct {
	posted  atomic.Uint64 // frames posted; a worker ticks each once
	pending atomic.Int32  // workers still ticking the posted frame
	dt      float64       // the posted frame's dt, written before posted
	quit    atomic.Bool   // set with the last post, by stop
	workers []*parking    // worker i ticks shard i+1
	joiner  parking       // the caller, at the join
	exited  chan struct{} // a worker's exit, for stop
}

// parking is where a goroutine sleeps once its busy wait has run out: a
// waker that makes the goroutine's condition true and then finds sleeping
// set sends on wake. The waiter sets sleeping before its last look at the
// condition, and the waker makes the condition true before it looks at
// sleeping, so (the atomics being sequentially consistent) one of them
// sees the other: no wake-up is lost. A token left in wake by a race is
// harmless: the waiter checks its condition again after every wake-up.
type parking struct {
	sleeping atomic.Bool
	wake     chan struct{} // capacity 1
}

// await returns once ready reports true: busy (yielding each turn) for up
// to shardSpin, then sleeping until woken.
func (p *parking) await(ready func() bool) {
	if ready() {
		return
	}
	start := time.Now()
	for turn := 1; ; turn++ {
		runtime.Gosched()
		if ready() {
			return
		}
		if turn%32 == 0 && time.Since(start) > shardSpin {
			break
		}
	}
	for {
		p.sleeping.Store(true)
		if ready() {
			p.sleeping.Store(false)
			return
		}
		<-p.wake
		p.sleeping.Store(false)
		if ready() {
			return
		}
	}
}

// rouse wakes p's goroutine if it sleeps; the caller has made its
// condition true.
func (p *parking) rouse() {
	if p.sleeping.Load() {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// startCrew starts the workers of shards 1 to n-1.
func (sh *sharding) startCrew() *shardCrew {
	n := len(sh.shards) - 1
	c := &shardCrew{joiner: parking{wake: make(chan struct{}, 1)}, exited: make(chan struct{}, n)}
	for i := range n {
		w := &parking{wake: make(chan struct{}, 1)}
		c.workers = append(c.workers, w)
		go c.work(sh, i+1, w)
	}
	return c
}

// work is worker w's loop: it ticks shard i in every frame posted,
// owning the shard's guard for the frame (the facade, inside Tick,
// owns it otherwise; run takes it back after the join).
func (c *shardCrew) work(sh *sharding, i int, w *parking) {
	me := curg()
	var done uint64
	for {
		w.await(func() bool { return c.posted.Load() > done })
		done++
		if c.quit.Load() {
			c.exited <- struct{}{}
			return
		}
		sh.shards[i].guard.lend(me) // the facade's, lent for the frame (guard.go)
		sh.tickShard(i, c.dt)
		if c.pending.Add(-1) == 0 {
			c.joiner.rouse()
		}
	}
}

// run ticks the frame: shards 1 to n-1 on the workers, shard 0 on the
// caller's goroutine, and returns when all have finished.
func (c *shardCrew) run(sh *sharding, dt float64) {
	c.dt = dt
	c.pending.Store(int32(len(c.workers)))
	c.posted.Add(1)
	for _, w := range c.workers {
		w.rouse()
	}
	sh.tickShard(0, dt)
	c.joiner.await(func() bool { return c.pending.Load() == 0 })
	me := curg()
	for _, s := range sh.shards[1:] {
		s.guard.lend(me) // back from the workers
	}
}

// stop ends the workers and waits for them to exit (Close).
func (c *shardCrew) stop() {
	c.quit.Store(true)
	c.posted.Add(1)
	for _, w := range c.workers {
		w.rouse()
	}
	for range c.workers {
		<-c.exited
	}
}
