package luaclass

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/btlua/btlua/lua/luavm"
	lua "github.com/yuin/gopher-lua"
)

// This file keeps the method caches (Hooks, Flatten's copies) true to the
// class tables as scripts write them. Lua looks obj:M() up at each call:
// the instance, then the class chain as it is now. The caches answer from
// an earlier lookup, so a write that could change an answer must drop
// them: a write of a watched name (a method of a MethodSet, a name
// Flatten copied, "__index") into any table, that changes the table's raw
// value. Such a write from Lua (t.k = v and function t:k() end compile to
// SETTABLE or SETTABLEKS; rawset) then
//
//   - bumps the epoch, when the name is a MethodSet's: every
//     Hooks cache looks its methods up again at its next use (a hook
//     replaced, removed, added to a class or to an instance, in the class
//     or any base class);
//   - removes Flatten's copies, when the table is one of a flattened
//     chain and the name one Flatten copies: the rest of the batch looks
//     methods up as gopher-lua does;
//   - does both, for "__index" (a chain changed, as setmetatable changes
//     it; see SizeObjects).
//
// Writes of other names (self.n = self.n + 1) cost one length test. The
// instruction hooks apply to every Lua state of the process, as the other
// instruction hooks do; the watched names are shared by all states (they
// are method names, the same in every state).

//go:linkname luaJumpTable github.com/yuin/gopher-lua.jumpTable
var luaJumpTable [lua.OP_NOP + 1]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int

// watchedNames is the set of names whose writes drop caches; sig[c&63]
// has bit n set when a name of n bytes (n < 64) that begins with byte c
// is in the set, so that most writes are let through after one test (a
// length alone let a script's distance and visible through to the map
// lookup, as long as the methods OnUpdate and OnStart).
type watchedNames struct {
	sig   [64]uint64
	names map[string]watchKind
}

// sigOf returns the row and the bit of name in watchedNames.sig (name is
// under 64 bytes).
func sigOf(name string) (row int, bit uint64) {
	if name == "" {
		return 0, 1
	}
	return int(name[0] & 63), 1 << len(name)
}

// watchKind says which caches a watched name's write drops.
type watchKind uint8

const (
	watchHook  watchKind = 1 << iota // a MethodSet's method: the epoch
	watchFlat                        // a name Flatten copied: the copies
	watchChain                       // "__index": the epoch and the copies
	// watchUnlisted is a field that SetUnlisted stores in string maps
	// without a key-list entry: its writes drop nothing, but take
	// gopher-lua's path (which lists the field), never fastWrite's.
	watchUnlisted
)

var watched struct {
	mu  sync.Mutex
	set atomic.Pointer[watchedNames]
}

// watchName adds name to the watched names with kind (copy on write: the
// instruction hooks of every state read the set without a lock).
func watchName(name string, kind watchKind) {
	if cur := watched.set.Load(); cur != nil && cur.names[name]&kind == kind {
		return
	}
	watched.mu.Lock()
	defer watched.mu.Unlock()
	cur := watched.set.Load()
	next := &watchedNames{names: map[string]watchKind{}}
	if cur != nil {
		next.sig = cur.sig
		for k, v := range cur.names {
			next.names[k] = v
		}
	}
	next.names[name] |= kind
	if len(name) < 64 {
		row, bit := sigOf(name)
		next.sig[row] |= bit
	}
	watched.set.Store(next)
}

// watchOf returns the kind of a watched name, 0 for any other.
func watchOf(name string) watchKind {
	w := watched.set.Load()
	if w == nil || len(name) >= 64 {
		return 0
	}
	if row, bit := sigOf(name); w.sig[row]&bit == 0 {
		return 0
	}
	return w.names[name]
}

