package persist

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/goaplib"
	lua "github.com/yuin/gopher-lua"
)

// checkGoapRefs refuses a saved GOAP agent g whose provider or actions
// are not what a save of p holds: a table reference {"t": N} for each of
// p's tables, null for an action without a Lua table. where names the
// agent ("the GOAP agent of task R/a[1]").
func checkGoapRefs(g *savefile.Goap, p goaplib.AgentParts, where string) error {
	if len(g.Actions) != len(p.Actions) {
		return fmt.Errorf("%s has %d actions, the save %d (\"actions\")", where, len(p.Actions), len(g.Actions))
	}
	if err := tableRefFits(g.Provider, p.Provider); err != nil {
		return fmt.Errorf("%s: \"provider\" %v", where, err)
	}
	for j, v := range g.Actions {
		if err := tableRefFits(v, p.Actions[j]); err != nil {
			return fmt.Errorf("%s: \"actions\"[%d] (%s) %v", where, j+1, p.Agent.Actions[j].Name, err)
		}
	}
	// Each action's table is its own (the script binds one Go action to
	// each), and not the provider's: a reference edited to another's
	// would leave the action's table as the script built it.
	owner := map[float64]string{}
	if n, ok := tableRef(g.Provider); ok {
		owner[n] = `"provider"`
	}
	for j, v := range g.Actions {
		n, ok := tableRef(v)
		if !ok {
			continue
		}
		if other, dup := owner[n]; dup {
			return fmt.Errorf("%s: \"actions\"[%d] (%s) is %s, as is %s: each action has its own table", where, j+1, p.Agent.Actions[j].Name, values.SavedText(v), other)
		}
		owner[n] = fmt.Sprintf("\"actions\"[%d] (%s)", j+1, p.Agent.Actions[j].Name)
	}
	return nil
}

// tableRef returns N of the saved table reference {"t": N}.
func tableRef(v any) (float64, bool) {
	if r, ok := v.(savefile.Ref); ok {
		return float64(r.N), r.Key == "t"
	}
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return 0, false
	}
	n, ok := m["t"].(float64)
	return n, ok
}

// tableRefFits checks that the saved value v is a table reference when
// t, the fresh agent's table there, is a table, and null when it is nil.
func tableRefFits(v any, t *lua.LTable) error {
	m, isRef := v.(map[string]any)
	if isRef {
		_, isRef = m["t"]
		isRef = isRef && len(m) == 1
	} else if r, ok := v.(savefile.Ref); ok {
		isRef = r.Key == "t"
	}
	switch {
	case t == nil && v != nil:
		return fmt.Errorf("is %s, want null (the action has no Lua table)", values.SavedText(v))
	case t != nil && !isRef:
		return fmt.Errorf("is %s, want a table reference {\"t\": N}", values.SavedText(v))
	}
	return nil
}
