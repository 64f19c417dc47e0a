package btailib

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"math"

	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
)

// node is the Go side of a node table.
type node struct {
	n btai.Node
	// kind names the factory that made the node ("BT.Sequence").
	kind string
	// at is "file:line:" of the script line that made the node, or "".
	at   string
	self *lua.LTable
	// kids are the children OpenBranch gave a branch node, in order (for
	// Lint, which names them by kind and line).
	kids []*node
}

// nodeOf returns the node of a node table, or nil. A BT.Root table is a
// btlib task (see newRoot), whose node its Go task holds.
func nodeOf(v lua.LValue) *node {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil
	}
	switch x := luaclass.Own(tbl).(type) {
	case *node:
		return x
	case *btlib.Task:
		if r, ok := x.Impl.(*rootTask); ok {
			return r.node
		}
	}
	return nil
}

// NodeOf returns the Go node of a BTAI node table (made by a BT factory),
// or nil when v is not one.
func NodeOf(v lua.LValue) btai.Node {
	if nd := nodeOf(v); nd != nil {
		return nd.n
	}
	return nil
}

// makeClasses creates the method tables of leaf, branch and root nodes.
func (lib *Lib) makeClasses() {
	L := lib.L
	common := map[string]lua.LGFunction{
		"Tick": func(L *lua.LState) int {
			nd := lib.checkNode(L, "Tick")
			L.Push(lib.State(nd.n.Tick()))
			return 1
		},
		"__tostring": func(L *lua.LState) int {
			nd := lib.checkNode(L, "tostring")
			if s, ok := nd.n.(fmt.Stringer); ok {
				L.Push(lua.LString(s.String()))
			} else {
				L.Push(lua.LString(nd.kind))
			}
			return 1
		},
	}
	branch := map[string]lua.LGFunction{
		"ResetChildren": func(L *lua.LState) int {
			lib.checkBranch(L, "ResetChildren").ResetChildren()
			return 0
		},
		"ActiveChild": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.checkBranch(L, "ActiveChild").ActiveChild()))
			return 1
		},
		"ChildCount": func(L *lua.LState) int {
			L.Push(lua.LNumber(len(lib.checkBranch(L, "ChildCount").Children())))
			return 1
		},
	}
	leafOpen := func(L *lua.LState) int {
		what := "this node"
		if nd := nodeOf(L.Get(1)); nd != nil {
			what = "a " + nd.kind + " node"
		}
		L.RaiseError("OpenBranch: %s is a leaf and takes no children (only BT.Root, BT.Sequence, BT.Selector, BT.RandomSequence, BT.If, BT.While and BT.Repeat do)", what)
		return 0
	}
	newClass := func(name string, sets ...map[string]lua.LGFunction) *lua.LTable {
		c := L.NewTable()
		c.RawSetString("__index", c)
		c.RawSetString("name", lua.LString(name))
		for _, set := range sets {
			for k, fn := range set {
				c.RawSetString(k, L.NewFunction(fn))
			}
		}
		return c
	}
	lib.leafClass = newClass("BT node", common, map[string]lua.LGFunction{"OpenBranch": leafOpen, "Do": leafOpen})
	lib.branchClass = newClass("BT branch", common, branch)
	lib.rootClass = newClass("BT.Root", common, branch, map[string]lua.LGFunction{
		"Terminate": func(L *lua.LState) int {
			nd := lib.checkNode(L, "Terminate")
			r, ok := nd.n.(*btai.Root)
			if !ok {
				L.RaiseError("Terminate: %s is not a BT.Root", nd.kind)
			}
			r.Terminate()
			return 0
		},
		"IsTerminated": func(L *lua.LState) int {
			nd := lib.checkNode(L, "IsTerminated")
			r, ok := nd.n.(*btai.Root)
			L.Push(lua.LBool(ok && r.Terminated()))
			return 1
		},
	})
}

// checkNode returns the node of argument 1 (self) or raises an error.
func (lib *Lib) checkNode(L *lua.LState, method string) *node {
	nd := nodeOf(L.Get(1))
	if nd == nil {
		L.RaiseError("%s: self must be a BT node, got %s (call it as node:%s())", method, luaerr.Describe(L.Get(1)), method)
	}
	return nd
}

// checkBranch returns the branch of argument 1 (self) or raises an error.
func (lib *Lib) checkBranch(L *lua.LState, method string) btai.BranchNode {
	nd := lib.checkNode(L, method)
	b, ok := nd.n.(btai.BranchNode)
	if !ok {
		L.RaiseError("%s: %s is a leaf node, not a branch", method, nd.kind)
	}
	return b
}

// bind makes the node of tbl over n, gives branches their OpenBranch and
// Do, and records where the script made the node. The caller stores it
// (newNode with luaclass.Bind, newRoot in the root's task).
func (lib *Lib) bind(L *lua.LState, tbl *lua.LTable, kind string, n btai.Node) *node {
	nd := &node{n: n, kind: kind, at: L.Where(1), self: tbl}
	if _, ok := n.(btai.BranchNode); ok {
		open := L.NewFunction(lib.openBranch(nd))
		tbl.RawSetString("OpenBranch", open)
		tbl.RawSetString("Do", open)
	}
	return nd
}

// newNode returns a new node table over n.
func (lib *Lib) newNode(L *lua.LState, kind string, n btai.Node) *lua.LTable {
	tbl := L.NewTable()
	if _, ok := n.(btai.BranchNode); ok {
		tbl.Metatable = lib.branchClass
	} else {
		tbl.Metatable = lib.leafClass
	}
	luaclass.Bind(L, tbl, lib.bind(L, tbl, kind, n))
	return tbl
}

