// Package goap is Goal-Oriented Action Planning for game AI, in pure Go (no
// Lua: the scripting bindings wrap this API).
//
// Its semantics come from the seed GOAP (goap-02: a C# Action with
// preconditions/effects/cost/target/inRange and runtime hooks, an IGoap data
// provider, an exhaustive "Planer", a stack FSM and an Agent whose FSM goes
// Idle -> PerformAction <-> MoveTo). The pieces:
//
//   - Value, WorldState: typed world-state values (bool, float64 number,
//     string) under string keys, compared exactly.
//   - Condition, Effect: key op value tests (==, !=, <, <=, >, >=) and
//     changes (Set, Add/Sub). A missing key reads as false / 0 / "".
//   - Action, Behavior: what an agent can do, with optional runtime hooks.
//   - Goal: conditions plus a priority.
//   - Planner, Plan: cheapest-plan A* search (useless actions left out,
//     dominance pruning on monotone numeric keys, a state-equation LP plus
//     LM-cut heuristic, or h_max with numeric deficit bounds, optional
//     weighted A*; node, time and memory budgets), with Explain for traces;
//     PlanGoals picks the highest-priority achievable goal.
//   - Request: one search spread over frames (Planner.Begin, Step).
//   - Pool: declarative problems planned on worker goroutines.
//   - DataProvider, Agent: the game-side interface and the per-character
//     planning/execution FSM (package fsm), with goal priorities that
//     interrupt a running plan at safe points (Interruptible,
//     InterruptListener, Agent.WorldChanged).
//   - AgentState, AgentObserver: the agent's state as plain data
//     (Agent.Snapshot) and its events, for inspectors and traces.
//
// Seed faults fixed here:
//
//   - The planner enumerated every permutation of actions (exponential), with
//     no duplicate-state detection and no action reuse (so "mine, buy, mine"
//     was impossible). Planner is A* with a closed set, reuse, a node budget
//     (ErrBudget, never a partial plan), deterministic tie-breaking and a
//     replay check of every plan.
//   - Its InState test compared the sets the wrong way round, and its
//     PopulateState kept a key's old pair beside the changed one. Here
//     conditions are evaluated per key and effects overwrite.
//   - Values were boxed objects; equality of numbers and kinds was loose.
//   - A goal that already held was planned for; here it yields an empty
//     plan with Satisfied set.
//   - The Agent replanned every tick after a failure (now: doubling backoff),
//     its MoveTo test was inverted and aborted silently when an action had a
//     target (now: an action that needs range and has no Target aborts the
//     plan with exactly one PlanAborted), and its FSM threw on an empty stack.
//   - Action.DoReset cleared Target, losing static targets; Reset keeps it.
//
// Units: costs and priorities are plain numbers (cost units); the Agent's
// backoff is counted in ticks (Agent.Update calls). Nothing here is safe for
// concurrent use except Pool, which gives each goroutine its own Planner;
// there is no global state.
package goap
