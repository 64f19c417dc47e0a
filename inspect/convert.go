package inspect

import (
	"fmt"
	"github.com/btlua/btlua/lua/btailib"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// toRecord fills r from ev. It runs on the ticking goroutine: it reads the
// tasks of a tree event and the value of a write.
func toRecord(r *Record, ev *host.Event) {
	r.reset()
	r.T, r.K, r.A = ev.Tick, ev.Kind.String(), ev.AgentID
	switch ev.Kind {
	case host.EventTree:
		r.Name, r.Src = ev.Agent.Name(), ev.Agent.Source
		r.Nodes = nodeInfos(ev.Nodes)
	case host.EventStarted:
		r.N = ev.Node.Int()
	case host.EventStatus:
		r.N, r.S = ev.Node.Int(), ev.Status.String()
	case host.EventEnded:
		r.N, r.S = ev.Node.Int(), ev.Status.String()
		if ev.Cause.Early() {
			r.C, r.By = ev.Cause.Kind.String(), ev.ByNode.Int()
		}
	case host.EventVariable:
		r.Name, r.G, r.W = ev.Name, ev.Global, ev.WriterNode.Int()
		if r.G {
			r.A = 0
		}
		if ev.New != nil {
			r.V = jsonValue(ev.New)
		}
	case host.EventBTAI:
		r.N, r.I, r.S = ev.Node.Int(), ev.BTAINode, ev.BTAIState.String()
	case host.EventState:
		r.N, r.S, r.Run = ev.Node.Int(), ev.Status.String(), ev.Started
	case host.EventError:
		r.N, r.Err = ev.Node.Int(), ev.Err.Error()
	case host.EventReload:
		r.Path = ev.Path
		if ev.Err != nil {
			r.Err = ev.Err.Error()
		} else if ev.Reload != nil {
			r.Rebuilt, r.Removed, r.Started = ev.Reload.Rebuilt, ev.Reload.Removed, ev.Reload.Started
		}
	}
}

// nodeInfos describes the tasks of a tree, listed depth-first.
func nodeInfos(nodes []bt.Task) []NodeInfo {
	index := make(map[*bt.TaskBase]int, len(nodes))
	out := make([]NodeInfo, len(nodes))
	for i, t := range nodes {
		index[t.Base()] = i
		p := -1
		if pt := t.Base().Parent(); pt != nil {
			if j, ok := index[pt.Base()]; ok {
				p = j
			}
		}
		out[i] = NodeInfo{Parent: p, Name: bt.DisplayName(t), Kind: bt.Kind(t), Abort: abortOf(t), Args: argsOf(t), File: bt.ReferenceFile(t)}
	}
	// The BTAI trees of BT.Root tasks, after the tree's own tasks (whose
	// numbers the events use).
	for i, t := range nodes {
		sub, ok := btailib.TreeNodes(t)
		if !ok {
			continue
		}
		out[i].Args = ""
		base := len(out)
		for _, n := range sub {
			p := i
			if n.Parent >= 0 {
				p = base + n.Parent
			}
			args := n.Text
			if args == n.Kind {
				args = ""
			}
			name := n.Name
			if name == "" {
				name = n.Kind
			}
			out = append(out, NodeInfo{Parent: p, Name: name, Kind: "btai." + n.Kind, Args: args, BTAI: true})
		}
	}
	return out
}

// abortOf returns the conditional abort type of a composite (of a Lua
// task's built-in behaviour), "" for None and for other tasks.
func abortOf(t bt.Task) string {
	type aborter interface{ AbortType() bt.AbortType }
	a, ok := t.(aborter)
	if w, isW := t.(interface{ Unwrap() bt.Task }); !ok && isW {
		a, ok = w.Unwrap().(aborter)
	}
	if !ok || a.AbortType() == bt.AbortNone {
		return ""
	}
	return a.AbortType().String()
}

// argsOf returns a task's constructor arguments as written (the Lua
// binding's StructureSignature), "" when it has none.
func argsOf(t bt.Task) string {
	if s, ok := t.(interface{ StructureSignature() string }); ok {
		return s.StructureSignature()
	}
	return ""
}

// jsonValue turns a variable's value, as an Event carries it (see
// host.Event.New), into a value JSON can carry: numbers, strings and
// booleans as they are (NaN and the infinities as their text); a table as
// a short text of its fields (see tableText); a function, coroutine or
// userdata as its text; any other Go value as fmt.Sprint gives it.
func jsonValue(v any) any {
	// v itself, not x, where it is kept: boxing x again would allocate.
	switch x := v.(type) {
	case nil, string, bool:
		return v
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprint(x)
		}
		return v
	case int:
		return float64(x)
	case []any, map[string]any:
		return tableText(x, 2)
	case host.Opaque:
		return x.Text
	}
	return fmt.Sprint(v)
}

// tableFieldsShown is how many fields tableText shows of a table.
const tableFieldsShown = 8

// tableText describes a table ([]any or map[string]any): {v, ...} or
// {k=v, ...} (keys sorted), up to tableFieldsShown fields, depth levels
// of nested tables ("{...}" below).
func tableText(t any, depth int) string {
	if depth == 0 {
		return "{...}"
	}
	var sb strings.Builder
	sb.WriteByte('{')
	n := 0
	field := func(key string, v any) {
		if n > 0 {
			sb.WriteString(", ")
		}
		n++
		if _, more := v.(host.More); more || n > tableFieldsShown {
			sb.WriteString("...")
			return
		}
		if key != "" {
			sb.WriteString(key)
			sb.WriteByte('=')
		}
		sb.WriteString(fieldText(v, depth))
	}
	switch x := t.(type) {
	case []any:
		for _, v := range x {
			if field("", v); n > tableFieldsShown {
				break
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k, v := range x {
			if _, more := v.(host.More); !more {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if field(k, x[k]); n > tableFieldsShown {
				break
			}
		}
		if _, more := x["..."].(host.More); more && n <= tableFieldsShown {
			field("", host.More{})
		}
	}
	sb.WriteByte('}')
	return sb.String()
}

// fieldText is the text of a table's field value: a string quoted, a
// number as Lua writes it, a nested table by tableText one level down.
func fieldText(v any, depth int) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return strconv.Quote(x)
	case float64:
		if x == float64(int64(x)) {
			return strconv.FormatInt(int64(x), 10)
		}
		return fmt.Sprint(x)
	case []any, map[string]any:
		return tableText(x, depth-1)
	case host.Opaque:
		if x.Type == "table" {
			return "{...}"
		}
		return x.Text
	}
	return fmt.Sprint(v)
}
