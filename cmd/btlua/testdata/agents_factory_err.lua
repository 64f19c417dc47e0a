-- The factory fails for agent 3 only (line 4).
return function(args)
  if args.index == 3 then
    local y = args.nothing.field
  end
  return BTIdle:New()
end
