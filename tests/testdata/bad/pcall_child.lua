-- A Lua composite catches its child's error with pcall, then fails itself:
-- the error names the composite, not the child.
Bad = BTAction:New()
Bad.name = "bad"
function Bad:OnUpdate() error("child fails") end
Comp = BTComposite:New()
Comp.name = "comp"
function Comp:OnUpdate()
    print("caught", pcall(function() return self.childTasks[1]:Tick() end))
    error("composite fails")
end
local c = Comp:New()
c:AddChild(Bad:New())
return c
