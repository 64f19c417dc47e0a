-- Agent 1 runs until --ticks ends; agents 2 and 3 complete on their first
-- tick; agent 4 fails at every tick it runs (line 6).
Done = BTAction:New()
function Done:OnUpdate() return BTTaskStatus.Success end
Bad = BTAction:New()
function Bad:OnUpdate() error("boom") end
return function(args)
    if args.index == 1 then return BTIdle:New() end
    if args.index == 4 then return Bad:New() end
    return Done:New()
end
