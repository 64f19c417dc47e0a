-- A sentry that waits half a second, then raises the alarm. Its class
-- comes from lib/alarm.lua, found by require in the same fs.FS.
require("lib.alarm")

local seq = BTSequence:New()
seq:AddChild(BTWait:New(0.5))
seq:AddChild(Alarm:New())
return seq
