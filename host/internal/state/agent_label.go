package state

import (
	"errors"
	"strconv"
	"strings"

	"github.com/btlua/btlua/lua/luaerr"
)

// This file names agents in errors. A tree the script named is named by
// its name ("(tree guard2, task Attack)"). An unnamed tree whose script
// makes agents more than once (a factory started with Spawn, or a script
// loaded several times, as btlua -agents does), when the host has more
// than one agent, is named by the agent's number, its position in
// Agents() counted from 1: "(agent 2, task Attack)" in the errors of its
// ticks and of its OnEnds at a halt, a restart or Close, and "tick of agent
// 2, fac.lua factory return value 1" in the CPU budget's and memory
// limit's errors; those agents' task paths are alike, so the path alone
// does not tell them apart. Other unnamed trees keep the name of their
// start task and no agent in tick errors, so the errors of a script
// loaded once (one tree, or a list of trees whose paths differ) read as
// before. A sharded host numbers its agents across all shards, as its
// Agents lists them.

// Label names a in errors: its tree's own name; else its number, for an
// agent of a script that makes agents more than once; else its start
// task's name.
func (a *Agent) Label() string {
	if !a.tree.Named() {
		if n := a.State.agentNumber(a); n > 0 {
			return strconv.Itoa(n)
		}
	}
	return a.Name()
}

// Described names a in errors: its label and where the script returned
// it ("agent 2 (fac.lua, factory return value 1)"; see describe).
func (a *Agent) Described() string { return a.describe() }

// agentNumber returns a's position in the Agents of its host (the
// facade of a sharded host), from 1, when that host has more than
// one agent and a's script makes agents more than once (spawned, or
// loaded several times); 0 otherwise. Errors only call it.
func (h *State) agentNumber(a *Agent) int {
	e := h.Shared.Roster
	if len(e.AgentList()) < 2 || a.Load == nil {
		return 0
	}
	if !a.Load.Spawned && !loadedTwice(e.AllLoads(), a.Source) {
		return 0
	}
	return e.AgentRank(a) + 1
}

// loadedTwice reports whether loads hold more than one load of the
// script at path.
func loadedTwice(loads []*Load, path string) bool {
	n := 0
	for _, ld := range loads {
		if ld.Src.Path == path {
			if n++; n == 2 {
				return true
			}
		}
	}
	return false
}

// nameAgent names agent a in err, the error of its tick or of an OnEnd
// (Halt, restart, Close, reload), by its number when its tree has no
// name of its own (see agentNumber). An error whose message names a
// already, as the CPU budget's does ("... exceeded (tick of agent 2,
// fac.lua factory return value 1)"), is marked Named: it names a once.
func (h *State) nameAgent(a *Agent, err error) {
	var le *luaerr.Error
	if !errors.As(err, &le) {
		return
	}
	if strings.HasSuffix(le.Msg, " of "+a.flatDescribe()+")") {
		le.Named = true
	}
	if le.Tree != "" || a.tree.Named() {
		return
	}
	if n := h.agentNumber(a); n > 0 {
		le.Agent = strconv.Itoa(n)
	}
}
