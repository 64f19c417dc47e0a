-- The warrior AI of the behavior-tree design seed (bt-design-warrior.txt)
-- on btlua's Go core, for bench/warrior. NewWarrior(variant, input)
-- returns one agent's tree:
--   "luacond": Lua action leaves, seed-style AddCondition(precondition)
--              preconditions: Lua functions over the agent's input table,
--              which the Go world writes;
--   "goconds": Lua action leaves, declarative Go preconditions
--              (AddCondition("distance", "<", 50)) over the tree's
--              variables, which the Go world writes through their slots;
--   "native":  the same preconditions, Go action leaves (GoAction, a game's
--              Go task bound by the harness).
-- The seed's Update (tick the root; when it ends, enter it again in the
-- same frame) is a forever BTRepeater under the Count execution type.

ACTIONS = { "patrol", "alert", "run away", "crazy attack", "attack" }
hist = {}
for _, a in ipairs(ACTIONS) do hist[a] = 0 end

local Running = BTTaskStatus.Running

-- A warrior action: it counts the tick and keeps running.
WarriorAction = BTAction:New()
function WarriorAction:New(name)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end
function WarriorAction:OnUpdate()
    hist[self.name] = hist[self.name] + 1
    return Running
end

-- branch makes a composite with preconditions (each a precondition table,
-- or a list of AddCondition arguments, "not" first for AddConditionNot)
-- over children.
local function branch(class, conditions, children)
    local node = class:New()
    for _, c in ipairs(conditions) do
        if type(c) ~= "table" or c.Check then
            node:AddCondition(c)
        elseif c[1] == "not" then
            node:AddConditionNot(c[2], c[3], c[4])
        else
            node:AddCondition(c[1], c[2], c[3])
        end
    end
    for _, c in ipairs(children) do node:AddChild(c) end
    return node
end

function NewWarrior(variant, input)
    local act = WarriorAction.New
    if variant == "native" then act = function(_, name) return GoAction(name) end end
    local hasTarget, noTarget, isAlert, notAlert, isAnger, notAnger, hpLow, hpHigh
    if variant == "luacond" then
        local target = function() return input.visible end
        local alert = function() return input.distance < 50 end
        local anger = function() return input.distance < 10 end
        local low = function() return input.health < 500 end
        hasTarget, noTarget = BTPrecondition:New(target), BTPreconditionNOT:New(target)
        isAlert, notAlert = BTPrecondition:New(alert), BTPreconditionNOT:New(alert)
        isAnger, notAnger = BTPrecondition:New(anger), BTPreconditionNOT:New(anger)
        hpLow, hpHigh = BTPrecondition:New(low), BTPreconditionNOT:New(low)
    else
        hasTarget, noTarget = { "visible" }, { "not", "visible" }
        isAlert, notAlert = { "distance", "<", 50 }, { "not", "distance", "<", 50 }
        isAnger, notAnger = { "distance", "<", 10 }, { "not", "distance", "<", 10 }
        hpLow, hpHigh = { "health", "<", 500 }, { "not", "health", "<", 500 }
    end
    local root = BTSelector:New()
    root:AddChild(branch(BTSequence, { noTarget, notAlert }, { act(WarriorAction, "patrol") }))
    root:AddChild(branch(BTSequence, { noTarget, isAlert }, { act(WarriorAction, "alert") }))
    root:AddChild(branch(BTSequence, { hasTarget, hpLow }, { act(WarriorAction, "run away") }))
    root:AddChild(branch(BTSelector, { hasTarget, hpHigh }, {
        branch(BTSequence, { isAnger }, { act(WarriorAction, "crazy attack") }),
        branch(BTSequence, { notAnger }, { act(WarriorAction, "attack") }),
    }))
    local brain = BTRepeater:New()
    brain:AddChild(root)
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(brain)
    tree:SetExecutionType(BTExecutionType.Count)
    return tree
end