func init() {
	watchName("__index", watchChain)
	if !luavm.Frames() {
		return
	}
	for i, op := range []int{lua.OP_SETTABLE, lua.OP_SETTABLEKS} {
		orig := luaJumpTable[op]
		setTableOrig[i] = orig
		luaJumpTable[op] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
			tbl, name, kind, done := watchedWrite(L, inst)
			if done {
				return 0
			}
			if kind == 0 {
				return orig(L, inst, base)
			}
			SizeFirstKey(tbl)
			old := tbl.RawGetString(name)
			r := orig(L, inst, base)
			if v := tbl.RawGetString(name); v != old {
				s := For(L)
				s.methodWritten(tbl, kind)
				if kind&watchHook != 0 {
					s.noteHookWrite(L, tbl, name, v, 0)
				}
			}
			return r
		}
	}
}

// setTableOrig holds gopher-lua's SETTABLE and SETTABLEKS, which the
// hooks wrap (the benchmarks put them back to compare).
var setTableOrig [2]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int

// watchedWrite decodes SETTABLE(KS) A B C, R(A)[RK(B)] := RK(C): the
// table and name written when R(A) is a table and RK(B) a watched name,
// else kind 0. A write of another name that the table holds already it
// makes itself (fastWrite), and reports done.
func watchedWrite(L *lua.LState, inst uint32) (tbl *lua.LTable, name string, kind watchKind, done bool) {
	f, ok := luavm.FrameOf(L)
	if !ok {
		return nil, "", 0, false
	}
	k, ok := f.RK(int(inst & 0x1ff)).(lua.LString)
	if !ok {
		return nil, "", 0, false
	}
	tbl, ok = f.Reg(int(inst>>18) & 0xff).(*lua.LTable)
	if !ok {
		return nil, "", 0, false
	}
	if kind = watchOf(string(k)); kind == 0 {
		return nil, "", 0, fastWrite(tbl, string(k), f.RK(int(inst>>9)&0x1ff))
	}
	return tbl, string(k), kind, false
}

// fastWrite stores v under name in tbl when tbl's string map holds name
// already and v is not nil, and reports whether it did. That is what
// gopher-lua's write does then (the raw field is set, whatever the
// metatable: __newindex is asked only for an absent key), less its two
// other map operations: the presence test, then the key index's lookup of
// the boxed name (a field in the string map is in the key list: only
// SetUnlisted's fields are not, and their names are watched). Anything
// else (a new key, a nil that deletes) is left to gopher-lua.
func fastWrite(tbl *lua.LTable, name string, v lua.LValue) bool {
	if v == lua.LNil || !Compactable() {
		return false
	}
	m := *strdictOf(tbl)
	if m == nil {
		SizeFirstKey(tbl)
		return false
	}
	if _, has := m[name]; !has {
		return false
	}
	m[name] = v
	return true
}

// methodWritten drops the caches a write of a watched name of kind into
// tbl may have made wrong (see the top of this file).
func (s *State) methodWritten(tbl *lua.LTable, kind watchKind) {
	if kind&watchChain != 0 {
		s.Invalidate() // a chain changed: every cache goes
		return
	}
	if kind&watchHook != 0 {
		s.epoch++
	}
	if kind&watchFlat != 0 && s.inFlatChain(tbl) {
		s.Unflatten()
	}
}

// OpenMethodWrites replaces rawset in L with one that drops the method
// caches as a Lua write of the same name does (see the top of this
// file). Arguments, results and errors are the original's.
func OpenMethodWrites(L *lua.LState) {
	orig, ok := L.GetGlobal("rawset").(*lua.LFunction)
	if !ok || !orig.IsG {
		return
	}
	s := For(L)
	g := orig.GFunction
	L.SetGlobal("rawset", L.NewFunction(func(L *lua.LState) int {
		tbl, _ := L.Get(1).(*lua.LTable)
		k, isString := L.Get(2).(lua.LString)
		kind := watchOf(string(k))
		if tbl != nil && isString {
			SizeFirstKey(tbl)
		}
		if tbl == nil || kind == 0 {
			return g(L)
		}
		old := tbl.RawGetString(string(k))
		n := g(L)
		if v := tbl.RawGetString(string(k)); v != old {
			s.methodWritten(tbl, kind)
			if kind&watchHook != 0 {
				s.noteHookWrite(L, tbl, string(k), v, 1)
			}
		}
		return n
	}))
}
