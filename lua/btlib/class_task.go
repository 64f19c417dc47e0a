package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTTask",
		Doc: "Base of every task. Override the lifecycle methods in a derived class; the Go core calls them: " +
			"OnAwake once, OnStart when a run begins, OnUpdate every tick (return a BTTaskStatus), " +
			"OnEnd when the run ends or a parent ends it early, OnReset when Go code resets the task (bt.Reset; no tick, halt or reload does: in Behavior Designer it is the editor's reset).",
		kind: classKind{set: true},
		New:  func(Args) (bt.Task, error) { return &leafImpl{}, nil },
		pair: paired[leafImpl](nil),
		Fields: []Field{
			{"name", "string?", "display name (paths, traces, errors)"},
			{"index", "integer", "the series' field: set by the AddChild of a parent class written in Lua (the built-in AddChild leaves it alone: use GetIndex)"},
			{"layer", "integer", "the series' field (0 on BTTask): set by the AddChild of a parent class written in Lua (use GetLayer)"},
			{"parent", "BTParentTask?", "the series' field: set by the AddChild of a parent class written in Lua (use GetParent)"},
			{"root", "BTTask?", "the series' field (use GetRoot)"},
			{"GetParent", "fun(self: BTTask): BTParentTask?", "the parent in the tree, or nil"},
			{"GetIndex", "fun(self: BTTask): integer", "1-based position under the parent; 0 without one"},
			{"GetLayer", "fun(self: BTTask): integer", "depth in the tree: 0 for a root"},
			{"GetRoot", "fun(self: BTTask): BTTask", "the topmost ancestor (the task itself without a parent)"},
			{"OnAwake", "fun(self: BTTask)", ""},
			{"OnStart", "fun(self: BTTask)", ""},
			{"OnUpdate", "fun(self: BTTask): BTStatus", "called from a Lua composite it runs a whole tick of the child (start, update, end); called from the task's own OnUpdate override, the built-in one"},
			{"OnEnd", "fun(self: BTTask)", ""},
			{"OnReset", "fun(self: BTTask)", "called by bt.Reset from Go only; a run never calls it"},
			{"Tick", "fun(self: BTTask): BTStatus", "one tick with the lifecycle"},
			{"GetStatus", "fun(self: BTTask): BTStatus", "status of the last tick"},
			{"IsStarted", "fun(self: BTTask): boolean", "whether a run is under way"},
			{"GetPath", "fun(self: BTTask): string", `path in the tree, e.g. "Tree/BTSequence[1]/Attack[2]"`},
			{"GetVariable", "fun(self: BTTask, name: string): any", "read a variable of the task's tree (falls back to the global variables)"},
			{"SetVariable", "fun(self: BTTask, name: string, value: any)", "write a variable of the task's tree (nil deletes)"},
			{"Render", "fun(self: BTTask): string", "the subtree as indented text: name (class) last status, a BT.Root's BTAI nodes below it"},
			{"GetTime", "fun(self: BTTask): number", "the clock of the task's tree, seconds (0 before it runs in a tree)"},
			{"GetTickCount", "fun(self: BTTask): integer", "how many times the task's tree has ticked"},
			{"GetPriority", "(fun(self: BTTask): number)?", "define it to rank the task under a BTPrioritySelector (read when the selector starts)"},
			{"GetUtility", "(fun(self: BTTask): number)?", "define it to score the task under a BTUtilitySelector (read every tick)"},
		},
		setup: func(lib *Lib, c *lua.LTable) {
			lib.setMethods(c, map[string]lua.LGFunction{
				"New":       lib.luaNew,
				"Tick":      lib.luaTick,
				"GetStatus": lib.luaGetStatus,
				"IsStarted": lib.luaIsStarted,
				"GetPath":   lib.luaGetPath,
			})
			for h, fn := range lib.builtin {
				c.RawSetString(hookNames[h], fn)
			}
			lib.setMethods(c, lib.structureMethods())
			lib.blackboardMethods(c)
			c.RawSetString("layer", lua.LNumber(0))
			c.RawSetString("index", lua.LNumber(0))
		},
	})
}

// leafImpl is the behaviour of BTTask and BTAction: it succeeds.
type leafImpl struct{ bt.Action }
