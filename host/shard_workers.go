package host

import "sync"

// shardWorkers ticks the shards after the first, each on a goroutine of
// its own that lives as long as the host and waits for the next frame on
// a channel. A goroutine started for each frame instead waits for the
// scheduler to wake an idle thread: about 80 µs per frame on the 2-core
// virtual machine of BENCHMARKS.md ("Shards"), a fifth of a frame of 1000
// agents, during which one core idles. A worker is handed the frame by
// the thread that has just finished the last one, still looking for work.
type shardWorkers struct {
	frames []chan float64 // frames[i-1] takes the dt of shard i's frame
	wg     sync.WaitGroup // the workers still ticking this frame
}

// tickParallel ticks every shard of sh for dt: shard 0 on the caller's
// goroutine, the others on their workers (started at the first call); it
// returns when all have finished.
func (sh *sharding) tickParallel(dt float64) {
	w := &sh.workers
	if w.frames == nil {
		for i := 1; i < len(sh.shards); i++ {
			ch := make(chan float64)
			w.frames = append(w.frames, ch)
			go func() {
				for dt := range ch {
					sh.tickShard(i, dt)
					w.wg.Done()
				}
			}()
		}
	}
	w.wg.Add(len(w.frames))
	for _, ch := range w.frames {
		ch <- dt
	}
	sh.tickShard(0, dt)
	w.wg.Wait()
}

// stopWorkers ends the workers' goroutines (Close).
func (sh *sharding) stopWorkers() {
	for _, ch := range sh.workers.frames {
		close(ch)
	}
	sh.workers.frames = nil
}
