package values

import lua "github.com/yuin/gopher-lua"

// Journal holds the contents, as they were before, of every existing
// Lua table a restore refilled in place, so that a restore that fails
// after writing can put them back. The agents a restore makes are fresh
// and dropped on failure, and the tables it makes anew are theirs; but a
// table the script built may be shared with live state (a chunk local
// of a factory, a global table set in a field), so each restore writes
// its agents' fields once and keeps this journal instead of checking the
// whole save in a dry pass first. The zero Journal is empty and ready.
type Journal struct {
	kept map[*lua.LTable]bool
	was  []keptTable
}

// keptTable is one table's fields before a restore refilled it.
type keptTable struct {
	t  *lua.LTable
	kv []lua.LValue // key, value, ...
}

// keep records t's fields, the first time a restore refills t.
func (j *Journal) keep(t *lua.LTable) {
	if j.kept[t] {
		return
	}
	if j.kept == nil {
		j.kept = map[*lua.LTable]bool{}
	}
	j.kept[t] = true
	var kv []lua.LValue
	t.ForEach(func(k, v lua.LValue) { kv = append(kv, k, v) })
	j.was = append(j.was, keptTable{t, kv})
}

// Undo puts every table kept back as it was.
func (j *Journal) Undo() {
	for i := len(j.was) - 1; i >= 0; i-- {
		w := j.was[i]
		var keys []lua.LValue
		w.t.ForEach(func(k, _ lua.LValue) { keys = append(keys, k) })
		for _, k := range keys {
			w.t.RawSet(k, lua.LNil)
		}
		for n := 0; n < len(w.kv); n += 2 {
			w.t.RawSet(w.kv[n], w.kv[n+1])
		}
	}
	j.was, j.kept = nil, nil
}
