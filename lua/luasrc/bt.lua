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

---Base of every task. Override the lifecycle methods in a derived class;
---the Go core calls them: OnAwake once, OnStart when a run begins, OnUpdate
---every tick (return a BTTaskStatus), OnEnd when the run ends or a parent
---ends it early, OnReset on reset.
---@class BTTask
---@field name string? display name (paths, traces, errors)
---@field index integer 1-based position under the parent (set by AddChild)
---@field layer integer depth in the tree (set by AddChild)
---@field parent BTParentTask? the parent task (set by AddChild)
---@field root BTTask? the root task, when the parent knows it
---@field New fun(self: BTTask, ...): BTTask make an instance (or a subclass)
---@field OnAwake fun(self: BTTask)
---@field OnStart fun(self: BTTask)
---@field OnUpdate fun(self: BTTask): BTStatus called from a Lua composite it runs a whole tick of the child (start, update, end)
---@field OnEnd fun(self: BTTask)
---@field OnReset fun(self: BTTask)
---@field Tick fun(self: BTTask): BTStatus one tick with the lifecycle
---@field GetStatus fun(self: BTTask): BTStatus status of the last tick
---@field IsStarted fun(self: BTTask): boolean whether a run is under way
---@field GetPath fun(self: BTTask): string path in the tree, e.g. "Tree/BTSequence[0]/Attack[1]"
BTTask = BTTask

---A task with children: Composites and Decorators.
---@class BTParentTask: BTTask
---@field childTasks BTTask[] the children, in order (filled by AddChild)
---@field currentChildIndex integer index of the child run last (series' GetNextChild)
---@field currentChildTask BTTask? the child being run by a Lua composite
---@field AddChild fun(self: BTParentTask, task: BTTask) errors on a non-task, on the task itself or an ancestor, on a task that has a parent already
---@field GetChildCount fun(self: BTParentTask): integer
BTParentTask = BTParentTask

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

---@class BTComposite: BTParentTask
BTComposite = BTComposite
---@class BTDecorator: BTParentTask
BTDecorator = BTDecorator
---@class BTAction: BTTask
BTAction = BTAction
---@class BTConditional: BTTask
BTConditional = BTConditional
---Runs children in order until one fails; Success goes on in the same tick.
---@class BTSequence: BTComposite
BTSequence = BTSequence
---Runs children in order until one succeeds.
---@class BTSelector: BTComposite
BTSelector = BTSelector
---Ticks every unfinished child each tick; fails at the first Failure.
---@class BTParallel: BTComposite
BTParallel = BTParallel
---Prints its message and succeeds: BTLog:New("hello world!").
---@class BTLog: BTAction
BTLog = BTLog
---Runs a function each tick: BTActionUniversal:New(owner, fn); fn(owner) returns a BTTaskStatus.
---@class BTActionUniversal: BTAction
BTActionUniversal = BTActionUniversal

---A behavior tree: owns a start task and ticks it.
---@class BTBehaviorTree
---@field name string?
---@field New fun(self: BTBehaviorTree): BTBehaviorTree
---@field PushTask fun(self: BTBehaviorTree, task: BTTask) set the start task
---@field SetStartTask fun(self: BTBehaviorTree, task: BTTask) set the start task
---@field GetStartTask fun(self: BTBehaviorTree): BTTask?
---@field Tick fun(self: BTBehaviorTree, dt: number?): BTStatus one tick, dt in seconds
---@field GetStatus fun(self: BTBehaviorTree): BTStatus
---@field IsComplete fun(self: BTBehaviorTree): boolean
---@field Halt fun(self: BTBehaviorTree) end the running tasks (OnEnd, deepest first)
---@field SetRestartWhenComplete fun(self: BTBehaviorTree, restart: boolean)
---@field GetTime fun(self: BTBehaviorTree): number the tree clock, seconds
---@field GetVariable fun(self: BTBehaviorTree, name: string): any blackboard read
---@field SetVariable fun(self: BTBehaviorTree, name: string, value: any) blackboard write (nil deletes)
BTBehaviorTree = BTBehaviorTree
