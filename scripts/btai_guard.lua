-- The other BTAI nodes, in one guard: Repeat, Wait, the Animator and
-- GameObject nodes recast as method calls on Lua tables (SetBool,
-- Trigger, WaitForAnimatorState, SetActive), While over a RunCoroutine,
-- a shuffling Selector, a weighted RandomSequence, Log and Terminate.
-- The random source is scripted (BT.SetRandom) so the output is the same
-- on every run; each line shows the tick number.
--   btlua scripts/btai_guard.lua

local function log(msg)
    print(string.format("tick %3d  %s", BT.Frame(), msg))
end

-- Draws for the Selector shuffle and the RandomSequence picks: each call
-- gets the next number, math.random style (1..n). The Selector draws
-- twice when it starts (shuffling 3 children); the RandomSequence draws
-- before its first tick and again after each child ends.
local draws = { 1, 1, 4, 1 }
BT.SetRandom(function(n)
    local d = table.remove(draws, 1)
    log("draw " .. d .. " of 1.." .. n)
    return d
end)

-- Stand-ins for Unity's Animator and GameObject: any table (or Go object)
-- with these methods works.
local animator = { state = "Idle", polls = 0 }
function animator:SetBool(name, value) log("animator.SetBool(" .. name .. ", " .. tostring(value) .. ")") end
function animator:SetTrigger(name)
    log("animator.SetTrigger(" .. name .. ")")
    self.next = name
end
function animator:ResetTrigger(name) log("animator.ResetTrigger(" .. name .. ")") end
function animator:IsInState(name, layer)
    -- the state changes on the third poll after the trigger
    self.polls = self.polls + 1
    if self.next and self.polls >= 3 then self.state, self.next = self.next, nil end
    log("animator.IsInState(" .. name .. ", " .. layer .. ") = " .. tostring(self.state == name))
    return self.state == name
end
local gate = {}
function gate:SetActive(active) log("gate.SetActive(" .. tostring(active) .. ")") end

local hp = 2
local function look(where, seen)
    return BT.Condition(function()
        log("look " .. where .. ": " .. (seen and "intruder" or "nothing"))
        return seen
    end)
end

local root = BT.Root()
root:OpenBranch(
    BT.Log("guard wakes up"),
    BT.Repeat(2):OpenBranch(
        BT.Call(function() log("patrol step") end),
        BT.Wait(0.05)                               -- 3 ticks at 60 Hz
    ),
    BT.SetBool(animator, "Alert", true),
    BT.Trigger(animator, "Attack"),
    BT.WaitForAnimatorState(animator, "Attack"),
    BT.While(function() return hp > 0 end):OpenBranch(
        BT.RunCoroutine(function()
            log("swing")
            coroutine.yield()                       -- Continue
            coroutine.yield(BTState.Continue)
            hp = hp - 1
            log("hit, hp " .. hp)                   -- returning: Success
        end)
    ),
    BT.Trigger(animator, "Attack", false),
    -- shuffled at its start: draws 1 of 1..3 and 1 of 1..2 turn
    -- left, right, behind into right, behind, left (one look per tick)
    BT.Selector(true):OpenBranch(look("left", false), look("right", false), look("behind", true)),
    -- weights 1 and 3: draw 4 of 1..4 is choice 3, which picks rest
    BT.RandomSequence({ 1, 3 }):OpenBranch(
        BT.Call(function() log("taunt") end),
        BT.Call(function() log("rest") end)
    ),
    BT.SetActive(gate, true),
    BT.Terminate()                                  -- the root terminates: the run ends
)
return root
