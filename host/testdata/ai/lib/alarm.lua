Alarm = BTAction:New()
Alarm.name = "alarm"

function Alarm:OnUpdate()
    print(string.format("alarm at %.1f s", self:GetTime()))
    return BTTaskStatus.Success
end

return Alarm
