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
//   - The due slots are taken round-robin from the cursor (the slot the
//     last frame stopped at), each counting its estimated cost (its
//     measured cost, or the mean of the measured slots when it has none)
//     against its lane: a lane is what runs in parallel (a shard's
//     goroutine on a core), each with the whole budget less the frame's
//     overhead (Planner.EndFrame: the frame time the estimates did not
//     explain, the plan itself, the join, collections; at least a quarter
//     of the budget is left to the agents). The frame stops
//     at the first due slot whose cost would take its lane over the
//     budget, unless no slot has been taken yet (a frame always makes
//     progress); the cursor moves there, so that slot is first next
//     frame and no slot starves. Without a budget every due slot runs.
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
