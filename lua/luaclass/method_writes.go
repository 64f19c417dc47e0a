package luaclass

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

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

// watchedNames is the set of names whose writes drop caches; lens has bit
// n set when a name of n bytes (n < 64) is in the set, so that most
// writes are let through after one test.
type watchedNames struct {
	lens  uint64
	names map[string]watchKind
}

// watchKind says which caches a watched name's write drops.
type watchKind uint8

const (
	watchHook  watchKind = 1 << iota // a MethodSet's method: the epoch
	watchFlat                        // a name Flatten copied: the copies
	watchChain                       // "__index": the epoch and the copies
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
		next.lens = cur.lens
		for k, v := range cur.names {
			next.names[k] = v
		}
	}
	next.names[name] |= kind
	if len(name) < 64 {
		next.lens |= 1 << len(name)
	}
	watched.set.Store(next)
}

// watchOf returns the kind of a watched name, 0 for any other.
func watchOf(name string) watchKind {
	w := watched.set.Load()
	if w == nil || len(name) >= 64 || w.lens&(1<<len(name)) == 0 {
		return 0
	}
	return w.names[name]
}

// frameLayout holds the offsets, found at init, of LState.currentFrame
// and callFrame.Fn (for an instruction's constants); ok when both were
// found with the expected types.
var frameLayout struct {
	currentFrame, fn uintptr
	ok               bool
}

func init() {
	watchName("__index", watchChain)
	cf, ok := reflect.TypeOf(lua.LState{}).FieldByName("currentFrame")
	if !ok || cf.Type.Kind() != reflect.Pointer || cf.Type.Elem().Kind() != reflect.Struct {
		return
	}
	fn, ok := cf.Type.Elem().FieldByName("Fn")
	if !ok || fn.Type != reflect.TypeOf((*lua.LFunction)(nil)) {
		return
	}
	frameLayout.currentFrame, frameLayout.fn, frameLayout.ok = cf.Offset, fn.Offset, true
	for i, op := range []int{lua.OP_SETTABLE, lua.OP_SETTABLEKS} {
		orig := luaJumpTable[op]
		setTableOrig[i] = orig
		luaJumpTable[op] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
			tbl, name, kind := watchedWrite(L, inst)
			if kind == 0 {
				return orig(L, inst, base)
			}
			old := tbl.RawGetString(name)
			r := orig(L, inst, base)
			if tbl.RawGetString(name) != old {
				For(L).methodWritten(tbl, kind)
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
// else kind 0.
func watchedWrite(L *lua.LState, inst uint32) (*lua.LTable, string, watchKind) {
	b := int(inst & 0x1ff)
	var key lua.LValue
	if b&0x100 != 0 { // a constant
		cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), frameLayout.currentFrame))
		if cf == nil {
			return nil, "", 0
		}
		fn := *(**lua.LFunction)(unsafe.Add(cf, frameLayout.fn))
		if fn == nil || fn.Proto == nil || b&0xff >= len(fn.Proto.Constants) {
			return nil, "", 0
		}
		key = fn.Proto.Constants[b&0xff]
	} else {
		key = L.Get(b + 1)
	}
	k, ok := key.(lua.LString)
	if !ok {
		return nil, "", 0
	}
	kind := watchOf(string(k))
	if kind == 0 {
		return nil, "", 0
	}
	tbl, ok := L.Get(int(inst>>18)&0xff + 1).(*lua.LTable)
	if !ok {
		return nil, "", 0
	}
	return tbl, string(k), kind
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
		k, _ := L.Get(2).(lua.LString)
		kind := watchOf(string(k))
		if tbl == nil || kind == 0 {
			return g(L)
		}
		old := tbl.RawGetString(string(k))
		n := g(L)
		if tbl.RawGetString(string(k)) != old {
			s.methodWritten(tbl, kind)
		}
		return n
	}))
}
