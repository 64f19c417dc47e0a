-- Agents 2 and 4 fail at their first tick (line 5); each prints first.
Printer = BTAction:New()
function Printer:OnUpdate()
  print("agent " .. self.index .. " ticked")
  if self.index == 2 or self.index == 4 then error("fail " .. self.index) end
  return BTTaskStatus.Running
end
return function(args)
  local t = BTBehaviorTree:New()
  local p = Printer:New()
  p.index = args.index
  t:SetStartTask(p)
  return t
end
