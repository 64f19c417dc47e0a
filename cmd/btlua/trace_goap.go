package main

import (
	"fmt"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// goapTrace is the tracer's observer on a GOAP agent that tasks of a
// traced tree run (BTGoapAgentTask): it keeps the agent's events as trace
// lines, "PATH: goap: EVENT", PATH the task running the agent.
type goapTrace struct {
	agent *goap.Agent
	prev  goap.AgentObserver
	tasks []bt.Task
	cur   bt.Task
	lines *[]string
}

// AgentEvent keeps ev as a line and passes it on.
func (g *goapTrace) AgentEvent(ev goap.AgentEvent) {
	for _, t := range g.tasks {
		if t.Base().Started() {
			g.cur = t
			break
		}
	}
	*g.lines = append(*g.lines, fmt.Sprintf("%s: goap: %s", bt.Path(g.cur), ev))
	if g.prev != nil {
		g.prev.AgentEvent(ev)
	}
}

// traceGoap installs a goapTrace on each GOAP agent the tasks under root
// run, its lines into lines, and returns them.
func traceGoap(root bt.Task, lines *[]string) []*goapTrace {
	var out []*goapTrace
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if t == nil {
			return
		}
		if ag := host.GoapAgentOf(t); ag != nil {
			var g *goapTrace
			for _, x := range out {
				if x.agent == ag {
					g = x
				}
			}
			if g == nil {
				g = &goapTrace{agent: ag, prev: ag.Observer, cur: t, lines: lines}
				ag.Observer = g
				out = append(out, g)
			}
			g.tasks = append(g.tasks, t)
		}
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(root)
	return out
}

// untraceGoap removes the observers traceGoap installed.
func untraceGoap(gs []*goapTrace) {
	for _, g := range gs {
		if g.agent.Observer == goap.AgentObserver(g) {
			g.agent.Observer = g.prev
		}
	}
}
