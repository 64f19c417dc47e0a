-- A BTAI tree whose Terminate an If takes for Success: it never ends.
local root = BT.Root()
root:OpenBranch(
    BT.If(function() return true end):OpenBranch(BT.Log("tick"), BT.Terminate())
)
return root
