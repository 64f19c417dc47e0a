local seq = BTSequence:New()
seq:AddChild(seq)
return seq
