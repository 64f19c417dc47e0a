package bt

import "sync/atomic"

// structureEpoch counts the changes of tree structure that the cached
// answers of composites depend on (see Composite.lowerPriorityChild): a
// child attached anywhere (AddChild), an abort type set with
// SetAbortType, StructureChanged. It starts at 1 so that a new composite's
// zero cache is stale. It is atomic because trees of different Lua states
// tick on different goroutines.
var structureEpoch atomic.Uint64

func init() { structureEpoch.Store(1) }

// StructureChanged drops every composite's cached view of its children's
// abort types, as AddChild and SetAbortType do. Call it after writing a
// Composite's Abort field directly once its parent has run (see
// Composite.Abort), or when a binding changes what tasks are in place (a
// hot reload).
func StructureChanged() { structureEpoch.Add(1) }

// lowerPriorityChild reports hasLowerPriorityChild(c), computed once per
// structure change (a composite start asks it; walking the children
// touches each child's memory, a cache miss each in a game's thousands of
// trees).
func (c *Composite) lowerPriorityChild() bool {
	if e := structureEpoch.Load(); c.lpEpoch != e {
		c.lpChild, c.lpEpoch = hasLowerPriorityChild(c), e
	}
	return c.lpChild
}

// watchCache is a composite's cached watchesAborts answer: what it was
// for the structure epoch epoch and the abort type abort. What else the
// answer depends on is fixed for a task: whether its Go type (or the one
// it wraps) handles aborts and runs its children in parallel. A child
// added or removed, an abort type set anywhere (SetAbortType), a reload
// (lua/btlib's Invalidate) move the epoch; a direct write of Abort
// changes abort.
type watchCache struct {
	epoch uint64
	abort AbortType
	watch bool
}
