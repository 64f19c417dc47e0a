package btai

import "fmt"

// Sequence ticks its children one after the other, one child per tick
// (BTAI's Sequence). Its Tick, exactly as in BTAI: tick the active child;
//
//   - Success: move to the next child; past the last one, go back to the
//     first and return Success, else return Continue (the next child runs
//     on the next tick, not this one);
//   - Failure: go back to the first child and return Failure;
//   - Continue: return Continue (the same child runs again next tick);
//   - Abort: go back to the first child and return Abort.
//
// An empty Sequence returns Success.
type Sequence struct{ Branch }

// NewSequence returns an empty Sequence (BTAI's BT.Sequence()).
func NewSequence() *Sequence { return &Sequence{} }

// OpenBranch appends children and returns s.
func (s *Sequence) OpenBranch(children ...Node) *Sequence { s.AddChildren(children...); return s }

// Tick runs the active child; see Sequence.
func (s *Sequence) Tick() BTState {
	if len(s.children) == 0 {
		return Success
	}
	switch s.tickChild(s.activeChild) {
	case Success:
		s.activeChild++
		if s.activeChild >= len(s.children) {
			s.activeChild = 0
			return Success
		}
		return Continue
	case Continue:
		return Continue
	case Abort:
		s.activeChild = 0
		return Abort
	default: // Failure, and any invalid state as Failure
		s.activeChild = 0
		return Failure
	}
}

// String returns "Sequence : active/count".
func (s *Sequence) String() string { return branchString("Sequence", &s.Branch) }

// Selector ticks its children one after the other, one child per tick,
// until one succeeds (BTAI's Selector). Its Tick, exactly as in BTAI: tick
// the active child;
//
//   - Success: go back to the first child and return Success;
//   - Failure: move to the next child; past the last one, go back to the
//     first and return Failure, else return Continue;
//   - Continue: return Continue;
//   - Abort: go back to the first child and return Abort.
//
// With Shuffle set, the children are shuffled in place (BTAI's
// Fisher-Yates: for n from count-1 down to 1, swap n with Random.IntN(n+1))
// whenever a tick starts a new run from the first child: the first tick,
// and every tick after one that returned Success, Failure or Abort or
// after ResetChildren. BTAI shuffles in its constructor, when there are
// no children yet, so its shuffle never happens; this is the fix.
//
// An empty Selector returns Failure.
type Selector struct {
	Branch
	// Shuffle shuffles the children at the start of each run.
	Shuffle bool
	// Random draws the shuffles; nil means math/rand/v2's global source.
	Random Random

	running bool
	// built is the children in the order the script gave them, kept at
	// the first shuffle: a save holds the shuffled order against it.
	built []Node
}

// NewSelector returns an empty Selector (BTAI's BT.Selector(shuffle)); r
// draws its shuffles (nil for math/rand/v2's global source).
func NewSelector(shuffle bool, r Random) *Selector {
	return &Selector{Shuffle: shuffle, Random: r}
}

// OpenBranch appends children and returns s.
func (s *Selector) OpenBranch(children ...Node) *Selector { s.AddChildren(children...); return s }

// ResetChildren is Branch.ResetChildren; the next tick starts a new run
// (and shuffles).
func (s *Selector) ResetChildren() {
	s.running = false
	s.Branch.ResetChildren()
}

// Tick runs the active child; see Selector.
func (s *Selector) Tick() BTState {
	if len(s.children) == 0 {
		return Failure
	}
	if !s.running && s.Shuffle {
		if len(s.built) != len(s.children) {
			s.built = append(s.built[:0], s.children...)
		}
		s.activeChild = 0
		r := randomOr(s.Random)
		for n := len(s.children) - 1; n > 0; n-- {
			k := r.IntN(n + 1)
			s.children[k], s.children[n] = s.children[n], s.children[k]
			s.last[k], s.last[n] = s.last[n], s.last[k]
		}
	}
	st := s.tick()
	s.running = st == Continue
	return st
}

func (s *Selector) tick() BTState {
	switch s.tickChild(s.activeChild) {
	case Success:
		s.activeChild = 0
		return Success
	case Continue:
		return Continue
	case Abort:
		s.activeChild = 0
		return Abort
	default: // Failure
		s.activeChild++
		if s.activeChild >= len(s.children) {
			s.activeChild = 0
			return Failure
		}
		return Continue
	}
}

// String returns "Selector : active/count".
func (s *Selector) String() string { return branchString("Selector", &s.Branch) }

// Block runs all its children in order, one child per tick, and ignores
// their results (BTAI's abstract class Block, the base of the
// decorator-like nodes). Its Tick, exactly as in BTAI: tick the active
// child; Continue: return Continue; anything else (Success, Failure,
// Abort): move to the next child; past the last one, go back to the first
// and return Success, else return Continue.
//
// An empty Block returns Success.
type Block struct{ Branch }

