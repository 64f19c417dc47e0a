package persist

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/savefile"
)

// Where RestoreAll puts the saved loads. Loads in one Lua state share its
// globals: a script that returns a plain tree (no factory), loaded twice
// in one state, runs its top level twice, and its classes' methods then
// use the chunk locals of the last run for both loads' agents. A save
// records the state (shard) of each load, and a restore on a host of as
// many Lua states puts each load back in its own, in the saved order, so
// that the same loads share a state as before. On another number of
// states that cannot be: a save whose loads are all factory spawns (each
// agent builds its own tree), or that holds one load, restores with the
// placement of Spawn and LoadFile; any other is refused (see
// Placement), never restored wrong. A save of version 1, which has no
// placement, restores as LoadFile and Spawn place.

// Placement reports whether the restore of f on a host of have Lua
// states (its Options.Shards is shards) puts each load in its saved Lua
// state (pin), or returns the error refusing a save whose loads depend
// on their state on a host of another number of states. The restore of
// one agent (one) places as Spawn and LoadFile.
func Placement(f *savefile.File, one bool, have, shards int) (pin bool, err error) {
	if one || f.Version == savefile.OldVersion {
		return false, nil
	}
	saved := max(f.Shards, 1)
	if saved == have {
		return true, nil
	}
	if len(f.Loads) <= 1 {
		return false, nil
	}
	first := -1
	times := 0
	for i, l := range f.Loads {
		if l.Spawned {
			continue
		}
		if first < 0 {
			first = i
		}
		if l.Script == f.Loads[first].Script {
			times++
		}
	}
	if first < 0 {
		return false, nil
	}
	script := f.Loads[first].Script
	what := fmt.Sprintf("%s is loaded %d times (LoadFile, no factory spawn)", script, times)
	if times == 1 {
		what = fmt.Sprintf("%s is loaded (LoadFile, no factory spawn) beside %d other loads", script, len(f.Loads)-1)
	}
	return false, fmt.Errorf("host: restoring: the save was made on %d shards and this host has %d: %s, and such agents depend on the Lua state each load ran in; restore it on %d shards (Options.Shards, --shards)",
		f.Shards, shards, what, f.Shards)
}
