package wording

import (
	"reflect"
	"strings"
	"sync"

	"github.com/btlua/btlua/host/internal/savefile/format"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// kindKeys is, for each kind of object of a save (see shapeKind), the
// keys it may have: the JSON names of its Go type's fields. It is built
// at its first call (a save's error report), not at the process start.
var kindKeys = sync.OnceValue(func() map[string]map[string]bool {
	types := map[string]any{
		"file": format.File{}, "loads": format.Load{}, "agents": format.Agent{}, "tree": bt.TreeState{}, "tasks": bt.TaskState{},
		"policy": format.Policy{}, "schedule": format.Schedule{}, "refs": format.RefVars{}, "globals": format.Scope{}, "vars": format.Var{},
		"fields": format.Fields{}, "goap": format.Goap{}, "goapState": goap.AgentSave{}, "goal": goap.GoalSave{},
		"conds": goap.CondSave{}, "tables": format.Table{},
	}
	out := map[string]map[string]bool{}
	for kind, v := range types {
		t := reflect.TypeOf(v)
		keys := map[string]bool{}
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				keys[name] = true
			}
		}
		out[kind] = keys
	}
	return out
})
