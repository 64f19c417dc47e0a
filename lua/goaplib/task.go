package goaplib

import (
	"errors"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// agentTask is the behavior-tree leaf that runs a GOAP agent: one agent
// tick per tree tick. A run of the task is one plan carried out:
//
//   - Success: the provider's ActionsFinished fired during this tick (the
//     plan's last action completed), or the agent was idle, not backing
//     off, and found every goal already met (nothing to do).
//   - Failure: PlanAborted fired (an action's Perform returned false, or an
//     action that needs range lost its target), or a planning round failed
//     for every unmet goal (PlanFailed fired and PlanFound did not); when
//     the provider has no PlanFailed method, the run queues a PlanWarning
//     (see Lib.TakeWarnings).
//   - Running: otherwise: while planning succeeds and the plan is being
//     moved to and performed, and while the agent skips planning ticks
//     (backoff after a failure).
//
// OnEnd drops a plan under way (an interrupted run: goap.Agent.Replan, with
// no provider callback); a finished or failed run leaves the agent idle
// and keeps its planning backoff, so a tree that retries at once does not
// replan every tick.
type agentTask struct {
	bt.Action
	agent *luaAgent
}

// Kind returns "BTGoapAgentTask", the task's kind in paths, the
// inspector and --dot (its table is a BTAction).
func (t *agentTask) Kind() string { return "BTGoapAgentTask" }

// OnUpdate ticks the agent and maps the provider callbacks of this tick to
// a status (see agentTask).
func (t *agentTask) OnUpdate() bt.Status {
	ag, p := t.agent.ag, t.agent.prov
	planning := ag.StateName() == goap.StateIdle && ag.BackoffTicks() == 0
	found, failed, finished, aborted := p.found, p.failed, p.finished, p.aborted
	t.agent.update()
	switch {
	case p.finished != finished:
		return bt.Success
	case p.aborted != aborted:
		return bt.Failure
	case p.found != found:
		return bt.Running
	case p.failed != failed:
		t.warnFailed()
		return bt.Failure
	case planning && ag.StateName() == goap.StateIdle && ag.BackoffTicks() == 0:
		return bt.Success // every goal already met
	}
	return bt.Running
}

// OnEnd drops a plan under way (see agentTask).
func (t *agentTask) OnEnd() {
	if ag := t.agent.ag; ag.StateName() != goap.StateIdle || ag.CurrentAction() != nil {
		ag.Replan()
	}
}

// registerTask creates the task factory: the table bt.GoapAgentTask, also
// the global BTGoapAgentTask, whose New(agent, name?) returns a task table
// (an instance of BTAction backed by an agentTask) that can be added to
// any tree like a built-in task. Its fields: agent (the agent table) and
// name (default "GoapAgent").
func (lib *Lib) registerTask() {
	L := lib.L
	f := L.NewTable()
	f.RawSetString("New", L.NewFunction(lib.taskNew))
	lib.taskFactory = f
	lib.BT.Module.RawSetString("GoapAgentTask", f)
	L.SetGlobal("BTGoapAgentTask", f)
}

// taskNew is BTGoapAgentTask:New(agent, name?).
func (lib *Lib) taskNew(L *lua.LState) int {
	if self, ok := L.Get(1).(*lua.LTable); !ok || lib.st.Unseal(self) != lib.taskFactory { // a sandbox's proxy is the factory
		lib.raise("BTGoapAgentTask:New(agent): call it with a colon, got self %s", luaerr.Describe(L.Get(1)))
	}
	ag, ok := agentOf(L.Get(2))
	if !ok {
		lib.raise("BTGoapAgentTask:New(agent): agent must be made with goap.Agent:New(), got %s", luaerr.Describe(L.Get(2)))
	}
	name := "GoapAgent"
	switch n := L.Get(3).(type) {
	case lua.LString:
		name = string(n)
	case *lua.LNilType:
	default:
		lib.raise("BTGoapAgentTask:New(agent, name): name must be a string, got %s", luaerr.Describe(n))
	}
	tbl, err := lib.newTask(ag, name)
	if err != nil {
		lib.raise("BTGoapAgentTask:New: %v", err)
	}
	L.Push(tbl)
	return 1
}

// newTask wraps a new agentTask for ag in a task table.
func (lib *Lib) newTask(ag *luaAgent, name string) (*lua.LTable, error) {
	impl := &agentTask{agent: ag}
	tbl, err := lib.BT.WrapTask(impl, "BTAction")
	if err != nil {
		return nil, err
	}
	impl.Base().Name = name
	tbl.RawSetString("name", lua.LString(name))
	tbl.RawSetString("agent", ag.self)
	return tbl, nil
}

// AgentTask returns a new task table running the Lua agent table agent, as
// BTGoapAgentTask:New(agent) does. It needs the behavior-tree library (Open
// with a non-nil bt).
func (lib *Lib) AgentTask(agent lua.LValue) (*lua.LTable, error) {
	if lib.BT == nil {
		return nil, errors.New("goap: AgentTask: the library was opened without a behavior-tree library")
	}
	ag, ok := agentOf(agent)
	if !ok {
		return nil, errNotAgent(agent)
	}
	return lib.newTask(ag, "GoapAgent")
}

// TaskAgent returns the GOAP agent that t runs when t is a BTGoapAgentTask
// (the task as a tree holds it: the binding's wrapper, whose Unwrap gives
// the agent task, or the agent task itself), and false for any other task.
// Inspectors and traces use it to find a tree's GOAP agents.
func TaskAgent(t bt.Task) (*goap.Agent, bool) {
	if w, ok := t.(interface{ Unwrap() bt.Task }); ok {
		t = w.Unwrap()
	}
	if at, ok := t.(*agentTask); ok {
		return at.agent.ag, true
	}
	return nil, false
}
