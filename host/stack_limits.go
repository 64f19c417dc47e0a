package host

import "github.com/btlua/btlua/host/internal/vm"

// The Lua state's stack limits (package vm holds them). A script past
// them gets a Lua error ("stack overflow", "registry overflow") that
// stops it like any other, never a Go crash.
const (
	// CallStackSize is the depth of Lua calls (Lua functions, and Go
	// functions called from Lua: pcall, metamethods, gsub's function) a
	// state or coroutine may nest: deeper recursion raises "stack
	// overflow".
	CallStackSize = vm.CallStackSize
	// RegistrySize is the initial size, in values, of a state's data
	// stack (locals, arguments, results), and RegistryMaxSize the size it
	// may grow to (1 MiB of values): unpack of a 100000-element table
	// raises "registry overflow" while one of 6000 works.
	RegistrySize    = vm.RegistrySize
	RegistryMaxSize = vm.RegistryMaxSize
)

// ThreadRegistrySize is the initial size, in values, of a coroutine's data
// stack (it grows as the state's does, up to RegistryMaxSize), however
// large the state's (both are 16 KiB).
const ThreadRegistrySize = vm.ThreadRegistrySize
