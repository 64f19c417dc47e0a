package btailib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luasrc"
	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
)

// Options configure Open.
type Options struct {
	// Stdout receives BT.Log output; nil means os.Stdout.
	Stdout io.Writer
	// Globals also binds the factories and states to the globals BT and
	// BTState, as the seed's scripts (BT.Root()) expect. Without it BTAI
	// is reached with require("btai") only.
	Globals bool
}

// Lib is the BTAI library installed in one Lua state.
type Lib struct {
	// L is the state the library lives in.
	L *lua.LState
	// BT is the behavior-tree library the BTAI roots are tasks of.
	BT *btlib.Lib
	// Table is the table require("btai") returns (the factories, with
	// the states as its field State), also the global BT with
	// Options.Globals.
	Table *lua.LTable
	// States is the table of BTAI's states (require("btai").State), also
	// the global BTState with Options.Globals.
	States *lua.LTable

	st     *luaclass.State
	out    io.Writer
	states [4]lua.LValue

	// now is the clock in seconds and frame the tick number, of the tree
	// whose BTAI root was ticked last (or as set by BT.SetTime).
	now   float64
	frame int64

	rnd    btai.Random
	pcg    *rand.PCG // the source of rnd when the library seeded it (a save holds it)
	randFn *lua.LFunction

	leafClass, branchClass, rootClass *lua.LTable
	actionClass                       *lua.LTable

	// selfArg is 1 while a factory called as BT:X(...) runs (its self
	// removed from the stack), else 0: see nodeName.
	selfArg int
}

// Open installs the library in the Lua state of bt: the module "btai"
// (preloaded for require): the node factories, the library's clock and
// random source, and State (Failure, Success, Continue, Abort); with
// opts.Globals also the globals BT (the same table) and BTState. It then
// runs the embedded lua/luasrc/btai.lua. The random source starts with a
// random seed (see BT.SetRandomSeed).
func Open(bt *btlib.Lib, opts Options) (*Lib, error) {
	L := bt.L
	lib := &Lib{L: L, BT: bt, st: luaclass.For(L), out: opts.Stdout, Table: L.NewTable(), States: L.NewTable()}
	if lib.out == nil {
		lib.out = os.Stdout
	}
	lib.seed(rand.Uint64())
	for s := btai.Failure; s <= btai.Abort; s++ {
		lib.states[s] = lua.LString(s.String())
		lib.States.RawSetString(s.String(), lib.states[s])
	}
	lib.makeClasses()
	for name, fn := range lib.factories() {
		lib.Table.RawSetString(name, L.NewFunction(fn))
	}
	lib.Table.RawSetString("State", lib.States)
	mod := lib.Table
	L.PreloadModule("btai", func(L *lua.LState) int {
		L.Push(mod)
		return 1
	})
	if opts.Globals {
		L.SetGlobal("BT", lib.Table)
		L.SetGlobal("BTState", lib.States)
	}
	if err := luasrc.Run(L, "btai.lua"); err != nil {
		return nil, err
	}
	return lib, nil
}

// State returns the Lua value of s (BTState.Success and so on).
func (lib *Lib) State(s btai.BTState) lua.LValue {
	if s.Valid() {
		return lib.states[s]
	}
	return lua.LNil
}

// Now returns the library's clock in seconds: the time of the tree whose
// BTAI root was ticked last, or the time set with BT.SetTime.
func (lib *Lib) Now() float64 { return lib.now }

// SetTime sets the library's clock (seconds) and tick number, for BTAI
// trees ticked by hand rather than by a host tree.
func (lib *Lib) SetTime(seconds float64, frame int64) { lib.now, lib.frame = seconds, frame }

// SetRandom makes r the random source of Selector shuffles and
// RandomSequence picks, for the nodes made before and after.
func (lib *Lib) SetRandom(r btai.Random) { lib.rnd, lib.pcg, lib.randFn = r, nil, nil }

// seed makes the library's generator the one btai.NewRand(s) makes.
func (lib *Lib) seed(s uint64) {
	lib.pcg = rand.NewPCG(s, s^0x9e3779b97f4a7c15)
	lib.rnd, lib.randFn = rand.New(lib.pcg), nil
}

// RandomState returns the state of the library's generator, for a save
// (SetRandomState puts it back). It is an error after BT.SetRandom(fn)
// or SetRandom: their draws are not the library's to save.
func (lib *Lib) RandomState() ([]byte, error) {
	if lib.randFn != nil {
		return nil, fmt.Errorf("the script set BT.SetRandom(fn), whose draws a save cannot hold")
	}
	if lib.pcg == nil {
		return nil, fmt.Errorf("the BTAI library's random source was set from Go (Lib.SetRandom), which a save cannot hold")
	}
	return lib.pcg.MarshalBinary()
}

// CheckRandomState reports whether b is a state RandomState returned.
func CheckRandomState(b []byte) error {
	if err := (&rand.PCG{}).UnmarshalBinary(b); err != nil {
		return fmt.Errorf("the BTAI generator's state: %v", err)
	}
	return nil
}

// SetRandomState gives the library's generator the state RandomState
// returned; the error says when b is not one.
func (lib *Lib) SetRandomState(b []byte) error {
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("the BTAI generator's state: %v", err)
	}
	lib.pcg, lib.rnd, lib.randFn = pcg, rand.New(pcg), nil
	return nil
}

// random is the library's random source as the nodes see it: it follows
// BT.SetRandom and BT.SetRandomSeed made after the node was built.
type random struct{ lib *Lib }

// SharedRandom marks random as the library's: the nodes drawing from it
// save their own state, the host saves the generator (RandomState).
func (random) SharedRandom() {}

// IntN draws from the library's source.
func (r random) IntN(n int) int {
	lib := r.lib
	if lib.randFn == nil {
		return lib.rnd.IntN(n)
	}
	L := lib.L
	L.Push(lib.randFn)
	L.Push(lua.LNumber(n))
	L.Call(1, 1)
	v := L.Get(-1)
	L.Pop(1)
	if f, ok := v.(lua.LNumber); ok && float64(f) == math.Trunc(float64(f)) && f >= 1 && int(f) <= n {
		return int(f) - 1
	}
	L.Error(lua.LString(fmt.Sprintf("%s: the BT.SetRandom function returned %s for n = %d, want an integer in 1..%d (like math.random(n))",
		luaerr.Defined(lib.randFn), luaerr.Describe(v), n, n)), 0)
	return 0
}
