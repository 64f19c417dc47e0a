// Package btailib binds the BTAI builder (stdlib/btai, after the BTAI.cs
// of Unity's 2D Game Kit) to a gopher-lua state that already has the
// behavior-tree library (lua/btlib). Scripts build trees as in C#,
//
//	local root = BT.Root()
//	root:OpenBranch(
//	    BT.If(TestVisibleTarget):OpenBranch(BT.Call(Aim), BT.Call(Shoot)),
//	    BT.Sequence():OpenBranch(BT.Call(Walk), BT.Wait(5.0), BT.Call(Turn))
//	)
//	return root
//
// and either tick the root themselves (root:Tick() returns a BTState) or
// return it to the host, which ticks it once per frame like Unity's
// Update calling aiRoot.Tick().
//
// BTAI is opt-in: scripts reach it with require("btai"), which returns
// the node factories and the library's clock and random source, with the
// states as its field State (Failure, Success, Continue, Abort); with
// Options.Globals (btlua sets it, for the seed's scripts) the same tables
// are also the globals BT and BTState. The Behavior Designer module
// require("bt") has no BTAI in it. BTState values are the strings
// "Failure", "Success", "Continue" and "Abort", so that they cannot be
// mistaken for BTTaskStatus numbers.
//
// Every node is a Lua table. Branch nodes have OpenBranch(...) (and Do,
// the older name in the seed's comments), which appends children and
// returns the node; it works with both call styles, node:OpenBranch(a, b)
// and the C#-like node.OpenBranch(a, b). All nodes have Tick; branches
// have ResetChildren, ActiveChild (0-based, as in BTAI) and ChildCount;
// tostring(node) gives BTAI's ToString-like description.
//
// A Root is also a btlib task (an instance of BTAction, see
// btlib.Lib.WrapTask; one task, not a class), so `return root` works and the host ticks it
// unchanged, and it can be a child of BTSequence and the other btlib
// composites. Its OnUpdate ticks the BTAI root once with the tree's clock
// (BT.Time and BT.Wait see the tree's time, advanced by the host's delta
// time) and maps the result: Continue -> Running; Success -> Running (a
// BTAI root loops for ever: Unity calls aiRoot.Tick() every frame and a
// pass ending with Success just starts the next pass); Abort (a
// Terminate reached the root) -> Failure, which completes the tree.
// When the btlib run of the root ends early (the host halts the tree, a
// parent ends it), the BTAI root's children are reset, which also closes
// suspended coroutines.
//
// BT.RunCoroutine(fn) runs fn as a coroutine of the library's state, one
// resume per tick: yielding nothing or BTState.Continue goes on next tick,
// yielding another BTState ends the node with it (the coroutine is
// dropped), returning ends it with Success. pcall inside the coroutine is
// fine, but a yield must not happen inside a pcall: gopher-lua cannot
// yield across pcall. When a ResetChildren reaches the node (a While whose
// condition turned false), when its Root terminates, and when the host
// halts the tree, a suspended coroutine is closed: marked dead, so
// coroutine.status reports "dead" and it never runs again (gopher-lua has
// no coroutine.close). An error inside the coroutine stops the tree with
// a Go error (*luaerr.Error) naming the file and line of the failing
// line; errors in the functions of If, While, Condition and Call propagate
// as any Lua error does.
//
// Random draws (Selector shuffles, RandomSequence picks) use the library's
// source: randomly seeded at Open, reproducible after BT.SetRandomSeed(n),
// or scripted with BT.SetRandom(fn) where fn(n) returns an integer in 1..n
// (math.random works). The clock of BT.Wait and BT.Time is the time of the
// tree that ticks the root; for roots ticked by hand it is set with
// BT.SetTime(seconds, frame).
//
// Unity's Animator and GameObject nodes are recast as calls on any Lua
// table or Go object (gopher-luar) the script hands in:
// BT.SetBool(obj, name, value) calls obj:SetBool(name, value);
// BT.Trigger(obj, name, set) calls obj:SetTrigger(name), or
// obj:ResetTrigger(name) when set is false; BT.SetActive(obj, active)
// calls obj:SetActive(active); BT.WaitForAnimatorState(obj, name, layer)
// returns Continue until obj:IsInState(name, layer) returns true (layer
// defaults to 0). The first three return Success.
//
// Numbers that mean nothing to the node are refused where the builder is
// called, naming the function and the value, as btlib's constructors do:
// a negative BT.Wait (math.huge or 1/0 is taken: it waits for ever) or
// NaN; a negative BT.Repeat count (0 is BTAI's: Success without ticking
// the children) or layer of BT.WaitForAnimatorState; a BT.SetTime clock
// that is not finite, or a negative frame.
//
// A Lib belongs to one *lua.LState and is not safe for concurrent use.
package btailib
