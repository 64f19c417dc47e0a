package warrior

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

//go:embed plain.lua
var plainLua string

//go:embed btlua.lua
var btluaLua string

// Variants are the ways the benchmark runs the warrior in process:
// "glua" is plain.lua on gopher-lua; the others are btlua.lua's.
var Variants = []string{"glua", "luacond", "goconds", "native"}

// DT is the delta time of a tick, in seconds.
const DT = 1.0 / 60

// Sim is a population of warriors and their worlds, ticked together.
type Sim interface {
	// Tick runs tick number tick (from 1) of every agent: its world
	// changes when due, then its tree ticks once.
	Tick(tick int) error
	// Histogram returns the ticks spent in each action, in Actions order.
	Histogram() ([]int64, error)
	// Close frees the Lua state.
	Close()
}

// New builds n agents of the variant.
func New(variant string, n int) (Sim, error) {
	switch variant {
	case "glua":
		return newPlain(n)
	case "luacond", "goconds", "native":
		return newBtlua(variant, n)
	}
	return nil, fmt.Errorf("unknown variant %q: want one of %s", variant, strings.Join(Variants, ", "))
}

// plainSim runs plain.lua's tree on gopher-lua: the script builds the
// agents with AGENTS set and TICKS = 0, and each Tick runs its loop body
// through the global TickAll.
type plainSim struct {
	L    *lua.LState
	tick *lua.LFunction
}

func newPlain(n int) (*plainSim, error) {
	L := lua.NewState()
	L.SetGlobal("QUIET", lua.LTrue)
	L.SetGlobal("print", L.NewFunction(func(*lua.LState) int { return 0 }))
	argt := L.CreateTable(2, 0)
	argt.RawSetInt(1, lua.LNumber(n))
	argt.RawSetInt(2, lua.LNumber(0))
	L.SetGlobal("arg", argt)
	if err := L.DoString(plainLua); err != nil {
		L.Close()
		return nil, err
	}
	fn, ok := L.GetGlobal("TickAll").(*lua.LFunction)
	if !ok {
		L.Close()
		return nil, fmt.Errorf("plain.lua defines no TickAll")
	}
	return &plainSim{L: L, tick: fn}, nil
}

func (s *plainSim) Tick(tick int) error {
	s.L.Push(s.tick)
	s.L.Push(lua.LNumber(tick))
	return s.L.PCall(1, 0, nil)
}

func (s *plainSim) Histogram() ([]int64, error) { return luaHist(s.L) }
func (s *plainSim) Close()                      { s.L.Close() }

// luaHist reads the global hist table.
func luaHist(L *lua.LState) ([]int64, error) {
	h, ok := L.GetGlobal("hist").(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("no hist table")
	}
	out := make([]int64, len(Actions))
	for i, a := range Actions {
		n, _ := h.RawGetString(a).(lua.LNumber)
		out[i] = int64(n)
	}
	return out, nil
}

// btluaSim runs btlua.lua's trees, one per agent, in one Lua state.
type btluaSim struct {
	variant string
	L       *lua.LState
	lib     *btlib.Lib
	agents  []agent
	trees   []*btlib.Tree // the agents' trees, ticked in one TickTrees call
	goHist  []int64
	// numbers are the boxed Lua numbers 0..999, so that the world writes
	// input tables without allocating.
	numbers []lua.LValue
}

// agent is one warrior: its tree, its world, and where the world goes:
// the input table (luacond) or the variable slots (goconds, native).
type agent struct {
	tree  *btlib.Tree
	world World
	input *lua.LTable
	bb    *bt.Blackboard
	slots [3]bt.Slot // health, distance, visible
}

func newBtlua(variant string, n int) (*btluaSim, error) {
	L := lua.NewState()
	lib, err := btlib.Open(L, btlib.Options{Stdout: io.Discard})
	if err != nil {
		L.Close()
		return nil, err
	}
	s := &btluaSim{variant: variant, L: L, lib: lib, goHist: make([]int64, len(Actions)), numbers: make([]lua.LValue, 1000)}
	for i := range s.numbers {
		s.numbers[i] = lua.LNumber(i)
	}
	L.SetGlobal("GoAction", L.NewFunction(s.luaGoAction))
	if err := L.DoString(btluaLua); err != nil {
		L.Close()
		return nil, err
	}
	mk := L.GetGlobal("NewWarrior")
	s.agents = make([]agent, n)
	s.trees = make([]*btlib.Tree, 0, n)
	for i := range s.agents {
		a := &s.agents[i]
		a.world = NewWorld(i)
		input := lua.LValue(lua.LNil)
		if variant == "luacond" {
			a.input = L.CreateTable(0, 4)
			input = a.input
		}
		if err := L.CallByParam(lua.P{Fn: mk, NRet: 1, Protect: true}, lua.LString(variant), input); err != nil {
			L.Close()
			return nil, err
		}
		tr, err := lib.TreeOf(L.Get(-1))
		L.Pop(1)
		if err != nil {
			L.Close()
			return nil, err
		}
		a.tree = tr
		s.trees = append(s.trees, tr)
		if variant != "luacond" {
			a.bb = tr.BT.Blackboard
			a.slots = [3]bt.Slot{a.bb.Slot("health"), a.bb.Slot("distance"), a.bb.Slot("visible")}
		}
		s.write(a)
	}
	return s, nil
}

// write gives the agent's tree its world.
func (s *btluaSim) write(a *agent) {
	w := &a.world
	if a.input != nil {
		a.input.RawSetString("health", s.numbers[w.Health])
		a.input.RawSetString("distance", s.numbers[w.Distance])
		a.input.RawSetString("visible", lua.LBool(w.Visible))
		return
	}
	a.bb.SetNumber(a.slots[0], float64(w.Health))
	a.bb.SetNumber(a.slots[1], float64(w.Distance))
	a.bb.SetBool(a.slots[2], w.Visible)
}

// Tick changes the worlds that are due, then ticks every tree in one
// TickTrees call (one protected call for the lot).
func (s *btluaSim) Tick(tick int) error {
	for i := range s.agents {
		a := &s.agents[i]
		if a.world.Changes(i, tick) {
			a.world.Draw()
			s.write(a)
		}
	}
	return s.lib.TickTrees(s.trees, DT, nil)
}

func (s *btluaSim) Histogram() ([]int64, error) {
	if s.variant == "native" {
		return append([]int64(nil), s.goHist...), nil
	}
	return luaHist(s.L)
}

func (s *btluaSim) Close() { s.L.Close() }

// goAction is a game's Go action leaf: it counts its ticks and keeps
// running.
type goAction struct {
	bt.Action
	count *int64
}

func (g *goAction) OnUpdate() bt.Status {
	*g.count++
	return bt.Running
}

// luaGoAction is GoAction(name): a Go action leaf for the action name,
// wrapped as a BTAction instance.
func (s *btluaSim) luaGoAction(L *lua.LState) int {
	name := L.CheckString(1)
	for i, a := range Actions {
		if a == name {
			g := &goAction{count: &s.goHist[i]}
			g.Init(g, name)
			t, err := s.lib.WrapTask(g, "BTAction")
			if err != nil {
				L.RaiseError("%v", err)
			}
			L.Push(t)
			return 1
		}
	}
	L.RaiseError("GoAction: unknown action %q", name)
	return 0
}
