package host

import (
	"reflect"
	"runtime"
	"sync"
	"unsafe"
	"weak"

	lua "github.com/yuin/gopher-lua"
)

// This file counts coroutines against the memory limit (Options.
// MemoryLimit). gopher-lua allocates each coroutine's call stack and data
// stack whole, about 100 KiB (threadBytes) however little it runs, in Go
// code of coroutine.create that the watchdog sees only as a heap that
// grows, late (a loop keeping coroutines took 6 s and 2 GB to stop at a
// limit of 1 GiB). So coroutine.create and coroutine.wrap refuse, with a
// Lua error, a coroutine that would bring the ones still alive (created
// by the scripts of the host, all shards together) over the limit at
// threadBytes each:
//
//	coroutine.create: memory limit of 1 GiB exceeded (10280 coroutines alive, of 104448 bytes each)
//
// A coroutine no longer reachable does not count once a collection has
// found it so; at the limit, one collection runs before the refusal.

// threadBytes is what a coroutine allocates when made: its data stack
// (RegistrySize values), its call stack (CallStackSize frames) and the
// state around them (2 KiB).
var threadBytes = func() uint64 {
	frame := uint64(80)
	if f, ok := reflect.TypeOf(lua.LState{}).FieldByName("currentFrame"); ok && f.Type.Kind() == reflect.Pointer {
		frame = uint64(f.Type.Elem().Size())
	}
	return RegistrySize*uint64(unsafe.Sizeof(lua.LValue(nil))) + CallStackSize*frame + 2<<10
}()

// threadCount is the coroutines of one host's scripts (its shards' too)
// that may be alive, as weak pointers.
type threadCount struct {
	mu   sync.Mutex
	live []weak.Pointer[lua.LState]
}

// admit raises the Lua error above in L, of coroutine.fn, when one more
// coroutine would go over limit bytes.
func (c *threadCount) admit(L *lua.LState, fn string, limit uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if uint64(len(c.live)+1)*threadBytes <= limit {
		return
	}
	c.compact()
	if uint64(len(c.live)+1)*threadBytes > limit {
		runtime.GC()
		c.compact()
	}
	if n := len(c.live); uint64(n+1)*threadBytes > limit {
		L.RaiseError("coroutine.%s: memory limit of %s exceeded (%d coroutines alive, of %s each)",
			fn, bytesText(float64(limit)), n, bytesText(float64(threadBytes)))
	}
}

// add counts the coroutine th.
func (c *threadCount) add(th *lua.LState) {
	c.mu.Lock()
	c.live = append(c.live, weak.Make(th))
	c.mu.Unlock()
}

// compact drops the coroutines collected.
func (c *threadCount) compact() {
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
