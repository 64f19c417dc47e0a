package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// VariableWrite is one blackboard write made by a script: task:SetVariable,
// tree:SetVariable or bt.SetGlobalVariable (py_trees' blackboard activity
// stream records the same: key, old and new value, writer).
type VariableWrite struct {
	// Blackboard is the scope the value landed in: the tree's blackboard,
	// or the library's Globals when the name exists only there (see
	// bt.Blackboard.Set) or the write was SetGlobalVariable.
	Blackboard *bt.Blackboard
	// Name is the variable.
	Name string
	// Old is the value the name had before (nil when unset); New the value
	// written (lua.LNil deletes the name).
	Old any
	New lua.LValue
	// Writer is the task whose SetVariable made the write; nil for a
	// tree's SetVariable and for SetGlobalVariable.
	Writer bt.Task
}

// SetWriteHook makes fn hear every blackboard write made by a script, on
// the goroutine running the script, after the write; nil removes it. It
// costs nothing when unset. The host's event stream installs it while it
// has listeners.
func (lib *Lib) SetWriteHook(fn func(VariableWrite)) { lib.onWrite = fn }

// setVar stores a Lua value in b (nil deletes), telling the write hook.
func (lib *Lib) setVar(b *bt.Blackboard, name string, v lua.LValue, writer bt.Task) {
	if lib.onWrite == nil {
		setVar(b, name, v)
		return
	}
	old, _ := b.Get(name)
	owner := b.Owner(name)
	if owner == nil {
		owner = b
	}
	setVar(b, name, v)
	lib.onWrite(VariableWrite{Blackboard: owner, Name: name, Old: old, New: v, Writer: writer})
}
