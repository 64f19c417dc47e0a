package inspect

import "slices"

// varTable is a blackboard as the model keeps it: the variables in the
// order first written, found by a scan of their names while there are up
// to smallTable of them (the names of a tick's writes are the same
// strings as the last tick's, so most comparisons are of one pointer),
// by an index beyond. The entries are kept inline, so a write touches one
// or two cache lines of the agent's state.
type varTable struct {
	entries []varEntry
	index   map[string]int // nil up to smallTable entries
}

// smallTable is the number of variables up to which a varTable is
// scanned rather than indexed.
const smallTable = 16

type varEntry struct {
	name string
	varState
}

// get returns the variable name, nil when the table has none.
func (t *varTable) get(name string) *varState {
	if t.index != nil {
		if i, ok := t.index[name]; ok {
			return &t.entries[i].varState
		}
		return nil
	}
	for i := range t.entries {
		if t.entries[i].name == name {
			return &t.entries[i].varState
		}
	}
	return nil
}

// set records a write of name.
func (t *varTable) set(name string, v varState) {
	if x := t.get(name); x != nil {
		*x = v
		return
	}
	t.entries = append(t.entries, varEntry{name: name, varState: v})
	if t.index != nil {
		t.index[name] = len(t.entries) - 1
	} else if len(t.entries) > smallTable {
		t.reindex()
	}
}

// reindex builds the index, or drops it when the table is small again.
func (t *varTable) reindex() {
	if len(t.entries) <= smallTable {
		t.index = nil
		return
	}
	t.index = make(map[string]int, len(t.entries))
	for i, e := range t.entries {
		t.index[e.name] = i
	}
}

// remove drops name (a write of nil).
func (t *varTable) remove(name string) {
	if t.get(name) == nil {
		return
	}
	t.entries = slices.DeleteFunc(t.entries, func(e varEntry) bool { return e.name == name })
	t.reindex()
}

// sorted returns the entries sorted by name.
func (t *varTable) sorted() []varEntry {
	out := slices.Clone(t.entries)
	slices.SortFunc(out, func(a, b varEntry) int {
		switch {
		case a.name < b.name:
			return -1
		case a.name > b.name:
			return 1
		}
		return 0
	})
	return out
}
