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
---@field GetVariable fun(self: BTTask, name: string): any read a variable of the task's tree (falls back to the global variables)
---@field SetVariable fun(self: BTTask, name: string, value: any) write a variable of the task's tree (nil deletes)
---@field Render fun(self: BTTask): string the subtree as indented text: name (class) last status
---@field GetTime fun(self: BTTask): number the clock of the task's tree, seconds (0 before it runs in a tree)
---@field GetTickCount fun(self: BTTask): integer how many times the task's tree has ticked
---@field GetPriority (fun(self: BTTask): number)? define it to rank the task under a BTPrioritySelector (read when the selector starts)
---@field GetUtility (fun(self: BTTask): number)? define it to score the task under a BTUtilitySelector (read every tick)
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

---Conditional abort types (Behavior Designer): which conditionals a running
---composite re-evaluates every tick.
---@class BTAbortType
---@field None integer 0: never re-evaluated
---@field Self integer 1: conditionals of this composite's running branch (children that ran before the running one, and the running child's first conditional); a parallel watches all its children
---@field LowerPriority integer 2: this composite's conditionals, while a later branch of its parent runs; only branches before the running child are watched, and a parallel parent watches none
---@field Both integer 3: Self and LowerPriority
BTAbortType = BTAbortType

---A composite. A Lua class derived from it defines OnUpdate and ticks its
---children itself, or Behavior Designer's ParentTask protocol: CanExecute()
---and optionally CurrentChildIndex() (1-based), OnChildStarted(index),
---OnChildExecuted(index, status), OverrideStatus(status),
---OnConditionalAbort(index).
---@class BTComposite: BTParentTask
---@field AddCondition fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any) a precondition, checked before the composite starts and every tick it runs; when one fails the composite ends its running child and fails (the warrior design). Given a variable name it is tested in Go without calling Lua: AddCondition("hasTarget") (truthy), AddCondition("health", "<", 30) (==, ~=, <, <=, >, >=); a missing variable or one of the wrong type is an error
---@field AddConditionNot fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any) the negation of AddCondition's precondition
---@field SetAbortType fun(self: BTComposite, abort: integer) a BTAbortType value; set it before the composite runs
BTComposite = BTComposite
---Takes exactly one child (AddChild); a built-in decorator ticked without it is an error naming the line that made it.
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
---Succeeds on the first child success and ends the others; fails when all failed.
---@class BTParallelSelector: BTComposite
BTParallelSelector = BTParallelSelector
---Ends with the status of the first child to finish, ending the others.
---@class BTParallelComplete: BTComposite
BTParallelComplete = BTParallelComplete
---A Sequence in a random order drawn at each run: BTRandomSequence:New(seed?, weights?).
---@class BTRandomSequence: BTComposite
BTRandomSequence = BTRandomSequence
---A Selector in a random order drawn at each run: BTRandomSelector:New(seed?, weights?).
---@class BTRandomSelector: BTComposite
BTRandomSelector = BTRandomSelector
---A Selector over its children ordered by GetPriority(), highest first.
---@class BTPrioritySelector: BTComposite
BTPrioritySelector = BTPrioritySelector
---Runs the child with the highest GetUtility(), re-evaluated every tick.
---@class BTUtilitySelector: BTComposite
BTUtilitySelector = BTUtilitySelector
---Success becomes Failure and Failure Success.
---@class BTInverter: BTDecorator
BTInverter = BTInverter
---Runs its child count times (BTRepeater:New(count, endOnFailure)); no count or 0: forever.
---@class BTRepeater: BTDecorator
BTRepeater = BTRepeater
---Runs its child until it succeeds: BTUntilSuccess:New(maxAttempts?).
---@class BTUntilSuccess: BTDecorator
BTUntilSuccess = BTUntilSuccess
---Runs its child until it fails: BTUntilFailure:New(maxSuccesses?).
---@class BTUntilFailure: BTDecorator
BTUntilFailure = BTUntilFailure
---Always succeeds once the child ends.
---@class BTReturnSuccess: BTDecorator
BTReturnSuccess = BTReturnSuccess
---Always fails once the child ends.
---@class BTReturnFailure: BTDecorator
BTReturnFailure = BTReturnFailure
---Holds the child's result for a cooldown: BTCooldown:New(seconds); seconds is required.
---@class BTCooldown: BTDecorator
BTCooldown = BTCooldown
---Fails the child when it runs longer than BTTimeout:New(seconds); seconds is required.
---@class BTTimeout: BTDecorator
BTTimeout = BTTimeout
---Can be interrupted by a BTPerformInterruption.
---@class BTInterrupt: BTDecorator
BTInterrupt = BTInterrupt
---Ends the given BTInterrupts with a status: BTPerformInterruption:New(status, interrupt...).
---@class BTPerformInterruption: BTAction
BTPerformInterruption = BTPerformInterruption
---Runs its child while a conditional task holds: BTConditionalEvaluator:New(conditionTask, reevaluate?).
---@class BTConditionalEvaluator: BTDecorator
BTConditionalEvaluator = BTConditionalEvaluator
---Running until the tree clock has advanced by BTWait:New(seconds), or by a random time: BTWait:New(min, max, seed?). The seconds are required.
---@class BTWait: BTAction
BTWait = BTWait
---Always Running.
---@class BTIdle: BTAction
BTIdle = BTIdle
---A conditional from a function: BTCondition:New(function(task) return ok end). BTCondition:New() makes a class: define OnUpdate in it.
---@class BTCondition: BTConditional
BTCondition = BTCondition
---A conditional testing a tree variable in Go: BTCompare:New("health", "<", 30) (==, ~=, <, <=, >, >=), or BTCompare:New("hasTarget") (truthy). Success when the test holds, else Failure.
---@class BTCompare: BTConditional
BTCompare = BTCompare
---An action setting a tree variable in Go and succeeding: BTSetVariable:New("alert", true); a nil value deletes it.
---@class BTSetVariable: BTAction
BTSetVariable = BTSetVariable
---An action adding to a number variable in Go and succeeding: BTIncrement:New("count", 1) (by defaults to 1); the variable must be set to a number.
---@class BTIncrement: BTAction
BTIncrement = BTIncrement
---An action whose body runs as a coroutine across ticks: BTCoroutine:New(function(task) ... end).
---Yield a BTTaskStatus (or nothing: Running) each tick; return to succeed.
---A yield inside pcall or xpcall raises "attempt to yield across metamethod/C-call boundary" (PUC Lua 5.1).
---@class BTCoroutine: BTAction
BTCoroutine = BTCoroutine

