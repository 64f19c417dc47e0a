package luaclass

import (
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// stateKey is the field of the Lua registry that holds a state's *State.
const stateKey = "btlua.luaclass"

// State is the class layer of one Lua state, shared by every binding
// opened in it: the epoch of all method caches (see Hooks), the record of
// the running task (see tracker.go) and the coroutine runner (see
// coroutine.go).
type State struct {
	// L is the main thread of the Lua state; task code always runs on it.
	L     *lua.LState
	epoch uint64

	// current is the task whose code runs now.
	current bt.Task
	// raised is the last Lua error blamed on a task, raisedBy that task;
	// blameNext, when set, is the task the next new error is blamed on.
	raised    *lua.ApiError
	raisedBy  bt.Task
	blameNext bt.Task
	// mistakeBy is the task that was running when the core reported a
	// task's mistake (a *bt.StructureError or *bt.StatusError panic).
	mistakeBy bt.Task
	// panicked is the last Go panic seen.
	panicked *luaerr.GoPanic
	// sealed maps each read-only proxy to its library table (sealed.go).
	sealed map[*lua.LTable]*lua.LTable
	// flat records the classes whose inherited methods Flatten copies
	// (flat.go).
	flat flatState
	// hookSites holds where scripts set methods to values a call fails
	// on (hook_where.go).
	hookSites map[hookSite]string
}

// For returns the State of L's Lua state, creating it on first use. Every
// thread (coroutine) of one state gets the same State.
func For(L *lua.LState) *State {
	reg := L.G.Registry
	if ud, ok := reg.RawGetString(stateKey).(*lua.LUserData); ok {
		if s, ok := ud.Value.(*State); ok {
			return s
		}
	}
	main := L.G.MainThread
	if main == nil {
		main = L
	}
	s := &State{L: main, epoch: 1}
	ud := L.NewUserData()
	ud.Value = s
	reg.RawSetString(stateKey, ud)
	return s
}

// Invalidate drops every cached method lookup of every binding in the
// state (see Hooks), so that the next call of each method looks it up
// again in the class tables. Merge calls it; so may code that rewrites
// class tables by other means. It also removes Flatten's copies, if any.
func (s *State) Invalidate() {
	s.epoch++
	s.Unflatten()
}

// Epoch returns the current cache epoch (it starts at 1).
func (s *State) Epoch() uint64 { return s.epoch }