// NewBlock returns an empty Block. BTAI has no factory for it (it is
// abstract there); as a node it runs its children once, in order.
func NewBlock() *Block { return &Block{} }

// OpenBranch appends children and returns b.
func (b *Block) OpenBranch(children ...Node) *Block { b.AddChildren(children...); return b }

// Tick runs the active child; see Block.
func (b *Block) Tick() BTState {
	if len(b.children) == 0 {
		return Success
	}
	if b.tickChild(b.activeChild) == Continue {
		return Continue
	}
	b.activeChild++
	if b.activeChild >= len(b.children) {
		b.activeChild = 0
		return Success
	}
	return Continue
}

// String returns "Block : active/count".
func (b *Block) String() string { return branchString("Block", &b.Branch) }

// Root is the top of a BTAI tree (BTAI's Root, a Block), ticked once per
// frame. Its Tick, exactly as in BTAI: once terminated it returns Abort
// without ticking; else, within one tick, it ticks the active child and
//
//   - Continue: returns Continue;
//   - Abort: terminates (for good) and returns Abort;
//   - anything else: moves to the next child; past the last one it goes
//     back to the first and returns Success, else it ticks the next child
//     in the same tick.
//
// So a Root runs its children until one is not done, and a whole pass
// over its children ends with Success; the next tick starts the next pass.
// When it terminates it also closes the suspended coroutines of the
// RunCoroutine nodes below it (an addition to BTAI).
//
// An empty Root returns Success.
type Root struct {
	Block
	terminated bool
}

// NewRoot returns an empty Root (BTAI's BT.Root()).
func NewRoot() *Root { return &Root{} }

// OpenBranch appends children and returns r.
func (r *Root) OpenBranch(children ...Node) *Root { r.AddChildren(children...); return r }

// Terminated reports whether the Root has terminated (BTAI's
// isTerminated): an Abort reached it, or Terminate was called.
func (r *Root) Terminated() bool { return r.terminated }

// Terminate terminates the Root from outside, as an Abort would, and
// closes the suspended coroutines below it.
func (r *Root) Terminate() {
	r.terminated = true
	closeAll(r.children, 0)
}

// Tick runs one pass step; see Root.
func (r *Root) Tick() BTState {
	if r.terminated {
		return Abort
	}
	if len(r.children) == 0 {
		return Success
	}
	for {
		switch r.tickChild(r.activeChild) {
		case Continue:
			return Continue
		case Abort:
			r.Terminate()
			return Abort
		}
		r.activeChild++
		if r.activeChild >= len(r.children) {
			r.activeChild = 0
			return Success
		}
	}
}

// String returns "Root : active/count".
func (r *Root) String() string { return branchString("Root", &r.Block.Branch) }

// Repeat runs its children (as a Block) Count times over (BTAI's Repeat).
// Its Tick, exactly as in BTAI: when Count > 0 and fewer than Count passes
// are done, tick as a Block; Continue: return Continue; else (a pass
// ended) count it; at Count passes reset the count to 0 and return
// Success, else return Continue. When Count <= 0 it returns Success
// without ticking. A pass therefore advances one child per tick, like any
// Block, and Repeat(3) over one instant child takes three ticks: BTAI's
// rule, which stdlib/bt's execution types (bt.ExecutionType) do not
// change.
type Repeat struct {
	Block
	// Count is the number of passes.
	Count int

	current int
}

// NewRepeat returns an empty Repeat of count passes (BTAI's
// BT.Repeat(count)).
func NewRepeat(count int) *Repeat { return &Repeat{Count: count} }

// OpenBranch appends children and returns r.
func (r *Repeat) OpenBranch(children ...Node) *Repeat { r.AddChildren(children...); return r }

// Current returns the number of passes done in the current run.
func (r *Repeat) Current() int { return r.current }

// Tick runs one step; see Repeat.
func (r *Repeat) Tick() BTState {
	if r.Count <= 0 || r.current >= r.Count {
		return Success
	}
	if r.Block.Tick() == Continue {
		return Continue
	}
	r.current++
	if r.current == r.Count {
		r.current = 0
		return Success
	}
	return Continue
}

// String returns "Repeat Until : current / count", BTAI's ToString.
func (r *Repeat) String() string { return fmt.Sprintf("Repeat Until : %d / %d", r.current, r.Count) }

// RandomSequence runs one randomly picked child at a time (BTAI's
// RandomSequence, a Block). Weights[i] is the weight of child i; a child
// without a weight has weight 1, a negative weight counts as 0. Its Tick,
// as in BTAI: before the first pick the active child is -1 and a child is
// picked; tick the active child; Continue: return Continue; anything
// else: pick a new child for the next tick and return the child's result.
//
// Picking draws choice = Random.IntN(total) in [0, total) and takes the
// first child i whose cumulative weight added[i] is > choice, so a child
// is picked with probability weight/total. BTAI tests choice-added[i] <= 0
// instead, an off-by-one that favours the first child (fixed here; see
// the package comment). With a total weight of 0 the first child is
// picked. ResetChildren sets the active child to 0, not -1, as in BTAI, so
// the first child runs next after a reset.
//
// An empty RandomSequence returns Success.
type RandomSequence struct {
	Block
	// Weights are the children's weights, by child index.
	Weights []int
	// Random draws the picks; nil means math/rand/v2's global source.
	Random Random

	added []int
}

