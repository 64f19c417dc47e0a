local seq = BTSequence:New()
seq:AddChild(BTLog:New("fine"))
seq:AddChild(42)
return seq
