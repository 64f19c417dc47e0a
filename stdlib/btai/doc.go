// Package btai is the BTAI behavior-tree builder of Unity's 2D Game Kit
// (BTAI.cs, namespace BTAI) in pure Go: a tree of nodes built with
// OpenBranch and ticked once per frame from the root, where every node
// returns one of four states (Failure, Success, Continue, Abort).
//
//	root := btai.NewRoot().OpenBranch(
//		btai.NewConditionalBranch(visible).OpenBranch(btai.NewCall(aim), btai.NewCall(shoot)),
//		btai.NewSequence().OpenBranch(btai.NewCall(walk), btai.NewWait(5, now), btai.NewCall(turn)),
//	)
//	for { root.Tick() } // once per frame, as Unity calls aiRoot.Tick() in Update
//
// The Tick rules of every node are those of BTAI.cs, reproduced exactly
// (each type's doc comment states its rule); in particular a Sequence
// advances at most one child per tick, Blocks (ConditionalBranch, While,
// Repeat, Root) treat Failure and Abort of a child like Success, and only
// the Root loops over several children within one tick. The places where
// this package differs from BTAI.cs, all deliberate:
//
//   - Selector(shuffle): BTAI shuffles in the constructor, before the
//     selector has children, so it never shuffles. Here a shuffling
//     Selector shuffles its children (BTAI's Fisher-Yates, with the
//     node's Random) each time it starts a run from child 0.
//   - RandomSequence: BTAI picks the first child i with choice-added[i] <= 0
//     for choice in [0, total), which gives the first child one chance too
//     many and the last one chance too few (with two children of weight 1
//     the second is never picked). Here the test is choice < added[i], so
//     each child is picked with probability weight/total. The cumulative
//     weights also cover the children of every OpenBranch call, where BTAI
//     recomputes them from the last call's children only.
//   - RunCoroutine: a Coroutine that a ResetChildren reaches, or that is
//     suspended when its Root terminates, is closed (BTAI leaves the C#
//     iterator to the garbage collector and resumes it later).
//   - Wait compares the clock with a tolerance of 1e-9 s, so that summed
//     float delta times reach a whole duration (300 ticks of 1/60 s make
//     5 s), as stdlib/bt's Wait does.
//   - An empty branch, which BTAI indexes out of range (an exception every
//     frame), returns its "nothing to do" result: Success for Sequence,
//     Root, RandomSequence and the Blocks, Failure for Selector.
//   - Unity's Animator and GameObject nodes (SetBool, Trigger, SetActive,
//     WaitForAnimatorState) work on small interfaces instead (see
//     BoolSetter, Triggerer, Activator, StateChecker).
//
// Nodes hold their own run state (the active child, a Wait's deadline) and
// are not safe for concurrent use; tick a tree from one goroutine.
package btai
