package persist

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/savefile"
)

// CheckLoads refuses a save whose loads a restore cannot start as saved:
// a spawned load of other than one agent (a factory returns one tree),
// spawn arguments a save cannot hold (plainArgs).
func CheckLoads(f *savefile.File) error {
	for li := range f.Loads {
		sl := &f.Loads[li]
		if !sl.Spawned {
			continue
		}
		if len(sl.Agents) != 1 {
			return fmt.Errorf("%w: spawned load of %s holds %d agents, want 1", savefile.ErrBad, sl.Script, len(sl.Agents))
		}
		if sa := &sl.Agents[0]; sa.Index != 0 {
			return fmt.Errorf("%w: agent %q is tree %d of %s, spawned: a factory returns one tree", savefile.ErrBad, sa.Name, sa.Index+1, sl.Script)
		}
		if err := PlainArgs(sl.Args, "args"); err != nil {
			return fmt.Errorf("%w: load %d (%s): %v", savefile.ErrBad, li+1, sl.Script, err)
		}
	}
	return nil
}

// SharedLoads names the first two loads (LoadFile) of one script that
// the save f puts in one Lua state: restored in their saved states, the
// later one's top-level tables are of a copy of the first's classes,
// which a save never holds (SnapshotAll refuses it), so the save's
// "state" values were edited. "" when there are none.
func SharedLoads(f *savefile.File) string {
	for j, b := range f.Loads {
		for i, a := range f.Loads[:j] {
			if !a.Spawned && !b.Spawned && a.Script == b.Script && a.State == b.State {
				return fmt.Sprintf(`the save's "state" values are inconsistent (loads %d and %d of %s both have "state": %d, and a save cannot hold such loads sharing a Lua state)`, i+1, j+1, a.Script, a.State)
			}
		}
	}
	return ""
}
