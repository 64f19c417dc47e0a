-- A Sequence over an action that runs three ticks, then a log: the log
-- waits for the action ("22" x3, then "This is log!!!").
--   btlua scripts/sequence_running.lua
local counter = require("lib.counter")

local sequence = BTSequence:New()
sequence.name = "sequence"
local log = BTLog:New("This is log!!!")
log.name = "log"
sequence:AddChild(counter.ThreeTickAction())
sequence:AddChild(log)

local tree = BTBehaviorTree:New()
tree:SetStartTask(sequence)
return tree
