package btlib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// countingTask is a Go task made outside the library, wrapped by WrapTask.
type countingTask struct {
	bt.Action
	n int
}

func (c *countingTask) OnUpdate() bt.Status {
	c.n++
	return bt.Running
}

// A task given its table by WrapTask is one task, not a class: deriving a
// Lua class from it, or making a table from it with setmetatable, is an
// error naming it, instead of a task that silently does nothing.
func TestWrappedTaskIsNotAClass(t *testing.T) {
	for _, src := range []string{
		"MoveTo = mover:New()",
		"local o = setmetatable({}, mover); mover.__index = mover; local s = BTSequence:New(); s:AddChild(o)",
	} {
		lib, L, _ := testLib(t)
		tbl, err := lib.WrapTask(&countingTask{}, "BTAction")
		if err != nil {
			t.Fatal(err)
		}
		tbl.RawSetString("name", lua.LString("mover"))
		L.SetGlobal("mover", tbl)
		err = L.DoString(src)
		if err == nil || !strings.Contains(err.Error(), "mover is a single Go task (a BTAction made in Go), not a class") {
			t.Errorf("%s: err %v, want the wrapped task refused", src, err)
		}
	}
}
