Sloppy = BTAction:New()

function Sloppy:OnUpdate()
    return "done"
end

local seq = BTSequence:New()
seq:AddChild(Sloppy:New())
return seq
