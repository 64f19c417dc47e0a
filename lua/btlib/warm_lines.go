package btlib

import (
	"unsafe"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// This file names the Lua memory a tick reads for a tree's warm set
// (bt.Warmer, issue 23: with 1000 agents their trees do not fit in the
// processor's caches, and a tick that loads a task's Lua tables one
// pointer at a time waits for memory at each): a scripted task's table
// and cached overrides, a Lua precondition's own table, and the table its
// inlined function reads (inline_condition.go).

// heldTables is how many of a leaf's tables held in its own fields its
// warm set names (self.world: the agent's data its OnUpdate reads).
const heldTables = 2

// AppendWarm appends, for a leaf made in Lua, the task's table (which a
// Lua OnUpdate reads as self), the tables it holds (heldTables of them)
// and the cached overrides the call reads;
// nothing for a Go task wrapped by WrapTask, whose table the tick does not
// read. (bt's warm set asks leaves only.)
func (t *Task) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	if t.wrapped {
		return dst
	}
	dst = t.hooks.AppendWarm(dst)
	dst = luaclass.TableLines(dst, t.Self)
	return luaclass.HeldTableLines(dst, t.Self, heldTables)
}

// AppendWarm appends the condition, its table (for a Check method) and,
// when its function is evaluated inline, the upvalue and the table the
// function reads.
func (c *luaCondition) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	dst = append(dst, unsafe.Pointer(c))
	fn := c.fn
	if c.self != nil {
		dst = luaclass.TableLines(dst, c.self)
		if c.stock == notStock {
			return dst // a Lua Check method: a call
		}
		f, ok := c.self.RawGetString("fn").(*lua.LFunction)
		if !ok {
			return dst
		}
		fn = f
	}
	if fn == nil || fn.IsG {
		return dst
	}
	in := c.owner.class.lib.inlineFor(fn.Proto)
	if in.op == inlineNone {
		return dst
	}
	if up := in.upvalue(fn); up != nil {
		dst = append(dst, unsafe.Pointer(up))
		if tb, ok := up.Value().(*lua.LTable); ok {
			dst = luaclass.TableLines(dst, tb)
		}
	}
	return dst
}
