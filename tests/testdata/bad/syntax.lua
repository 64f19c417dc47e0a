local tree = BTBehaviorTree:New()
tree:SetStartTask(BTLog:New("never"))
if then
return tree
