package hostsave

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stateload"
)

// restoreLoad starts the agents of the saved load sl: by Spawn or
// LoadFile, or, with pin on a sharded host, the same in the load's saved
// shard.
func restoreLoad(h Runtime, sl *savefile.Load, pin bool) ([]*state.Agent, error) {
	sh, sharded := h.Engine().(Placer)
	if !pin || !sharded {
		if sl.Spawned {
			a, err := h.Spawn(sl.Script, sl.Args)
			if err != nil {
				return nil, err
			}
			return []*state.Agent{a}, nil
		}
		return h.LoadFile(sl.Script)
	}
	if err := h.TryUse("RestoreAll"); err != nil {
		return nil, err
	}
	defer h.Leave()
	if err := h.RefuseClosed("RestoreAll"); err != nil {
		return nil, err
	}
	if h.Ticking() {
		return nil, fmt.Errorf("%w: RestoreAll called from inside Tick; call it after Tick returns", state.ErrReentered)
	}
	s := sh.Shard(sl.State) // savefile.Decode checked it is a state of the save's, as many as ours
	if sl.Spawned {
		a, err := stateload.Spawn(s, sl.Script, sl.Args)
		if err != nil {
			return nil, err
		}
		sh.Placed(a.Load)
		return []*state.Agent{a}, nil
	}
	agents, err := stateload.LoadFile(s, sl.Script)
	if err != nil {
		return nil, err
	}
	sh.Placed(s.Loads[len(s.Loads)-1])
	return agents, nil
}
