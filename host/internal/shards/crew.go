package shards

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
// (spin), yielding the processor to any other goroutine each turn
// (runtime.Gosched, so the collector and the game's own goroutines still
// run), and sleep on a channel only after that: back-to-back frames then
// pass from core to core in well under a microsecond, and a game whose
// frames are far apart pays spin of one core per frame and worker,
// then the wake-up, as before. OpenMP's runtimes, Intel's TBB and Rust's
// rayon wait the same way (spin, then block).

// spin is how long a shard's worker waits busy for the next frame, and
// the caller for the workers at the join, before sleeping.
const spin = 200 * time.Microsecond

// Crew is a sharded host's workers and their frame hand-off. It calls
// tick(i, dt) for shard i of every frame Run posts: on worker i-1's
// goroutine for i >= 1, on Run's caller for shard 0.
type Crew struct {
	tick    func(i int, dt float64)
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
// to spin, then sleeping until woken.
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
		if turn%32 == 0 && time.Since(start) > spin {
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

// StartCrew starts the workers of shards 1 to n-1 of n shards; tick
// ticks shard i with dt (seconds), on the goroutine that is to own the
// shard for the frame.
func StartCrew(n int, tick func(i int, dt float64)) *Crew {
	n--
	c := &Crew{tick: tick, joiner: parking{wake: make(chan struct{}, 1)}, exited: make(chan struct{}, n)}
	for i := range n {
		w := &parking{wake: make(chan struct{}, 1)}
		c.workers = append(c.workers, w)
		go c.work(i+1, w)
	}
	return c
}

// work is worker w's loop: it ticks shard i in every frame posted.
func (c *Crew) work(i int, w *parking) {
	var done uint64
	for {
		w.await(func() bool { return c.posted.Load() > done })
		done++
		if c.quit.Load() {
			c.exited <- struct{}{}
			return
		}
		c.tick(i, c.dt)
		if c.pending.Add(-1) == 0 {
			c.joiner.rouse()
		}
	}
}

// Run ticks the frame: shards 1 to n-1 on the workers, shard 0 on the
// caller's goroutine, and returns when all have finished.
func (c *Crew) Run(dt float64) {
	c.dt = dt
	c.pending.Store(int32(len(c.workers)))
	c.posted.Add(1)
	for _, w := range c.workers {
		w.rouse()
	}
	c.tick(0, dt)
	c.joiner.await(func() bool { return c.pending.Load() == 0 })
}

// Asleep reports whether every worker sleeps, its busy wait run out
// (for tests of frames far apart).
func (c *Crew) Asleep() bool {
	for _, w := range c.workers {
		if !w.sleeping.Load() {
			return false
		}
	}
	return true
}

// Stop ends the workers and waits for them to exit (Close).
func (c *Crew) Stop() {
	c.quit.Store(true)
	c.posted.Add(1)
	for _, w := range c.workers {
		w.rouse()
	}
	for range c.workers {
		<-c.exited
	}
}
