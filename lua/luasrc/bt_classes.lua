---@meta
-- Code generated from the btlib.Class declarations by go generate ./lua/luasrc; DO NOT EDIT.
-- LuaLS annotations of the task classes: base class, constructor arguments, Go methods.

---Base of every task. Override the lifecycle methods in a derived class; the
---Go core calls them: OnAwake once, OnStart when a run begins, OnUpdate every
---tick (return a BTTaskStatus), OnEnd when the run ends or a parent ends it
---early, OnReset when Go code resets the task (bt.Reset; no tick, halt or
---reload does: in Behavior Designer it is the editor's reset).
---@class BTTask
---@field name string? display name (paths, traces, errors)
---@field index integer the series' field: set by the AddChild of a parent class written in Lua (the built-in AddChild leaves it alone: use GetIndex)
---@field layer integer the series' field (0 on BTTask): set by the AddChild of a parent class written in Lua (use GetLayer)
---@field parent BTParentTask? the series' field: set by the AddChild of a parent class written in Lua (use GetParent)
---@field root BTTask? the series' field (use GetRoot)
---@field GetParent fun(self: BTTask): BTParentTask? the parent in the tree, or nil
---@field GetIndex fun(self: BTTask): integer 1-based position under the parent; 0 without one
---@field GetLayer fun(self: BTTask): integer depth in the tree: 0 for a root
---@field GetRoot fun(self: BTTask): BTTask the topmost ancestor (the task itself without a parent)
---@field OnAwake fun(self: BTTask)
---@field OnStart fun(self: BTTask)
---@field OnUpdate fun(self: BTTask): BTStatus called from a Lua composite it runs a whole tick of the child (start, update, end); called from the task's own OnUpdate override, the built-in one
---@field OnEnd fun(self: BTTask)
---@field OnReset fun(self: BTTask) called by bt.Reset from Go only; a run never calls it
---@field Tick fun(self: BTTask): BTStatus one tick with the lifecycle
---@field GetStatus fun(self: BTTask): BTStatus status of the last tick
---@field IsStarted fun(self: BTTask): boolean whether a run is under way
---@field GetPath fun(self: BTTask): string path in the tree, e.g. "Tree/BTSequence[1]/Attack[2]"
---@field GetVariable fun(self: BTTask, name: string): any read a variable of the task's tree (falls back to the global variables)
---@field SetVariable fun(self: BTTask, name: string, value: any) write a variable of the task's tree (nil deletes)
---@field Render fun(self: BTTask): string the subtree as indented text: name (class) last status, a BT.Root's BTAI nodes below it
---@field GetTime fun(self: BTTask): number the clock of the task's tree, seconds (0 before it runs in a tree)
---@field GetTickCount fun(self: BTTask): integer how many times the task's tree has ticked
---@field GetPriority (fun(self: BTTask): number)? define it to rank the task under a BTPrioritySelector (read when the selector starts)
---@field GetUtility (fun(self: BTTask): number)? define it to score the task under a BTUtilitySelector (read every tick)
BTTask = {}

---Makes an instance of BTTask, or a class derived from it (X = BTTask:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTTask.New(self) end

---Base of leaf tasks that act on the world (Behavior Designer's Action);
---succeeds unless OnUpdate is overridden.
---@class BTAction: BTTask
BTAction = {}

---Makes an instance of BTAction, or a class derived from it (X = BTAction:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTAction.New(self) end

---A task with children: Composites and Decorators.
---@class BTParentTask: BTTask
---@field childTasks BTTask[] the children, in order: for a built-in parent a read-only view of its children in the tree (#, [i], ipairs, pairs), there from its first AddChild; pairs over the task does not list it, and rawget(task, "childTasks") is nil for a composite or decorator New made (its class answers the read), the view for one whose table had fields at its first AddChild and for a BTParentTask, BTComposite or BTDecorator itself
---@field currentChildIndex integer index of the child run last (series' GetNextChild)
---@field currentChildTask BTTask? the child being run by a Lua composite
---@field AddChild fun(self: BTParentTask, task: BTTask) errors on a non-task, on the task itself or an ancestor, on a task that has a parent already
---@field GetChildCount fun(self: BTParentTask): integer
---@field GetChild fun(self: BTParentTask, index: integer): BTTask? child index (1-based), or nil
BTParentTask = {}

---Makes an instance of BTParentTask, or a class derived from it (X = BTParentTask:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTParentTask.New(self) end

---A composite. A Lua class derived from it defines OnUpdate and ticks its
---children itself, or Behavior Designer's ParentTask protocol: CanExecute()
---and optionally CurrentChildIndex() (1-based), OnChildStarted(index),
---OnChildExecuted(index, status), OverrideStatus(status),
---OnConditionalAbort(index).
---@class BTComposite: BTParentTask
---@field AddCondition fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any) a precondition, checked before the composite starts and every tick it runs; when one fails the composite ends its running child and fails (the warrior design). Given a variable name it is tested in Go without calling Lua: AddCondition("hasTarget") (truthy), AddCondition("health", "<", 30) (==, ~=, <, <=, >, >=); a missing variable or one of the wrong type is an error
---@field AddConditionNot fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any) the negation of AddCondition's precondition
---@field SetAbortType fun(self: BTComposite, abort: integer) a BTAbortType value; set it before the composite runs
BTComposite = {}

---Makes an instance of BTComposite, or a class derived from it (X = BTComposite:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTComposite.New(self) end

---Base of leaf tasks that test the world (Behavior Designer's Conditional):
---conditional aborts re-evaluate them; succeeds unless OnUpdate is overridden.
---@class BTConditional: BTTask
BTConditional = {}

---Makes an instance of BTConditional, or a class derived from it (X = BTConditional:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTConditional.New(self) end

---Takes exactly one child (AddChild); a built-in decorator ticked without it
---is an error naming the line that made it.
---@class BTDecorator: BTParentTask
BTDecorator = {}

---Makes an instance of BTDecorator, or a class derived from it (X = BTDecorator:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTDecorator.New(self) end

---Calls fn(owner) each tick and returns the BTTaskStatus it returns (the
---series' BTActionUniversal). BTActionUniversal:New() makes a class: define
---OnUpdate in it.
---@class BTActionUniversal: BTAction
BTActionUniversal = {}

---Makes an instance of BTActionUniversal, or a class derived from it (X = BTActionUniversal:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param owner? any the value fn is called with
---@param fn? function fun(owner): BTStatus; required when owner is given
---@return T
function BTActionUniversal.New(self, owner, fn) end

---A conditional from a function: succeeds when fn(task) returns true (or
---BTTaskStatus.Success), fails otherwise. BTCondition:New() makes a class:
---define OnUpdate in it.
---@class BTCondition: BTConditional
BTCondition = {}

---Makes an instance of BTCondition, or a class derived from it (X = BTCondition:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param fn? function fun(task): boolean; required when any argument is given
---@return T
function BTCondition.New(self, fn) end

---Runs its child while a conditional task holds, evaluated before the child
---starts and, with reevaluate, every tick (Behavior Designer's Conditional
---Evaluator).
---@class BTConditionalEvaluator: BTDecorator
BTConditionalEvaluator = {}

---Makes an instance of BTConditionalEvaluator, or a class derived from it (X = BTConditionalEvaluator:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param condition? BTTask the conditional task; required before the task runs
---@param reevaluate? boolean evaluate the condition every tick, not only before the child starts (default true)
---@return T
function BTConditionalEvaluator.New(self, condition, reevaluate) end

---Runs its child, then holds the child's result for a cooldown on the tree
---clock (Behavior Designer's Cooldown).
---@class BTCooldown: BTDecorator
BTCooldown = {}

---Makes an instance of BTCooldown, or a class derived from it (X = BTCooldown:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param seconds number the cooldown; required (unit: s)
---@return T
function BTCooldown.New(self, seconds) end

---An action whose body runs as a coroutine across ticks: yield a BTTaskStatus
---(or nothing: Running) each tick; return to end the run (Success unless it
---returns Failure). A yield inside pcall or xpcall raises "attempt to yield
---across metamethod/C-call boundary" (PUC Lua 5.1).
---@class BTCoroutine: BTAction
BTCoroutine = {}

---Makes an instance of BTCoroutine, or a class derived from it (X = BTCoroutine:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param fn? function fun(task): BTStatus?, run as a coroutine, one resume per tick
---@return T
function BTCoroutine.New(self, fn) end

---Always Running.
---@class BTIdle: BTAction
BTIdle = {}

---Makes an instance of BTIdle, or a class derived from it (X = BTIdle:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTIdle.New(self) end

---Runs its child; a BTPerformInterruption naming it ends the child and returns
---the status it gives (Behavior Designer's Interrupt).
---@class BTInterrupt: BTDecorator
BTInterrupt = {}

---Makes an instance of BTInterrupt, or a class derived from it (X = BTInterrupt:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTInterrupt.New(self) end

---Success becomes Failure and Failure Success.
---@class BTInverter: BTDecorator
BTInverter = {}

---Makes an instance of BTInverter, or a class derived from it (X = BTInverter:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTInverter.New(self) end

---Prints its message on the library's output and succeeds (the series' BTLog).
---The message is required: BTLog:New() is an error, as the series always gives
---one and Behavior Designer's Log task exists to print its text; BTLog:New("")
---prints an empty line on purpose.
---@class BTLog: BTAction
BTLog = {}

---Makes an instance of BTLog, or a class derived from it (X = BTLog:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param message string the line printed
---@return T
function BTLog.New(self, message) end

---Ticks every unfinished child each tick; fails at the first Failure, succeeds
---when all succeeded (Behavior Designer's Parallel).
---@class BTParallel: BTComposite
BTParallel = {}

---Makes an instance of BTParallel, or a class derived from it (X = BTParallel:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTParallel.New(self) end

---Ends with the status of the first child to finish, ending the others
---(Behavior Designer's Parallel Complete).
---@class BTParallelComplete: BTComposite
BTParallelComplete = {}

---Makes an instance of BTParallelComplete, or a class derived from it (X = BTParallelComplete:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTParallelComplete.New(self) end

---Succeeds on the first child success and ends the others; fails when all
---failed (Behavior Designer's Parallel Selector).
---@class BTParallelSelector: BTComposite
BTParallelSelector = {}

---Makes an instance of BTParallelSelector, or a class derived from it (X = BTParallelSelector:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTParallelSelector.New(self) end

---Ends the given BTInterrupts' children with a status and succeeds (Behavior
---Designer's Perform Interruption).
---@class BTPerformInterruption: BTAction
BTPerformInterruption = {}

---Makes an instance of BTPerformInterruption, or a class derived from it (X = BTPerformInterruption:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param status? BTStatus the status the interrupts return (default BTTaskStatus.Failure)
---@param ... BTTask the BTInterrupt tasks to end
---@return T
function BTPerformInterruption.New(self, status, ...) end

---A Selector over its children ordered by GetPriority(), highest first, read
---when its run starts (Behavior Designer's Priority Selector).
---@class BTPrioritySelector: BTComposite
BTPrioritySelector = {}

---Makes an instance of BTPrioritySelector, or a class derived from it (X = BTPrioritySelector:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTPrioritySelector.New(self) end

---A Selector in a random order drawn at each run (Behavior Designer's Random
---Selector).
---@class BTRandomSelector: BTComposite
BTRandomSelector = {}

---Makes an instance of BTRandomSelector, or a class derived from it (X = BTRandomSelector:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param seed? integer seed of the random order; omitted: a random seed
---@param weights? integer[] the children's weights in the draw, in order; omitted: all equal
---@return T
function BTRandomSelector.New(self, seed, weights) end

---A Sequence in a random order drawn at each run (Behavior Designer's Random
---Sequence).
---@class BTRandomSequence: BTComposite
BTRandomSequence = {}

---Makes an instance of BTRandomSequence, or a class derived from it (X = BTRandomSequence:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param seed? integer seed of the random order; omitted: a random seed
---@param weights? integer[] the children's weights in the draw, in order; omitted: all equal
---@return T
function BTRandomSequence.New(self, seed, weights) end

---Runs its child count times, or forever without a count; when the next run
---starts depends on the tree's execution type (Behavior Designer's Repeater).
---@class BTRepeater: BTDecorator
BTRepeater = {}

---Makes an instance of BTRepeater, or a class derived from it (X = BTRepeater:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param count? integer runs of the child; 0 or omitted: forever (unit: runs; default 0)
---@param endOnFailure? boolean stop and fail when the child fails (default false)
---@return T
function BTRepeater.New(self, count, endOnFailure) end

---Always fails once the child ends.
---@class BTReturnFailure: BTDecorator
BTReturnFailure = {}

---Makes an instance of BTReturnFailure, or a class derived from it (X = BTReturnFailure:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTReturnFailure.New(self) end

---Always succeeds once the child ends.
---@class BTReturnSuccess: BTDecorator
BTReturnSuccess = {}

---Makes an instance of BTReturnSuccess, or a class derived from it (X = BTReturnSuccess:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTReturnSuccess.New(self) end

---Runs children in order until one succeeds (Behavior Designer's Selector).
---@class BTSelector: BTComposite
BTSelector = {}

---Makes an instance of BTSelector, or a class derived from it (X = BTSelector:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTSelector.New(self) end

---Runs children in order until one fails; Success goes on in the same tick
---(Behavior Designer's Sequence).
---@class BTSequence: BTComposite
BTSequence = {}

---Makes an instance of BTSequence, or a class derived from it (X = BTSequence:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTSequence.New(self) end

---Ends its child and fails when the child runs longer than the timeout on the
---tree clock (BehaviorTree.CPP's Timeout).
---@class BTTimeout: BTDecorator
BTTimeout = {}

---Makes an instance of BTTimeout, or a class derived from it (X = BTTimeout:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param seconds number the timeout; required (unit: s)
---@return T
function BTTimeout.New(self, seconds) end

---Runs the tree that the Lua file at path returns (or that its factory
---function returns, given variables) as its child, with its own variable
---scope: a variable the subtree uses and variables does not name is the
---parent's of the same name; variables = { speed = 3 } gives it its own,
---bt.Variable("enemy") remaps it (Behavior Designer's Behavior Tree Reference,
---BehaviorTree.CPP's SubTree).
---@class BTBehaviorTreeReference: BTDecorator
---@field SetTree fun(self: BTBehaviorTreeReference, pathOrTree: string|BTTask|BTBehaviorTree) Replaces the subtree: a running one is ended (cause replaced), the new one starts at the next tick.
BTBehaviorTreeReference = {}

---Makes an instance of BTBehaviorTreeReference, or a class derived from it (X = BTBehaviorTreeReference:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param path string the referenced tree's Lua file, relative to the calling script's folder
---@param variables? any the subtree's own variables (name = starting value) and remaps (name = bt.Variable("parentName"))
---@return T
function BTBehaviorTreeReference.New(self, path, variables) end

---Runs its child until it fails (Behavior Designer's Until Failure).
---@class BTUntilFailure: BTDecorator
BTUntilFailure = {}

---Makes an instance of BTUntilFailure, or a class derived from it (X = BTUntilFailure:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param maxSuccesses? integer succeed after this many successful runs; 0 or omitted: no limit (unit: runs; default 0)
---@return T
function BTUntilFailure.New(self, maxSuccesses) end

---Runs its child until it succeeds (Behavior Designer's Until Success).
---@class BTUntilSuccess: BTDecorator
BTUntilSuccess = {}

---Makes an instance of BTUntilSuccess, or a class derived from it (X = BTUntilSuccess:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param maxAttempts? integer fail after this many failed runs; 0 or omitted: no limit (unit: runs; default 0)
---@return T
function BTUntilSuccess.New(self, maxAttempts) end

---Runs the child with the highest GetUtility(), re-evaluated every tick
---(Behavior Designer's Utility Selector).
---@class BTUtilitySelector: BTComposite
BTUtilitySelector = {}

---Makes an instance of BTUtilitySelector, or a class derived from it (X = BTUtilitySelector:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@return T
function BTUtilitySelector.New(self) end

---Running until the tree clock has advanced by the given seconds, or by a
---random time from min to max drawn at each run; then Success (Behavior
---Designer's Wait).
---@class BTWait: BTAction
BTWait = {}

---Makes an instance of BTWait, or a class derived from it (X = BTWait:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param seconds number the wait; with max, the shortest random wait (min); required (unit: s)
---@param max? number the longest random wait; omitted: wait exactly seconds (unit: s)
---@param seed? integer seed of the random waits; omitted: a random seed
---@return T
function BTWait.New(self, seconds, max, seed) end

---Compares a variable of the tree's blackboard in Go, without calling Lua:
---Success when the test holds, else Failure. BTCompare:New(name) tests that
---the variable is truthy; BTCompare:New(name, op, value) compares it (==, ~=,
---<, <=, >, >=). A missing variable or one of the wrong type is an error.
---@class BTCompare: BTConditional
BTCompare = {}

---Makes an instance of BTCompare, or a class derived from it (X = BTCompare:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param name any the variable
---@param op? any "==", "~=", "<", "<=", ">" or ">="; omitted: truthy
---@param value? any the value compared with
---@return T
function BTCompare.New(self, name, op, value) end

---Sets a variable of the tree's blackboard (nil deletes it) and succeeds, in
---Go without calling Lua.
---@class BTSetVariable: BTAction
BTSetVariable = {}

---Makes an instance of BTSetVariable, or a class derived from it (X = BTSetVariable:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param name any the variable
---@param value? any the value; nil deletes the variable
---@return T
function BTSetVariable.New(self, name, value) end

---Adds a number to a numeric variable of the tree's blackboard and succeeds,
---in Go without calling Lua.
---@class BTIncrement: BTAction
BTIncrement = {}

---Makes an instance of BTIncrement, or a class derived from it (X = BTIncrement:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param name any the variable
---@param by? number the amount added, a finite number (not NaN, ±1/0 or ±math.huge); default 1 (default 1)
---@return T
function BTIncrement.New(self, name, by) end

---The task classes in require("bt"), named without their BT prefix.
---@class btclasses
---@field Task BTTask
---@field Action BTAction
---@field ParentTask BTParentTask
---@field Composite BTComposite
---@field Conditional BTConditional
---@field Decorator BTDecorator
---@field ActionUniversal BTActionUniversal
---@field Condition BTCondition
---@field ConditionalEvaluator BTConditionalEvaluator
---@field Cooldown BTCooldown
---@field Coroutine BTCoroutine
---@field Idle BTIdle
---@field Interrupt BTInterrupt
---@field Inverter BTInverter
---@field Log BTLog
---@field Parallel BTParallel
---@field ParallelComplete BTParallelComplete
---@field ParallelSelector BTParallelSelector
---@field PerformInterruption BTPerformInterruption
---@field PrioritySelector BTPrioritySelector
---@field RandomSelector BTRandomSelector
---@field RandomSequence BTRandomSequence
---@field Repeater BTRepeater
---@field ReturnFailure BTReturnFailure
---@field ReturnSuccess BTReturnSuccess
---@field Selector BTSelector
---@field Sequence BTSequence
---@field Timeout BTTimeout
---@field BehaviorTreeReference BTBehaviorTreeReference
---@field UntilFailure BTUntilFailure
---@field UntilSuccess BTUntilSuccess
---@field UtilitySelector BTUtilitySelector
---@field Wait BTWait
---@field Compare BTCompare
---@field SetVariable BTSetVariable
---@field Increment BTIncrement
