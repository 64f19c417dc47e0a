package host

import "github.com/btlua/btlua/host/internal/vm"

// luaVM is the VM of h's first state (the classic host's one), for tests
// that reach into the Lua state.
func (h *Host) luaVM() *vm.VM { return h.eng.states()[0].vm }

// sharded is h's sharded engine, or nil on the classic host.
func (h *Host) sharded() *sharding {
	sh, _ := h.eng.(*sharding)
	return sh
}
