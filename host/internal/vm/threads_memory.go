package vm

import (
	"runtime"
	"sync"
	"weak"

	"github.com/btlua/btlua/host/internal/budget"
	lua "github.com/yuin/gopher-lua"
)

// This file counts coroutines against the memory limit (the host's
// Options.MemoryLimit). gopher-lua allocates each coroutine's call stack and data
// stack whole, about 100 KiB (ThreadBytes) however little it runs, in Go
// code of coroutine.create that the watchdog sees only as a heap that
// grows, late (a loop keeping coroutines took 6 s and 2 GB to stop at a
// limit of 1 GiB). The host makes coroutines smaller (ThreadRegistrySize,
// threads.go), 38 KiB, and coroutine.create and coroutine.wrap refuse,
// with a Lua error, a coroutine that would bring the ones still alive
// (created by the scripts of the host, all shards together) over half
// the limit at ThreadBytes each (half: the coroutines are refused before
// the heap they and what they hold fill reaches the limit):
//
//	coroutine.create: memory limit of 1 GiB exceeded (13797 coroutines alive, of 38912 bytes each, are half of it)
//
// A coroutine no longer reachable does not count once a collection has
// found it so; at the limit, one collection runs before the refusal.

// ThreadBytes is what a coroutine allocates when made: its data stack
// (ThreadRegistrySize values of 16 bytes), its call stack (CallStackSize
// frames of 80 bytes) and the state around them (2 KiB; TestThreadBytes
// checks the sum).
const ThreadBytes = ThreadRegistrySize*16 + CallStackSize*80 + 2<<10

// Threads is the coroutines of one host's scripts (its shards' too)
// that may be alive, as weak pointers: the count a memory limit puts a
// cap on. Its zero value is ready; it is safe for concurrent use.
type Threads struct {
	mu   sync.Mutex
	live []weak.Pointer[lua.LState]
}

// admit raises the Lua error above in L, of coroutine.fn, when one more
// coroutine would go over half of limit bytes (the memory limit).
func (c *Threads) admit(L *lua.LState, fn string, limit uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	half := limit / 2
	if uint64(len(c.live)+1)*ThreadBytes <= half {
		return
	}
	c.compact()
	if uint64(len(c.live)+1)*ThreadBytes > half {
		runtime.GC()
		c.compact()
	}
	if n := len(c.live); uint64(n+1)*ThreadBytes > half {
		L.RaiseError("coroutine.%s: memory limit of %s exceeded (%d coroutines alive, of %s each, are half of it)",
			fn, budget.BytesText(float64(limit)), n, budget.BytesText(float64(ThreadBytes)))
	}
}

// add counts the coroutine th.
func (c *Threads) add(th *lua.LState) {
	c.mu.Lock()
	c.live = append(c.live, weak.Make(th))
	c.mu.Unlock()
}

// compact drops the coroutines collected.
func (c *Threads) compact() {
	n := 0
	for _, p := range c.live {
		if p.Value() != nil {
			c.live[n] = p
			n++
		}
	}
	clear(c.live[n:])
	c.live = c.live[:n]
}
