local w = BTWait:New("soon")
return w
