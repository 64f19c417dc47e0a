// Package statereload applies a reload to one Lua state of package
// host/internal/state: the snapshot, the staged run of the file and the
// merge of its globals (package host/internal/reload's transaction, run
// by the state's loader), then the plan of what changes (the trees of
// each load of a script, the new factory of a spawned one, the subtrees
// of a referenced file) and, only when every step succeeded, the plan
// applied to the state's loads and agents; a failed run restores the
// snapshot. PrepareReload and PendingReload split the two halves so that
// a sharded host applies a reload in every shard or in none; Reload does
// both, ReloadFailed then reloads the scripts of trees an error stopped.
package statereload
