Boom = BTAction:New()
Boom.name = "boom"

function Boom:OnUpdate()
    error("the guard lost its target")
end

local seq = BTSequence:New()
seq.name = "patrol"
seq:AddChild(BTLog:New("before"))
seq:AddChild(Boom:New())
return seq