// NewRandomSequence returns an empty RandomSequence (BTAI's
// BT.RandomSequence(weights)); r draws its picks (nil for math/rand/v2's
// global source).
func NewRandomSequence(weights []int, r Random) *RandomSequence {
	s := &RandomSequence{Weights: weights, Random: r}
	s.activeChild = -1
	return s
}

// OpenBranch appends children and returns s.
func (s *RandomSequence) OpenBranch(children ...Node) *RandomSequence {
	s.AddChildren(children...)
	return s
}

// AddChildren appends children and recomputes the cumulative weights of
// all children.
func (s *RandomSequence) AddChildren(children ...Node) {
	s.Block.AddChildren(children...)
	s.added = s.added[:0]
	sum := 0
	for i := range s.children {
		w := 1
		if i < len(s.Weights) {
			w = max(s.Weights[i], 0)
		}
		sum += w
		s.added = append(s.added, sum)
	}
}

// Tick runs the picked child; see RandomSequence.
func (s *RandomSequence) Tick() BTState {
	if len(s.children) == 0 {
		return Success
	}
	if s.activeChild < 0 || s.activeChild >= len(s.children) {
		s.pick()
	}
	st := s.tickChild(s.activeChild)
	if st == Continue {
		return Continue
	}
	s.pick()
	return st
}

func (s *RandomSequence) pick() {
	total := s.added[len(s.added)-1]
	s.activeChild = 0
	if total <= 0 {
		return
	}
	choice := randomOr(s.Random).IntN(total)
	for i, a := range s.added {
		if choice < a {
			s.activeChild = i
			return
		}
	}
}

// String returns "Random Sequence : active/count".
func (s *RandomSequence) String() string { return branchString("Random Sequence", &s.Block.Branch) }

// While runs its children (as a Block) for as long as Fn returns true
// (BTAI's While). Its Tick, exactly as in BTAI: Fn is called every tick;
// true: tick as a Block, ignore the result and return Continue; false:
// ResetChildren and return Failure. So a While never succeeds: it ends
// only with Failure, when Fn turns false.
type While struct {
	Block
	// Fn is the loop condition.
	Fn func() bool
	// Label is the node's name as the script gave it (see LabelOf).
	Label string
}

// NewWhile returns an empty While over fn (BTAI's BT.While(fn)).
func NewWhile(fn func() bool) *While { return &While{Fn: fn} }

// OpenBranch appends children and returns w.
func (w *While) OpenBranch(children ...Node) *While { w.AddChildren(children...); return w }

// Tick tests Fn and runs one step; see While.
func (w *While) Tick() BTState {
	if w.Fn() {
		w.Block.Tick()
		return Continue
	}
	w.ResetChildren()
	return Failure
}

// String returns "While".
func (w *While) String() string { return "While" }

// ConditionalBranch runs its children (as a Block) when Fn returns true
// (BTAI's ConditionalBranch, made by BT.If). Its Tick, exactly as in BTAI:
// unless tested, tested = Fn(); when tested, tick as a Block; Continue:
// return Continue; else clear tested and return the result (Success: a
// Block ends with Success); when not tested return Failure without
// ticking. So Fn is called once per run of the children, not every tick.
type ConditionalBranch struct {
	Block
	// Fn is the condition.
	Fn func() bool
	// Label is the node's name as the script gave it (see LabelOf).
	Label string

	tested bool
}

// NewConditionalBranch returns an empty ConditionalBranch over fn (BTAI's
// BT.If(fn)).
func NewConditionalBranch(fn func() bool) *ConditionalBranch { return &ConditionalBranch{Fn: fn} }

// OpenBranch appends children and returns c.
func (c *ConditionalBranch) OpenBranch(children ...Node) *ConditionalBranch {
	c.AddChildren(children...)
	return c
}

// Tested reports whether Fn returned true and the children's run is under
// way.
func (c *ConditionalBranch) Tested() bool { return c.tested }

// Tick tests Fn when needed and runs one step; see ConditionalBranch.
func (c *ConditionalBranch) Tick() BTState {
	if !c.tested {
		c.tested = c.Fn()
	}
	if !c.tested {
		return Failure
	}
	st := c.Block.Tick()
	if st == Continue {
		return Continue
	}
	c.tested = false
	return st
}

// String returns "ConditionalBranch".
func (c *ConditionalBranch) String() string { return "ConditionalBranch" }
