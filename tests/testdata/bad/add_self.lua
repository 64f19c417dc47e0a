local seq = BTSequence:New()
local inner = BTSelector:New()
seq:AddChild(inner)
inner:AddChild(seq)
return seq
