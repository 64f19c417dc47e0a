// Package persist turns a running agent's Lua and Go state into a
// savefile value and back: the value codec of a save (Lua values, shared
// tables and cycles, classes, task and GOAP references, the functions a
// tree's build put in task fields), the save of one agent's tasks,
// fields, GOAP agents and variables (Run), and its restore into a fresh
// tree of the same script (RestoreRun: signature and task matching,
// tables refilled in place under a journal that Undo puts back, the
// OnLoad hooks), the checks of a save's loads and spawn arguments, and
// the baseline of the chunk locals task classes read (Baseline). It is
// handed a Lua state, trees, blackboards and the save's values, and
// knows no host, agent or engine: which state an agent runs in, its
// error policy and tick schedule are the host's.
package persist
