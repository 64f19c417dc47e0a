package btai

import (
	"fmt"
	"math/rand/v2"
)

// Node is a node of a BTAI tree (BTAI's BTNode): Tick runs one step of it
// and returns its state. Parents tick their children; the host ticks the
// Root once per frame.
type Node interface {
	// Tick runs one step of the node and returns its state.
	Tick() BTState
}

// BranchNode is a node with children (BTAI's Branch): Sequence, Selector
// and the Blocks (Root, Repeat, RandomSequence, While, ConditionalBranch).
type BranchNode interface {
	Node
	// Children returns the children in order (the node's own slice).
	Children() []Node
	// ActiveChild returns the 0-based index of the child the next tick
	// starts at (-1 for a RandomSequence that has not picked yet).
	ActiveChild() int
	// AddChildren appends children, as OpenBranch does.
	AddChildren(children ...Node)
	// ResetChildren sets the active child back to 0, here and in every
	// branch below (BTAI's ResetChildren), and closes the suspended
	// coroutines of the RunCoroutine nodes it reaches.
	ResetChildren()
}

// Closer is a node that holds something to release when its run is cut
// short: a RunCoroutine node closes its suspended coroutine.
type Closer interface {
	// Close releases what the node holds; the next Tick starts afresh.
	Close()
}

// Random is the random source of the nodes that draw: IntN returns a
// uniform integer in [0, n) for n > 0. A *rand.Rand of math/rand/v2
// implements it; see NewRand for a seeded one.
type Random interface {
	// IntN returns a uniform integer in [0, n); n > 0.
	IntN(n int) int
}

// NewRand returns a Random seeded with seed: the same seed gives the same
// draws.
func NewRand(seed uint64) Random {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// defaultRandom draws from math/rand/v2's global, randomly seeded source.
type defaultRandom struct{}

// IntN returns rand.IntN(n).
func (defaultRandom) IntN(n int) int { return rand.IntN(n) }

func randomOr(r Random) Random {
	if r == nil {
		return defaultRandom{}
	}
	return r
}

// Branch holds the children of a branch node and its active child
// (BTAI's abstract class Branch). The node types embed it; it has no Tick
// of its own.
type Branch struct {
	children    []Node
	activeChild int
	observer    NodeObserver // see Observe
	// last is the state each child returned on its last tick by this
	// branch, notTicked before the first (see LastState).
	last []BTState
}

// notTicked marks in Branch.last a child not ticked yet.
const notTicked BTState = -1

// LastState returns the state child i returned on its last tick by the
// branch (an addition to BTAI, for Render and inspectors); ok is false
// when the branch has not ticked it yet or i is out of range. A child
// keeps its last state across ResetChildren, as a finished bt task keeps
// its status.
func (b *Branch) LastState(i int) (s BTState, ok bool) {
	if i < 0 || i >= len(b.last) || b.last[i] == notTicked {
		return 0, false
	}
	return b.last[i], true
}

// Children returns the children in order.
func (b *Branch) Children() []Node { return b.children }

// ActiveChild returns the 0-based index of the active child.
func (b *Branch) ActiveChild() int { return b.activeChild }

// AddChildren appends children (BTAI's OpenBranch without the return
// value). A nil child panics.
func (b *Branch) AddChildren(children ...Node) {
	for i, c := range children {
		if c == nil {
			panic(fmt.Sprintf("btai: OpenBranch: child %d is nil", i+1))
		}
	}
	b.children = append(b.children, children...)
	for range children {
		b.last = append(b.last, notTicked)
	}
}

// ResetChildren sets the active child to 0 and resets every branch below
// (BTAI's ResetChildren); RunCoroutine nodes below close their suspended
// coroutine (an addition to BTAI, see the package comment). Other leaf
// state is kept, as in BTAI: a Wait keeps its deadline, a Repeat its
// count, a ConditionalBranch its tested flag.
func (b *Branch) ResetChildren() {
	b.activeChild = 0
	resetNodes(b.children)
}

func resetNodes(children []Node) {
	for _, c := range children {
		switch n := c.(type) {
		case BranchNode:
			n.ResetChildren()
		case Closer:
			n.Close()
		}
	}
}

// closeAll closes every Closer in the subtrees of children.
func closeAll(children []Node, depth int) {
	if depth > maxDepth {
		return
	}
	for _, c := range children {
		if b, ok := c.(BranchNode); ok {
			closeAll(b.Children(), depth+1)
		}
		if cl, ok := c.(Closer); ok {
			cl.Close()
		}
	}
}

// maxDepth bounds the walks over a tree, which a node shared by two
// branches could otherwise make long.
const maxDepth = 1000

// Contains reports whether target is tree or a node below it. OpenBranch
// must not add a node under itself or under one of its children: a
// binding checks Contains(child, parent) first to refuse cycles.
func Contains(tree, target Node) bool {
	return contains(tree, target, 0)
}

func contains(tree, target Node, depth int) bool {
	if tree == target {
		return true
	}
	if depth > maxDepth {
		return false
	}
	if b, ok := tree.(BranchNode); ok {
		for _, c := range b.Children() {
			if contains(c, target, depth+1) {
				return true
			}
		}
	}
	return false
}

// branchString formats "Name : active/count", BTAI's ToString of branches.
func branchString(name string, b *Branch) string {
	return fmt.Sprintf("%s : %d/%d", name, b.activeChild, len(b.children))
}

// LabelOf returns the name a script gave node n (the Label of a
// Condition, Action, While or ConditionalBranch: the name of the function
// it runs, or a name argument), "" when it has none. BTAI itself has no
// node names; inspectors and traces show it in place of the kind.
func LabelOf(n Node) string {
	switch x := n.(type) {
	case *Condition:
		return x.Label
	case *Action:
		return x.Label
	case *While:
		return x.Label
	case *ConditionalBranch:
		return x.Label
	}
	return ""
}
