// Package reload holds the transaction of a hot reload in one Lua state,
// apart from the host that applies it: the snapshot of everything a
// staged run can change (Take, restored by Snapshot.Restore when any part
// of the reload fails), the staged run of a file with a private global
// table (Stage) and its merge into the live globals, classes updated in
// place (Staged.Commit), the structure signature that decides whether a
// running tree keeps its state (Of, OfTask), the decision which loads of
// a script need new trees (PlanLoads), the references to a reloaded
// file found in the live trees, with each new subtree built and compared
// (PlanReferences), and the report (Report). It works on a *lua.LState,
// a *btlib.Lib and the trees it is given; it knows no host, agent or
// shard: the host hands it its agents' trees and applies the Plan it
// returns (new trees into its agents, swapped subtrees, the factory of a
// spawned script).
package reload
