// Package standing converts an agent's standing between ticks, the part
// of its state that is neither its tree nor its Lua values, to and from
// a save's values: its place in its error policy's back-off (Backoff,
// SavePolicy, LoadPolicy: times relative to the host's clock) and its
// tick schedule (SaveSchedule, LoadSchedule: its interval and due state).
// It is handed values (a Backoff, the host's policy, the clock, a
// schedule slot) and knows no host, agent, engine or Lua; the host keeps
// each agent's Backoff and slot, and marks its planner after a restore.
package standing
