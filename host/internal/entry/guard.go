package entry

import "sync/atomic"

// Guard records the goroutine inside a host, or one of its Lua states:
// the goroutine inside a call owns it until the call returns, the calls
// it makes from inside nest, and another goroutine is refused meanwhile.
// The zero Guard is free.
type Guard struct {
	owner atomic.Uintptr // Curg of the goroutine inside, 0 when none
	depth int32          // the owner's nested calls; only the owner touches it
}

// Enter makes goroutine me (its Curg) the owner, or nests its call;
// false when another goroutine owns the guard.
func (g *Guard) Enter(me uintptr) bool {
	if g.owner.Load() == me {
		g.depth++
		return true
	}
	if g.owner.CompareAndSwap(0, me) {
		g.depth = 1
		return true
	}
	return false
}

// Leave ends a call Enter let in.
func (g *Guard) Leave() {
	if g.depth--; g.depth == 0 {
		g.owner.Store(0)
	}
}

// Outermost reports whether the owner is in its first, not a nested,
// call.
func (g *Guard) Outermost() bool { return g.depth == 1 }

// Lend makes goroutine to the owner of a guard its current owner holds
// (a shard handed to its worker for a frame, and back).
func (g *Guard) Lend(to uintptr) { g.owner.Store(to) }
