package sharding

import (
	"sync"
	"time"

	"github.com/btlua/btlua/host/internal/statereload"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/state"
)

// reloadShards is Reload of a sharded host, with the file's text data:
// the file is compiled once, then every shard that loaded it runs and
// merges it (prepareReload, each a stretch of its script work); only when
// all succeeded do they replace their trees. When one shard's run fails,
// the shards that ran already restore their snapshots, so nothing changed
// in any, and its error comes back. Then each shard reloads the scripts
// of its trees an error had stopped (see Reload). The report lists the
// classes and methods once (every shard merged the same) and the trees
// rebuilt, removed and started of every shard, shard by shard.
func (sh *Engine) reloadShards(src *state.Source, data []byte) (*state.ReloadReport, error) {
	start := time.Now()
	// The shards share the first one's compiled chunks.
	proto, err := sh.shards[0].Loader.Compile(src.Path, data)
	if err != nil {
		return nil, err
	}
	what := "reloading " + src.Path
	reps, err := shards.Transact(len(sh.shards), func(i int) (shards.Prepared[*state.ReloadReport], bool, error) {
		s := sh.shards[i]
		ss := s.Sources.At(src.Abs)
		if ss == nil {
			return nil, false, nil
		}
		s.BeginStretch(what, nil)
		p, err := statereload.PrepareReload(s, ss, proto)
		s.EndStretch()
		return shardReload{p, what}, true, err
	})
	if err != nil {
		return nil, err
	}
	rep := &state.ReloadReport{File: src.Path}
	for i, r := range reps {
		if i == 0 {
			rep.Classes, rep.Added, rep.Changed, rep.Replaced = r.Classes, r.Added, r.Changed, r.Replaced
			rep.NotMerged = r.NotMerged
		}
		rep.Rebuilt = append(rep.Rebuilt, r.Rebuilt...)
		rep.Removed = append(rep.Removed, r.Removed...)
		rep.Started = append(rep.Started, r.Started...)
	}
	sh.eng.Relist()
	rep.Took = time.Since(start)
	return rep, nil
}

// shardReload is one shard's prepared reload (shards.Prepared): Apply
// replaces its trees and reloads the scripts of those an error had
// stopped, as a stretch of its script work; Abort restores its snapshot.
type shardReload struct {
	p    *statereload.PendingReload
	what string
}

func (r shardReload) Abort() { r.p.Abort() }

func (r shardReload) Apply() *state.ReloadReport {
	p := r.p
	p.State.BeginStretch(r.what, nil)
	rep := p.Apply()
	statereload.ReloadFailed(p.State, p.Src, rep)
	p.State.EndStretch()
	return rep
}

// watchShards is Watch of a sharded host: the watcher watches every
// shard's files, and each shard hands the files it loads later to it
// (through shardWatcher); the host's ApplyReloads reloads them in
// every shard.
func (sh *Engine) watchShards(w state.Watcher) {
	proxy := &shardWatcher{w: w, seen: map[string]bool{}}
	for _, s := range sh.shards {
		s.Watcher = proxy
		for _, abs := range s.Sources.Keys() {
			s.WatchFile(abs)
		}
	}
}

// shardWatcher is a shard's Watcher on a sharded host: Add goes to the
// host's watcher, once per file whichever shards load it (shards
// may require a file during their ticks, concurrently); the changes are
// the host's to apply.
type shardWatcher struct {
	mu   sync.Mutex
	w    state.Watcher
	seen map[string]bool
}

// Add watches path with the host's watcher, the first time.
func (sw *shardWatcher) Add(path string) error {
	sw.mu.Lock()
	defer sw.mu.Unlock()
	if sw.seen[path] {
		return nil
	}
	sw.seen[path] = true
	return sw.w.Add(path)
}

// Changes returns nothing: the host applies the changes.
func (sw *shardWatcher) Changes() []state.Change { return nil }

// Close does nothing: the host closes its watcher.
func (sw *shardWatcher) Close() error { return nil }
