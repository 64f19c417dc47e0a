-- Every agent reads the global variable total, prints it and adds its
-- index: with shards, all agents of a tick read the frame-start value.
local bt = require("bt")
Add = BTAction:New()
function Add:OnUpdate()
    local total = bt.GetGlobalVariable("total") or 0
    print(self.who .. " reads " .. total)
    bt.SetGlobalVariable("total", total + self.k)
    return BTTaskStatus.Running
end
return function(args)
    local a = Add:New()
    a.who, a.k = "agent" .. args.index, args.index
    return a
end