---Prints its message and succeeds: BTLog:New("hello world!").
---@class BTLog: BTAction
BTLog = BTLog
---Runs a function each tick: BTActionUniversal:New(owner, fn); fn(owner) returns a BTTaskStatus. BTActionUniversal:New() makes a class: define OnUpdate in it.
---@class BTActionUniversal: BTAction
BTActionUniversal = BTActionUniversal

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
---@field Render fun(self: BTBehaviorTree): string the tree as indented text: name (class) last status
BTBehaviorTree = BTBehaviorTree

---A composite precondition, after the warrior design: BTPrecondition:New(fn)
---holds when fn() is true. Given another precondition instead of a function
---it takes that precondition's function (the design's copy constructor, so
---BTPrecondition:New(BTPreconditionNOT:New(f)) holds when f() is true).
---@class BTPrecondition
---@field fn (fun(): boolean)?
BTPrecondition = {}
BTPrecondition.__index = BTPrecondition

---@param x (fun(): boolean)|BTPrecondition|nil
---@return BTPrecondition
function BTPrecondition:New(x)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    if type(x) == "table" then
        o.fn = x.fn
    else
        o.fn = x
    end
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
---@class btmodule
---@field GetGlobalVariable fun(name: string): any
---@field SetGlobalVariable fun(name: string, value: any) nil deletes

local bt = require("bt")
bt.Precondition = BTPrecondition
bt.PreconditionNOT = BTPreconditionNOT
