-- The factory loops for agent 2 (line 3).
return function(args)
  if args.index == 2 then while true do end end
  return BTIdle:New()
end