// openBranch returns nd's OpenBranch: it appends its arguments as
// children and returns the node. Called as node:OpenBranch(...) the first
// argument is the node itself and is skipped; called as
// node.OpenBranch(...), as the C# seed writes it, every argument is a
// child.
func (lib *Lib) openBranch(nd *node) lua.LGFunction {
	return func(L *lua.LState) int {
		b := nd.n.(btai.BranchNode)
		top := L.GetTop()
		first := 1
		if top >= 1 && L.Get(1) == lua.LValue(nd.self) {
			first = 2
		}
		kids := make([]btai.Node, 0, top-first+1)
		kidNodes := make([]*node, 0, top-first+1)
		for i := first; i <= top; i++ {
			v := L.Get(i)
			c := nodeOf(v)
			if c == nil {
				L.RaiseError("%s:OpenBranch: child %d is not a BT node, got %s", nd.kind, i-first+1, describeChild(v))
			}
			if btai.Contains(c.n, nd.n) {
				L.RaiseError("%s:OpenBranch: child %d (a %s) is the node itself or one of its ancestors: a BT tree cannot hold a cycle", nd.kind, i-first+1, c.kind)
			}
			kids = append(kids, c.n)
			kidNodes = append(kidNodes, c)
		}
		b.AddChildren(kids...)
		nd.kids = append(nd.kids, kidNodes...)
		L.Push(nd.self)
		return 1
	}
}

// describeChild is describe with hints for the usual mistakes.
func describeChild(v lua.LValue) string {
	switch x := v.(type) {
	case *lua.LFunction:
		return "a function (wrap it: BT.Call(fn), BT.Condition(fn))"
	case *lua.LTable:
		if btlib.IsTask(x) {
			return "a btlib task (BTAction, BTSequence, ...), which cannot be a child of a BT node"
		}
	}
	return luaerr.Describe(v)
}

// argument helpers: the object layer's decoder (luaclass), raising a Lua
// error that names the call, the argument and the offending value.

// raiseArg raises err, an argument error, after the call what.
func raiseArg(L *lua.LState, what string, err error) {
	L.RaiseError("%s: %v", what, err)
}

func checkFunction(L *lua.LState, n int, what, arg string) *lua.LFunction {
	fn, err := luaclass.Func(L.Get(n), arg)
	if err != nil {
		raiseArg(L, what, err)
	}
	return fn
}

// checkNumber reads a number; unlike luaclass.Number it takes an infinity
// (BT.Wait(math.huge) waits for ever).
func checkNumber(L *lua.LState, n int, what, arg string) float64 {
	if f, ok := L.Get(n).(lua.LNumber); ok && math.IsInf(float64(f), 0) {
		return float64(f)
	}
	f, err := luaclass.Number(L.Get(n), arg)
	if err != nil {
		raiseArg(L, what, err)
	}
	return f
}

// checkSeconds reads a duration: a number >= 0, NaN refused; math.huge
// and 1/0 are taken (for ever), as BTAI's float would take Infinity.
func checkSeconds(L *lua.LState, n int, what, arg string) float64 {
	f := checkNumber(L, n, what, arg)
	if f < 0 {
		L.RaiseError("%s: %s must not be negative, got %s", what, arg, luaerr.Number(f))
	}
	return f
}

// checkFinite reads a finite number: NaN, ±Inf and ±math.huge (which a
// script means as infinity) are refused.
func checkFinite(L *lua.LState, n int, what, arg string) float64 {
	f := checkNumber(L, n, what, arg)
	if !luaerr.Finite(f) {
		L.RaiseError("%s: %s must be a finite number, got %s", what, arg, luaerr.Number(f))
	}
	return f
}

// checkCount reads a whole number >= 0 as checkInt does (def when nil).
func checkCount(L *lua.LState, n int, what, arg string, def int) int {
	i := checkInt(L, n, what, arg, def)
	if i < 0 {
		L.RaiseError("%s: %s must not be negative, got %d", what, arg, i)
	}
	return i
}

func checkInt(L *lua.LState, n int, what, arg string, def int) int {
	v := L.Get(n)
	if v == lua.LNil {
		return def
	}
	i, err := luaclass.Integer(v, arg)
	if err != nil {
		raiseArg(L, what, err)
	}
	return i
}

func checkBool(L *lua.LState, n int, what, arg string, def bool) bool {
	v := L.Get(n)
	if v == lua.LNil {
		return def
	}
	b, err := luaclass.Bool(v, arg)
	if err != nil {
		raiseArg(L, what, err)
	}
	return b
}

func checkString(L *lua.LState, n int, what, arg string) string {
	s, err := luaclass.String(L.Get(n), arg)
	if err != nil {
		raiseArg(L, what, err)
	}
	return s
}

func checkObject(L *lua.LState, n int, what string) lua.LValue {
	v := L.Get(n)
	switch v.(type) {
	case *lua.LTable, *lua.LUserData:
		return v
	}
	L.RaiseError("%s: obj must be a table or a Go object with the methods the node calls, got %s", what, luaerr.Describe(v))
	return nil
}

// NodeClasses returns the class tables of the builder's nodes by name ("BT
// node" for a leaf, "BT branch", "BT.Root"): the metatables of the nodes
// BT.Root(), BT.Sequence() and the like return, shared by every script of
// the state (the host's sandbox makes them read-only).
func (lib *Lib) NodeClasses() map[string]*lua.LTable {
	return map[string]*lua.LTable{"BT node": lib.leafClass, "BT branch": lib.branchClass, "BT.Root": lib.rootClass}
}
