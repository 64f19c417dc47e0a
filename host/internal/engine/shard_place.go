package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// ExpectAgents is host.Host.ExpectAgents.
func (h *Runtime) ExpectAgents(n int) {
	defer h.use("ExpectAgents").Leave()

	if h.RefuseClosed("ExpectAgents") != nil {
		return
	}
	h.eng.PlaceNext(n)
}

// PlaceNext is engine.PlaceNext: the runs of the next n loads
// (host/internal/shards/place.go).
func (sh *sharding) PlaceNext(n int) { sh.eng.ExpectAgents(n) }

// refuseTicking refuses op (LoadFile, Spawn) called during a tick.
func (sh *sharding) refuseTicking(op string) error {
	if sh.host.ticking {
		return fmt.Errorf("%w: %s called from inside Tick; call it after Tick returns", state.ErrReentered, op)
	}
	return nil
}
