package sharding

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// PlaceNext is engine.PlaceNext: the runs of the next n loads
// (host/internal/shards/place.go).
func (sh *Engine) PlaceNext(n int) { sh.eng.ExpectAgents(n) }

// refuseTicking refuses op (LoadFile, Spawn) called during a tick.
func (sh *Engine) refuseTicking(op string) error {
	if *sh.ticking {
		return fmt.Errorf("%w: %s called from inside Tick; call it after Tick returns", state.ErrReentered, op)
	}
	return nil
}
