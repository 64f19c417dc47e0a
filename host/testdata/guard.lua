-- A guard that walks to three waypoints of the game's world (a Go value
-- the game binds with h.SetGlobal), then logs.
Patrol = BTAction:New()
Patrol.name = "patrol"

function Patrol:OnStart() self.waypoint = 0 end

function Patrol:OnUpdate()
    self.waypoint = self.waypoint + 1
    world:MoveTo("guard", self.waypoint) -- a Go method
    if self.waypoint < 3 then return BTTaskStatus.Running end
    return BTTaskStatus.Success
end

local tree = BTBehaviorTree:New()
tree.name = "guard"
local seq = BTSequence:New()
seq:AddChild(Patrol:New())
seq:AddChild(BTLog:New("patrol done"))
tree:SetStartTask(seq)
return tree
