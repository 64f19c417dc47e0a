-- The factory, defined on line 2, returns no tree for agent 2.
return function(args)
  if args.index == 2 then return 42 end
  return BTIdle:New()
end
