package goap

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Explain returns a human readable, multi-line account of the last Plan
// call: the goal, the start state, the usable actions, the heuristic, the
// result (plan with per-step costs, or the error) and the search counters.
// Relevant actions are those that can matter for the goal (see Planner).
// With Planner.Trace set it also lists every expansion (`expand #n g= h= f=
// state`), heuristic raise (`raise h 2 -> 12, requeue state`: the lazily
// computed h_max part exceeded the quick bound), dead end (`dead end g=
// state`: h_max found the goal unreachable) and successor (`  + Action -> g=.. new|better|dup|self state`:
// a new state, a cheaper path to a known open state, a known state, or an
// action that changes nothing), up to TraceLimit lines. States show only the keys the planner kept (with no
// CostFunc, keys no condition reads are left out; missing keys whose uses
// all share one kind show as that kind's zero). Explain returns "" before
// the first Plan call.
func (p *Planner) Explain() string {
	if p.last.Goal == nil && p.lastErr == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "goal: %v\n", p.last.Goal)
	var pe *PlanError
	if errors.As(p.lastErr, &pe) && errors.Is(pe.Err, ErrInvalid) && pe.Visited == 0 {
		fmt.Fprintf(&b, "error: %v\n", p.lastErr)
		return b.String()
	}
	fmt.Fprintf(&b, "start: %v\n", p.lastStart.Clone())
	fmt.Fprintf(&b, "actions: %d given, %d relevant", p.nUsable, len(p.acts))
	for i := range p.acts {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(p.acts[i].act.Name)
		if i == len(p.acts)-1 {
			b.WriteString(")")
		}
	}
	b.WriteByte('\n')
	if p.DisableHeuristic {
		b.WriteString("heuristic: none (h = 0)\n")
	} else if len(p.lpRows) == 0 {
		fmt.Fprintf(&b, "heuristic: max(ceil(unmet goal keys / %d) * %s, h_max over %d conditions)\n",
			p.hDiv, fmtCost(p.hPerStep), len(p.hmAtoms))
	} else {
		fmt.Fprintf(&b, "heuristic: max(ceil(unmet goal keys / %d) * %s, state-equation LP (%d rows, %d actions) + h_max over %d conditions at the reduced costs)\n",
			p.hDiv, fmtCost(p.hPerStep), len(p.lpRows), len(p.lpVars), len(p.hmAtoms))
	}
	if len(p.trace) > 0 {
		b.Write(p.trace)
	}
	switch {
	case p.lastErr != nil:
		fmt.Fprintf(&b, "result: %v\n", p.lastErr)
	case p.last.Satisfied:
		b.WriteString("result: goal already satisfied, empty plan\n")
	default:
		fmt.Fprintf(&b, "result: plan of %d actions, cost %s\n", len(p.last.Actions), fmtCost(p.last.Cost))
		// Per-step costs, recomputed along the plan on the public state.
		ws := p.lastStart.Clone()
		for i, a := range p.last.Actions {
			fmt.Fprintf(&b, "  %d. %s (cost %s)\n", i+1, a.Name, fmtCost(a.CostIn(ws)))
			a.Apply(ws)
		}
		fmt.Fprintf(&b, "end state: %v\n", ws)
	}
	fmt.Fprintf(&b, "expanded %d nodes, visited %d states\n", p.last.Expanded, p.last.Visited)
	return b.String()
}

func fmtCost(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }

func (p *Planner) stateString(st []slot) string {
	var b strings.Builder
	b.WriteByte('{')
	// keys in sorted order for stable output
	first := true
	for _, name := range sortedKeys(p.keyNames) {
		id := p.keyID(name, false)
		if st[id].kind == KindNone {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(name)
		b.WriteByte('=')
		b.WriteString(p.decode(st[id]).String())
	}
	b.WriteByte('}')
	return b.String()
}

func sortedKeys(keys []string) []string {
	ws := &WorldState{m: make(map[string]Value, len(keys))}
	for _, k := range keys {
		ws.m[k] = Value{}
	}
	return ws.Keys()
}

func (p *Planner) traceLine(format string, args ...any) {
	if !p.Trace {
		return
	}
	limit := p.TraceLimit
	if limit <= 0 {
		limit = 500
	}
	if p.traceN >= limit {
		if p.traceN == limit {
			p.trace = append(p.trace, "... trace truncated\n"...)
			p.traceN++
		}
		return
	}
	p.traceN++
	p.trace = fmt.Appendf(p.trace, format, args...)
	p.trace = append(p.trace, '\n')
}

func (p *Planner) nodeState(idx int32) []slot {
	return p.arena[int(idx)*p.k : int(idx+1)*p.k]
}

func (p *Planner) traceExpand(idx int32, n int) {
	if !p.Trace {
		return
	}
	nd := &p.nodes[idx]
	p.traceLine("expand #%d g=%s h=%s f=%s %s", n, fmtCost(nd.g), fmtCost(nd.h), fmtCost(nd.g+nd.h), p.stateString(p.nodeState(idx)))
}

// traceSucc records a successor: the node it reached, or with idx -1 (a
// state not stored, e.g. a dominated one) the state st itself.
func (p *Planner) traceSucc(ca *cAction, idx int32, st []slot, g float64, kind string) {
	if !p.Trace {
		return
	}
	if idx >= 0 {
		st = p.nodeState(idx)
	}
	p.traceLine("  + %s -> g=%s %s %s", ca.act.Name, fmtCost(g), kind, p.stateString(st))
}

func (p *Planner) traceGoal(idx int32) {
	if !p.Trace {
		return
	}
	p.traceLine("goal reached g=%s %s", fmtCost(p.nodes[idx].g), p.stateString(p.nodeState(idx)))
}
