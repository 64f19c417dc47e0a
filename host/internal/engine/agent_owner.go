package engine

import "github.com/btlua/btlua/host/internal/state"

// owns reports whether a is an agent of h: of its own state on the
// classic host, of one of its shards on a sharded host. nil and agents of
// other hosts are not; the exported methods that take an *Agent ask it
// first.
func (h *Runtime) owns(a *state.Agent) bool {
	return a != nil && a.State != nil && a.State.Shared == &h.Shared
}
