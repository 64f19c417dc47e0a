package vm

import lua "github.com/yuin/gopher-lua"

// The Lua state's stack limits. A script past them gets a Lua error
// ("stack overflow", "registry overflow") that stops it like any other,
// never a Go crash.
const (
	// CallStackSize is the depth of Lua calls (Lua functions, and Go
	// functions called from Lua: pcall, metamethods, gsub's function) a
	// state or coroutine may nest: deeper recursion raises "stack
	// overflow". gopher-lua's default, kept: each coroutine allocates
	// its call stack whole.
	CallStackSize = 256
	// RegistrySize is the initial size, in values, of a state's data
	// stack (locals, arguments, results), and RegistryMaxSize the size it
	// may grow to (1 MiB of values), so that unpack of a 100000-element
	// table raises "registry overflow" while one of 6000 works
	// (gopher-lua's default stack does not grow, and refuses it). It
	// starts small (16 KiB, a coroutine's ThreadRegistrySize): a state
	// that needs more grows once by registryGrowStep, and one that does
	// not spares the start-up gopher-lua's 5120 values (80 KiB, 20 page
	// faults).
	RegistrySize    = ThreadRegistrySize
	RegistryMaxSize = 1 << 16
	// registryGrowStep is how many values the data stack grows by past
	// what it needs: large, since each growth copies the stack.
	registryGrowStep = 1 << 12
)

// NewState returns a Lua state with the stack limits above and the
// standard libraries.
func NewState() *lua.LState {
	return lua.NewState(lua.Options{CallStackSize: CallStackSize,
		RegistrySize: RegistrySize, RegistryMaxSize: RegistryMaxSize, RegistryGrowStep: registryGrowStep})
}
