package engine

import "fmt"

// ExpectAgents is host.Host.ExpectAgents.
func (h *Runtime) ExpectAgents(n int) {
	defer h.use("ExpectAgents").done()

	if h.refuseClosed("ExpectAgents") != nil {
		return
	}
	h.eng.placeNext(n)
}

// placeNext is engine.placeNext: the runs of the next n loads
// (host/internal/shards/place.go).
func (sh *sharding) placeNext(n int) { sh.eng.ExpectAgents(n) }

// refuseTicking refuses op (LoadFile, Spawn) called during a tick.
func (sh *sharding) refuseTicking(op string) error {
	if sh.host.ticking {
		return fmt.Errorf("%w: %s called from inside Tick; call it after Tick returns", errReentered, op)
	}
	return nil
}
