-- btlua behavior-tree library: the Lua half of the classes that the Go
-- binding creates (lua/btlib), with LuaLS annotations for editors.
-- The classes follow the Lua behavior-tree series (after Behavior
-- Designer): every class is a plain table, instances are made with
-- Class:New() or with the series' own pattern
--   function X:New() local o = {}; setmetatable(o, self); self.__index = self; return o end

---@alias BTStatus integer

---Task statuses (Behavior Designer's TaskStatus values).
---@class BTTaskStatus
---@field Inactive BTStatus 0: not run yet, or reset
---@field Failure BTStatus 1: the run ended and failed
---@field Success BTStatus 2: the run ended and succeeded
---@field Running BTStatus 3: the run goes on next tick
BTTaskStatus = BTTaskStatus


-- The task classes (BTTask, BTParentTask, BTSequence, ...) are annotated
-- in bt_classes.lua, generated from their Go declarations; their methods
-- written in Lua follow.

---Whether the task has any child.
---@return boolean
function BTParentTask:HasChild()
    local kids = self.childTasks
    return kids ~= nil and #kids > 0
end

---The next child to run (the series' GetNextChild): advances
---currentChildIndex and returns that child, or nil after the last.
---@return BTTask?
function BTParentTask:GetNextChild()
    local kids = self.childTasks
    if kids ~= nil and #kids >= self.currentChildIndex + 1 then
        self.currentChildIndex = self.currentChildIndex + 1
        return kids[self.currentChildIndex]
    end
    return nil
end

---Rewinds a Lua composite to its first child.
function BTParentTask:Reset()
    self.currentChildIndex = 0
    self.currentChildTask = nil
end

---Conditional abort types (Behavior Designer): which conditionals a running
---composite re-evaluates every tick.
---@class BTAbortType
---@field None integer 0: never re-evaluated
---@field Self integer 1: conditionals of this composite's running branch (children that ran before the running one, and the running child's first conditional); a parallel watches all its children
---@field LowerPriority integer 2: this composite's conditionals, while a later branch of its parent runs; only branches before the running child are watched, and a parallel parent watches none
---@field Both integer 3: Self and LowerPriority
BTAbortType = BTAbortType


---Task execution types (Behavior Designer's): whether BTRepeater,
---BTUntilSuccess and BTUntilFailure may run their child again within one
---tick. Set per tree with tree:SetExecutionType; the host gives the default.
---@class BTExecutionType
---@field NoDuplicates integer 0, the default: a child that completed runs again on the next tick (the decorator returns Running), so no task runs twice in a tick
---@field Count integer 1: the child runs again at once, in the same tick, while the tree has made fewer task executions (Ticks of tasks) in this tick than its cap (default 100); at the cap the decorator returns Running and goes on next tick
BTExecutionType = BTExecutionType

---A behavior tree: owns a start task and ticks it.
---@class BTBehaviorTree
---@field name string? names the tree in traces and errors
---@field New fun(self: BTBehaviorTree): BTBehaviorTree
---@field PushTask fun(self: BTBehaviorTree, task: BTTask) set the start task
---@field SetStartTask fun(self: BTBehaviorTree, task: BTTask) set the start task
---@field GetStartTask fun(self: BTBehaviorTree): BTTask?
---@field Tick fun(self: BTBehaviorTree, dt: number?): BTStatus one tick, dt in seconds
---@field GetStatus fun(self: BTBehaviorTree): BTStatus
---@field IsComplete fun(self: BTBehaviorTree): boolean
---@field Halt fun(self: BTBehaviorTree) end the running tasks (OnEnd, deepest first)
---@field SetRestartWhenComplete fun(self: BTBehaviorTree, restart: boolean)
---@field SetExecutionType fun(self: BTBehaviorTree, executionType: integer, max: integer?) a BTExecutionType value; max (a whole number >= 1) caps the task executions per tick under Count; absent keeps the current cap
---@field GetExecutionType fun(self: BTBehaviorTree): integer, integer the BTExecutionType value and the cap of task executions per tick
---@field GetTime fun(self: BTBehaviorTree): number the tree clock, seconds
---@field GetVariable fun(self: BTBehaviorTree, name: string): any blackboard read
---@field SetVariable fun(self: BTBehaviorTree, name: string, value: any) blackboard write (nil deletes)
---@field Render fun(self: BTBehaviorTree): string the tree as indented text: name (class) last status, a BT.Root's BTAI nodes below it
BTBehaviorTree = BTBehaviorTree

---A composite precondition, after the warrior design: BTPrecondition:New(fn)
---holds when fn() is true. Given another precondition instead of a function
---it takes that precondition's function (the design's copy constructor, so
---BTPrecondition:New(BTPreconditionNOT:New(f)) holds when f() is true).
---@class BTPrecondition
---@field fn (fun(): boolean)?
BTPrecondition = {}
BTPrecondition.__index = BTPrecondition

-- (btlib does the same in Go once this file is loaded, precondition_new.go;
-- this is its reference.)
---@param x (fun(): boolean)|BTPrecondition|nil
---@return BTPrecondition
function BTPrecondition:New(x)
    local fn = x
    if type(x) == "table" then
        fn = x.fn
    end
    -- A constructor with the field sizes the table for one key (o = {}
    -- then o.fn = fn would give it gopher-lua's 32-entry default).
    local o = { fn = fn }
    setmetatable(o, self)
    self.__index = self
    return o
end

---Whether the precondition holds (false without a function).
---@return boolean
function BTPrecondition:Check()
    if self.fn == nil then
        return false
    end
    return self.fn() and true or false
end

---The negation: BTPreconditionNOT:New(fn) holds when fn() is false (and
---never without a function).
---@class BTPreconditionNOT: BTPrecondition
BTPreconditionNOT = BTPrecondition:New()

---@return boolean
function BTPreconditionNOT:Check()
    if self.fn == nil then
        return false
    end
    return not self.fn()
end

---The module require("bt"): the classes without their BT prefix
---(bt.Sequence, bt.TaskStatus, ...) and the global variables, the scope
---behind every tree's blackboard.
---@class btmodule: btclasses
---@field Status BTTaskStatus
---@field AbortType BTAbortType
---@field ExecutionType BTExecutionType
---@field BehaviorTree BTBehaviorTree
---@field Precondition BTPrecondition
---@field PreconditionNOT BTPreconditionNOT
---@field GetGlobalVariable fun(name: string): any
---@field SetGlobalVariable fun(name: string, value: any) nil deletes
---@field Variable fun(parentName: string): BTVariable for a tree reference's variables: the subtree's variable is the parent's parentName

---A remap of a tree reference's variable (bt.Variable("enemy")).
---@class BTVariable
---@field name string the parent's variable

---@type btmodule
local bt = require("bt")
bt.Precondition = BTPrecondition
bt.PreconditionNOT = BTPreconditionNOT
return bt
