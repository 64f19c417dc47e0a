// Package schedule decides, frame by frame, which agents of a host tick
// and with which delta time: each agent's tick interval (a rate per
// agent), a frame budget shared round-robin, and the lag of each tick. It
// knows nothing of Lua or of the host: an agent is a Slot, a frame is a
// call of Planner.Plan with the frame's clock and delta time, and the
// cost of a tick is what the caller measured (Slot.Observe), so that
// tests drive it with a fake clock and fake costs.
//
// The rule of a frame (Plan):
//
//   - Every slot's owed time grows by the frame's dt. A slot is due when
//     its owed time has reached its interval (within 1e-9 s, so that 12
//     frames of 1/60 s make an interval of 0.2 s); interval 0 is due at
//     every frame, and a slot that never ticked is due at once.
//   - Each lane (what runs in parallel: a shard's goroutine on a core)
//     takes its due slots round-robin from its own cursor (the slot it
//     stopped at last frame), each counting its estimated cost (its
//     measured cost, or the mean of the measured slots when it has none)
//     against the lane's budget: the whole budget less the frame's
//     overhead (Planner.EndFrame: the frame time the estimates did not
//     explain, the plan itself, the join, collections; at least a quarter
//     of the budget is left to the agents). A lane stops at its first
//     due slot whose cost would take it over the budget, unless it has
//     taken none yet (a lane always makes progress); its cursor moves
//     there, so that slot is first next frame and no slot starves. The
//     other lanes go on: a sharded host places announced agents in runs,
//     one run per shard, so a full lane must not stop its neighbours.
//     Without a budget every due slot runs.
//   - A slot taken runs with DT its owed time (the frame dt summed since
//     its last tick), which goes back to 0. Its lag is the frame clock
//     minus the clock of the first frame at which it was due: 0 when it
//     ran in that frame. Lag does not count the rounding of an interval
//     up to whole frames.
//   - An inactive slot (an agent that does not tick: completed, or
//     stopped by an error) costs nothing and records no lag: when due and
//     reached by the round-robin (it is not asked before), it is run with
//     DT the frame's dt (so that its restart, when due, ticks
//     as it would without a schedule).
//
// The set is decided before any agent ticks, from the estimates alone,
// so it is the same however the caller then spreads the agents over
// goroutines.
package schedule
