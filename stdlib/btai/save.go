package btai

import (
	"fmt"
	"slices"
)

// The run state of a BTAI tree, for saving: every node's, in preorder
// (a node, then its children), as a list of numbers. A node's numbers
// come in a fixed order for its type; the structure (the nodes and their
// children) is the script's, built again before a load.

// SharedRandom is a Random whose state its owner saves (a library's
// generator shared by many trees): SaveNodes saves the nodes that draw
// from it, and the owner saves the generator.
type SharedRandom interface {
	Random
	SharedRandom()
}

func isShared(r Random) bool {
	_, ok := r.(SharedRandom)
	return ok
}

// DrawsShared returns what the first node under root that draws from a
// SharedRandom is ("a RandomSequence", "a shuffling Selector"), or "".
func DrawsShared(root Node) string {
	var walk func(n Node, depth int) string
	walk = func(n Node, depth int) string {
		if depth > maxDepth {
			return ""
		}
		switch x := n.(type) {
		case *Selector:
			if x.Shuffle && isShared(x.Random) {
				return "a shuffling Selector"
			}
		case *RandomSequence:
			if isShared(x.Random) {
				return "a RandomSequence"
			}
		}
		if br, ok := n.(BranchNode); ok {
			for _, c := range br.Children() {
				if w := walk(c, depth+1); w != "" {
					return w
				}
			}
		}
		return ""
	}
	return walk(root, 0)
}

// branch returns b itself; the branch nodes embed Branch.
func (b *Branch) branch() *Branch { return b }

type branched interface{ branch() *Branch }

// SaveNodes returns the run state of the tree under root: each branch's
// active child and its children's last states, a Selector's run, a
// Repeat's count, a RandomSequence's drawn order, a ConditionalBranch's
// test, a Wait's timer (on the clock its Now reads) and the Root's
// termination. An Action's suspended coroutine is not saved: such an
// Action starts its coroutine again after a load. A RandomSequence or a
// shuffling Selector with a Random of its own cannot be saved (its
// generator's state is not reachable): the error says so.
func SaveNodes(root Node) ([]float64, error) {
	var out []float64
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	var walk func(n Node, depth int) error
	walk = func(n Node, depth int) error {
		if depth > maxDepth {
			return fmt.Errorf("btai: the tree is deeper than %d", maxDepth)
		}
		if br, ok := n.(branched); ok {
			bb := br.branch()
			out = append(out, float64(bb.activeChild), float64(len(bb.last)))
			for _, s := range bb.last {
				out = append(out, float64(s))
			}
		}
		switch x := n.(type) {
		case *Selector:
			if x.Shuffle && x.Random != nil && !isShared(x.Random) {
				return fmt.Errorf("btai: a shuffling Selector with its own Random cannot be saved")
			}
			out = append(out, b(x.running))
			if x.Shuffle {
				// The shuffled order: each child's place in the built one.
				out = append(out, float64(len(x.children)))
				for i, c := range x.children {
					k := i
					if len(x.built) == len(x.children) {
						k = slices.Index(x.built, c)
					}
					out = append(out, float64(k))
				}
			}
		case *Root:
			out = append(out, b(x.terminated))
		case *Repeat:
			out = append(out, float64(x.current))
		case *RandomSequence:
			if x.Random != nil && !isShared(x.Random) {
				return fmt.Errorf("btai: a RandomSequence with its own Random cannot be saved")
			}
			out = append(out, float64(len(x.added)))
			for _, a := range x.added {
				out = append(out, float64(a))
			}
		case *ConditionalBranch:
			out = append(out, b(x.tested))
		case *Wait:
			out = append(out, x.future, x.start, b(x.armed), b(x.done))
		}
		if br, ok := n.(BranchNode); ok {
			for _, c := range br.Children() {
				if err := walk(c, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	err := walk(root, 0)
	return out, err
}

// LoadNodes gives the tree under root, built by the code that built the
// saved one, the state SaveNodes returned. It checks the whole state
// first and changes nothing on error.
func LoadNodes(root Node, state []float64) error {
	for _, apply := range []bool{false, true} {
		if err := loadNodes(root, state, apply); err != nil {
			return err
		}
	}
	return nil
}

func loadNodes(root Node, state []float64, apply bool) error {
	i := 0
	var err error
	num := func() float64 {
		if i >= len(state) {
			if err == nil {
				err = fmt.Errorf("btai: the saved state ends after %d values", len(state))
			}
			return 0
		}
		i++
		return state[i-1]
	}
	whole := func(lo, hi int) int {
		x := num()
		if err == nil && (x != float64(int(x)) || int(x) < lo || int(x) > hi) {
			err = fmt.Errorf("btai: value %d of the saved state is %v, want a whole number in [%d, %d]", i, x, lo, hi)
		}
		if err != nil {
			return lo
		}
		return int(x)
	}
	flag := func() bool { return whole(0, 1) == 1 }
	var walk func(n Node, depth int)
	walk = func(n Node, depth int) {
		if depth > maxDepth || err != nil {
			return
		}
		if br, ok := n.(branched); ok {
			bb := br.branch()
			active := whole(0, len(bb.children))
			k := whole(len(bb.children), len(bb.children))
			last := make([]BTState, k)
			for j := range last {
				last[j] = BTState(whole(int(notTicked), int(Abort)))
			}
			if apply {
				bb.activeChild, bb.last = active, last
			}
		}
		kids := []Node(nil)
		if br, ok := n.(BranchNode); ok {
			kids = br.Children()
		}
		switch x := n.(type) {
		case *Selector:
			v := flag()
			if apply {
				x.running = v
			}
			if x.Shuffle {
				built := x.built
				if len(built) != len(x.children) {
					built = x.children // not shuffled yet: as built
				}
				k := whole(len(built), len(built))
				order := make([]Node, k)
				used := make([]bool, k)
				for j := range order {
					p := whole(0, max(k-1, 0))
					if err == nil && used[p] {
						err = fmt.Errorf("btai: value %d of the saved state repeats child %d in a Selector's order", i, p+1)
					}
					if err != nil {
						break
					}
					used[p], order[j] = true, built[p]
				}
				if err == nil {
					kids = order
					if apply {
						x.built = append([]Node(nil), built...)
						copy(x.children, order)
					}
				}
			}
		case *Root:
			v := flag()
			if apply {
				x.terminated = v
			}
		case *Repeat:
			v := whole(0, 1<<30)
			if apply {
				x.current = v
			}
		case *RandomSequence:
			// The cumulative weights, which the script's build gives
			// again (the pick is the active child): read and checked,
			// not loaded.
			k := whole(0, len(x.children))
			for range k {
				whole(0, 1<<30)
			}
		case *ConditionalBranch:
			v := flag()
			if apply {
				x.tested = v
			}
		case *Wait:
			f, s, a, d := num(), num(), flag(), flag()
			if apply {
				x.future, x.start, x.armed, x.done = f, s, a, d
			}
		case *Action:
			if apply && x.co != nil {
				x.co = nil
			}
		}
		for _, c := range kids {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	if err == nil && i != len(state) {
		err = fmt.Errorf("btai: the saved state has %d values, the tree reads %d", len(state), i)
	}
	return err
}
