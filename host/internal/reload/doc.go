// Package reload holds the transaction of a hot reload in one Lua state,
// apart from the host that applies it: the snapshot of everything a
// staged run can change (Take; Snapshot.Restore puts it back when any
// part of the reload fails), the staged run of a file with a private
// global table (Stage) and its merge into the live globals and
// package.loaded, classes updated in place (Staged.Commit,
// Staged.CommitModule), the refusal of a run that drops a class
// (Staged.Vanished), the structure signature that decides whether a
// running tree keeps its state (Of, OfTask), the decision which loads of
// a script need new trees (PlanLoads), the references to a reloaded file
// in the live trees, each with a new subtree built and compared
// (PlanReferences, Swap), and the report (Report). It works on a
// *lua.LState, its *btlib.Lib and the trees it is given, and knows no
// host, agent or shard: the host hands it its agents' trees and applies
// the Plan it returns (new trees into its agents, the factory of a
// spawned script, the swapped subtrees).
package reload
