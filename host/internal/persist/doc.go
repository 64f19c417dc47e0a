// Package persist saves a running agent's Lua and Go state into a
// savefile value and restores it: the save of one agent's tasks, fields
// (its class's OnSave and OnLoad hooks, saveSkip), GOAP agents and
// variables, and of the global variables (Run); the restore into a fresh
// tree of the same script (RestoreRun: signature and task matching, the
// checks of the fields entries and GOAP references, the OnLoad hooks,
// Undo of the tables refilled); the checks of a save's loads, spawn
// arguments, placement and error policy state; and the baseline of the
// chunk locals task classes read (Baseline). The value codec these
// drivers hand each scope's values to is package persist/values. It is
// handed a Lua state, trees, blackboards and the save's values, and
// knows no host, agent or engine: which state an agent runs in, its
// error policy and tick schedule are the host's.
package persist
