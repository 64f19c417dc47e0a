-- btlua BTAI builder: LuaLS annotations for require("btai") and for the
-- BT and BTState globals that the Go binding (lua/btailib) creates when
-- the host opens BTAI as globals (btlua does), after BTAI.cs of Unity's 2D
-- Game Kit. This file has no behaviour of its own; it runs at startup.
--
--   local BT = require("btai")
--   local root = BT.Root()
--   root:OpenBranch(
--       BT.If(TestVisibleTarget):OpenBranch(BT.Call(Aim), BT.Call(Shoot)),
--       BT.Sequence():OpenBranch(BT.Call(Walk), BT.Wait(5.0), BT.Call(Turn))
--   )
--   return root -- the host ticks it every frame, like Unity's Update

---@alias BTStateValue "Failure"|"Success"|"Continue"|"Abort"

---The result of a node's Tick (BTAI's enum BTState). The values are
---strings, so they are never mistaken for BTTaskStatus numbers.
---@class BTStateTable
---@field Failure BTStateValue the node did not do its job
---@field Success BTStateValue the node did its job
---@field Continue BTStateValue not done: the parent ticks it again next time
---@field Abort BTStateValue stop the tree: Sequence and Selector pass it up, the Root terminates (Blocks such as If treat it like Success, as in BTAI)
BTState = BTState

---Any BTAI node.
---@class BTNode
---@field Tick fun(self: BTNode): BTStateValue one tick (BTAI's Tick)
---@field OpenBranch fun(self: BTNode, ...: BTNode): BTNode branches only; a leaf raises an error

---A node with children: BT.Root, BT.Sequence, BT.Selector,
---BT.RandomSequence, BT.If, BT.While, BT.Repeat.
---@class BTBranch: BTNode
---@field OpenBranch fun(self: BTBranch, ...: BTNode): BTBranch append children, return the node; node.OpenBranch(a, b) works too
---@field Do fun(self: BTBranch, ...: BTNode): BTBranch the seed's older name of OpenBranch
---@field ResetChildren fun(self: BTBranch) active child back to 0, recursively; closes suspended coroutines below
---@field ActiveChild fun(self: BTBranch): integer 0-based index of the active child, as in BTAI (-1: a RandomSequence that has not picked yet)
---@field ChildCount fun(self: BTBranch): integer

---The top of a BTAI tree, and also a btlib task: `return root` lets the
---host tick it every frame (Continue and Success -> Running, Abort ->
---Failure and the tree completes). Within one tick it runs children until
---one returns Continue; a whole pass returns Success.
---@class BTRoot: BTBranch, BTAction
---@field OpenBranch fun(self: BTRoot, ...: BTNode): BTRoot
---@field Do fun(self: BTRoot, ...: BTNode): BTRoot
---@field Tick fun(self: BTRoot): BTStateValue one BTAI tick by hand (the clock is BT.Time(); see BT.SetTime)
---@field Terminate fun(self: BTRoot) terminate for good (every later Tick returns Abort)
---@field IsTerminated fun(self: BTRoot): boolean

---The node factories (BTAI's static class BT), the clock and the random
---source: require("btai"), and the global BT. BT.X(...) and BT:X(...) both
---work.
---@class BTFactory
---@field State BTStateTable the states (the global BTState)
---@field Root fun(): BTRoot
---@field Sequence fun(): BTBranch one child per tick; Failure or Abort of a child restarts it
---@field Selector fun(shuffle: boolean?): BTBranch one child per tick until one succeeds; with shuffle the children are shuffled at the start of each run
---@field RandomSequence fun(weights: integer[]?): BTBranch runs one randomly picked child (weight 1 when missing) and picks again when it ends
---@field If fun(fn: fun(): boolean, name?: string): BTBranch fn once per run; true: run the children (as a block), false: Failure
---@field While fun(fn: fun(): boolean, name?: string): BTBranch fn every tick; true: one step of the children, Continue; false: reset, Failure
---@field Condition fun(fn: fun(): boolean, name?: string): BTNode Success when fn() is true, else Failure
---@field Call fun(fn: fun(), name?: string): BTNode calls fn, Success
---@field Repeat fun(count: integer): BTBranch runs the children count times over, then Success
---@field Wait fun(seconds: number): BTNode Continue until seconds of the tree clock have passed since its first tick, then Success
---@field RunCoroutine fun(fn: fun(), name?: string): BTNode runs fn as a coroutine, one resume per tick: yield nothing or BTState.Continue to go on, yield another BTState to end with it; returning ends with Success. pcall inside is fine, but do not yield inside a pcall (gopher-lua cannot yield across pcall)
---@field Terminate fun(): BTNode Abort
---@field Log fun(msg: string): BTNode prints msg, Success
---@field SetBool fun(obj: table|userdata, name: string, value: boolean): BTNode calls obj:SetBool(name, value), Success (Unity's Animator.SetBool)
---@field Trigger fun(obj: table|userdata, name: string, set: boolean?): BTNode calls obj:SetTrigger(name) (set, the default) or obj:ResetTrigger(name), Success
---@field SetActive fun(obj: table|userdata, active: boolean): BTNode calls obj:SetActive(active), Success (Unity's GameObject.SetActive)
---@field WaitForAnimatorState fun(obj: table|userdata, name: string, layer: integer?): BTNode Continue until obj:IsInState(name, layer) is true, then Success
---@field SetRandomSeed fun(seed: integer) reproducible shuffles and picks
---@field SetRandom fun(fn: (fun(n: integer): integer)?) fn(n) returns an integer in 1..n (math.random works); nil restores the built-in source
---@field SetTime fun(seconds: number, frame: integer?) the clock of trees ticked by hand
---@field Time fun(): number the clock in seconds: the time of the tree ticking the root (Unity's Time.time)
---@field Frame fun(): integer the tick number of the tree ticking the root (Unity's Time.frameCount)
BT = BT

---@type BTFactory
local btai = require("btai")
return btai
