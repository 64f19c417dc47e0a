-- The seed's TestBT (BTAI, the behavior-tree builder of Unity's 2D Game
-- Kit): if the target is visible, Aim and Shoot; otherwise Walk, wait
-- 5 s, Turn, wait 1 s, Turn. The host ticks the returned root every frame
-- (Unity's Update calling aiRoot.Tick()); each line shows the tick number
-- and the tree clock, so the trace is the seed's tick by tick: a Sequence
-- runs one child per tick, Wait(5.0) is 300 ticks at 60 Hz, and the Root
-- moves on to its next child within the same tick when one fails.
--   btlua scripts/testbt.lua
-- C# (the seed)          Lua
--   Debug.Log(...)          print (with the tick number)
--   Random.Range(0, 2)      the scripted list `visible` below, so that the
--                           output is the same on every run

local function log(msg)
    print(string.format("tick %4d  %6.3f s  %s", BT.Frame(), BT.Time(), msg))
end

local function Turn() log("Turn") end
local function Walk() log("Walk") end
local function Shoot() log("Shoot") end
local function Aim() log("Aim") end

-- TestVisibleTarget's "random" results, in order (then again from the top).
local visible = { false, true, false }
local tests = 0

local function TestVisibleTarget()
    tests = tests + 1
    local isSuccess = visible[(tests - 1) % #visible + 1]
    log("TestVisibleTarget Result: " .. tostring(isSuccess))
    return isSuccess
end

-- Not in the seed: a third child of the root, added so that the batch run
-- ends. It counts the passes of the root over its children and, after the
-- third, terminates the tree (the host then stops ticking it). It is a
-- Sequence, not BT.If(done):OpenBranch(BT.Terminate()): BTAI's If is a
-- Block, and Blocks treat Abort like Success, so a Terminate under an If
-- would not stop the tree. The Sequence passes the Abort up to the Root.
local passes = 0
local function done()
    passes = passes + 1
    if passes < 3 then
        log("pass " .. passes .. " complete")
        return false
    end
    log("pass " .. passes .. " complete: Terminate on the next tick")
    return true
end

local aiRoot = BT.Root()
aiRoot:OpenBranch(
    BT.If(TestVisibleTarget):OpenBranch(
        BT.Call(Aim),
        BT.Call(Shoot)
    ),
    BT.Sequence():OpenBranch(
        BT.Call(Walk),
        BT.Wait(5.0),
        BT.Call(Turn),
        BT.Wait(1.0),
        BT.Call(Turn)
    ),
    BT.Sequence():OpenBranch(
        BT.Condition(done),
        BT.Terminate()
    )
)
return aiRoot
