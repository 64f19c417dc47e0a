package btailib

import (
	"strings"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
)

// This file finds, when a tree is built, the BTAI trees that cannot end:
// a BTAI root loops for ever (Unity ticks it every frame) and stops only
// when an Abort reaches it, which Sequences, Selectors and Random
// Sequences pass up and Blocks (If, While, Repeat) take for Success.

// Lint returns warnings about the BTAI tree of t when t is a BT.Root task
// (or wraps one), nil for any other task. Each BT.Terminate that an If, a
// While or a Repeat above it keeps from stopping the tree gives one
// ("test.lua:4: BT.Terminate never stops the tree: the BT.If at
// test.lua:2 above it takes its Abort for Success ..."); when start is set
// (t is its tree's start task, so that no parent task ends it), a root
// that no BT.Terminate and no BT.RunCoroutine (which may yield Abort)
// reaches through Sequences and Selectors alone gives "test.lua:1:
// BT.Root never ends: ...". Each names the node's file and line.
func Lint(t bt.Task, start bool) []string {
	r := rootOf(t)
	if r == nil || r.node == nil {
		return nil
	}
	var warnings []string
	ends := false
	var walk func(nd, block *node, depth int)
	walk = func(nd, block *node, depth int) {
		if depth > 1000 {
			return
		}
		switch x := nd.n.(type) {
		case *btai.Terminate:
			if block == nil {
				ends = true
			} else {
				warnings = append(warnings, swallowed(nd, block))
			}
			return
		case *btai.Action:
			if x.NewCoroutine != nil && block == nil {
				ends = true
			}
			return
		case *btai.ConditionalBranch, *btai.While, *btai.Repeat, *btai.Block:
			block = nd
		}
		for _, k := range nd.kids {
			walk(k, block, depth+1)
		}
	}
	walk(r.node, nil, 0)
	if start && !ends {
		warnings = append(warnings, where(r.node)+": BT.Root never ends: no BT.Terminate reaches it through Sequences and Selectors alone "+
			"(a BTAI root loops for ever); it runs until the host stops it, or a function calls root:Terminate()")
	}
	return warnings
}

// swallowed words the warning of a Terminate that block keeps from
// stopping the tree.
func swallowed(term, block *node) string {
	others := []string{}
	for _, k := range []string{"BT.If", "BT.While", "BT.Repeat"} {
		if k != block.kind {
			others = append(others, k)
		}
	}
	return where(term) + ": BT.Terminate never stops the tree: the " + block.kind + " at " + where(block) +
		" above it takes its Abort for Success (as " + strings.Join(others, " and ") + " do); " +
		"to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())"
}

// where is the node's "file:line", or "?" when unknown.
func where(nd *node) string {
	if at := strings.TrimSuffix(nd.at, ":"); at != "" {
		return at
	}
	return "?"
}
