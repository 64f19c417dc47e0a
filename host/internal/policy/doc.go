// Package policy is a host's error policy as values and arithmetic: what
// happens to an agent whose tick raised an error (Action: stop it,
// restart it after a back-off, or fail the tick), the rule an agent or
// the host has (Policy) and its check, the back-off of restarts
// (Backoff: doubled after each restart that fails again, reset after a
// quiet spell), and Log, which writes a run's tick errors so that one
// repeated tick after tick is written once per interval with a count, and
// the errors of one tick that differ only in their agent once.
// Times are the host's tick clock in seconds. It knows no host, agent or
// Lua: the host keeps each agent's place in its back-off and applies the
// action.
package policy
