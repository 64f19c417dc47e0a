package host

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// ReloadReport says what a reload changed.
type ReloadReport struct {
	// File is the reloaded file as the host knows it.
	File string
	// Classes lists the global tables (classes, modules) merged in place.
	Classes []string
	// Added lists new globals.
	Added []string
	// Changed lists the methods added, removed or whose code changed, as
	// "Class.Method".
	Changed []string
	// Rebuilt lists the trees rebuilt because their structure changed (or
	// because an error had stopped them); empty for a class-level reload.
	Rebuilt []string
	// Took is the time the reload took, from compiling to merging.
	Took time.Duration
}

// String is the one-line summary printed on stderr.
func (r *ReloadReport) String() string {
	var parts []string
	if len(r.Classes) > 0 {
		changed := "no code changed"
		if len(r.Changed) > 0 {
			changed = "changed " + strings.Join(r.Changed, ", ")
		}
		parts = append(parts, fmt.Sprintf("classes %s (%s)", strings.Join(r.Classes, ", "), changed))
	}
	if len(r.Added) > 0 {
		parts = append(parts, "new globals "+strings.Join(r.Added, ", "))
	}
	if len(r.Rebuilt) > 0 {
		parts = append(parts, "trees rebuilt: "+strings.Join(r.Rebuilt, ", "))
	} else {
		parts = append(parts, "running trees kept")
	}
	return fmt.Sprintf("reloaded %s in %s: %s", r.File, r.Took.Round(10*time.Microsecond), strings.Join(parts, "; "))
}

// Reload re-runs a file the host has loaded (a script given to LoadFile,
// or a file loaded through require or dofile) and applies it between two
// ticks. It must be called from the ticking goroutine; Watch calls it for
// changed files at the start of Tick.
//
// The file is compiled first (a syntax error stops there) and run with a
// staging global table; only when the run succeeds are its globals merged:
// a class or module table that already exists gets the new methods in
// place and loses the methods that disappeared, so running tasks call the
// new code on their next tick; Go method caches are dropped.
//
// The rule for trees: the trees a reloaded script returns are compared
// with the running trees it returned before, by structure (each task's
// class and name and its children in order, see signature). Same structure:
// a class-level reload; the running trees keep all their state (running
// child, timers, counters, blackboard) and the new trees are dropped.
// Different structure, a different number of trees, or a tree stopped by an
// error: a structure-level reload; the old tree is halted (OnEnd on its
// running tasks), its blackboard variables are copied into the new tree,
// and the new tree runs in its place.
//
// After a successful reload, the scripts of trees that an error had
// stopped are reloaded too (rebuilding those trees), so fixing a class in a
// module restarts the trees it broke.
//
// A failed reload changes nothing and returns a *luaerr.Error with the
// file and line: a syntax error, an error while the file runs, or a task
// class the file defined before and no longer defines (running tasks may
// use it).
//
// The reload runs under the CPU budget; Reload called from a script is
// refused.
func (h *Host) Reload(path string) (*ReloadReport, error) {
	h.refuseInScript("Reload")
	defer h.stretch("reloading "+path, nil)()
	rep, err := h.reload(path)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{rep.File: true}
	for _, a := range h.agents {
		if a.Err() == nil || seen[a.Source] {
			continue
		}
		seen[a.Source] = true
		if more, err := h.reload(a.Source); err == nil {
			rep.Rebuilt = append(rep.Rebuilt, more.Rebuilt...)
		}
	}
	return rep, nil
}

// reload is Reload of one file.
func (h *Host) reload(path string) (*ReloadReport, error) {
	abs, _ := filepath.Abs(path)
	src, ok := h.sources[filepath.Clean(abs)]
	if !ok {
		return nil, fmt.Errorf("reload %s: not a file this host has loaded", path)
	}
	start := time.Now()
	h.setSearchPath(src.path)
	st, err := h.stage(src.path)
	if err != nil {
		return nil, inFile(luaerr.From(luaerr.Stringify(h.L, err), ""), src.path)
	}
	if gone := h.vanished(src, st); len(gone) > 0 {
		return nil, &luaerr.Error{File: src.path, Msg: fmt.Sprintf(
			"%s no longer defined here; running tasks may use it, so nothing is reloaded (restart to remove a class)",
			strings.Join(gone, ", ")+map[bool]string{true: " is", false: " are"}[len(gone) == 1])}
	}
	var newAgents []*Agent
	if src.kind == scriptSource {
		if newAgents, err = h.agentsOf(src.path, st.rets); err != nil {
			return nil, err
		}
	}
	h.commit(st)
	for _, n := range st.names {
		if _, ok := h.L.GetGlobal(n).(*lua.LTable); ok && (h.definer(n) == nil || h.definer(n) == src) {
			src.define(n)
		}
	}
	if src.kind == moduleSource {
		h.mergeModule(src.module, st)
	}
	h.BT.Invalidate()
	h.GOAP.Invalidate()
	rep := &ReloadReport{File: src.path, Classes: st.merged, Added: st.added, Changed: st.changed}
	if src.kind == scriptSource {
		rep.Rebuilt = h.replaceTrees(src.path, newAgents)
	}
	rep.Took = time.Since(start)
	return rep, nil
}

// mergeModule merges the table a reloaded module returned into the module
// table already in package.loaded, in place.
func (h *Host) mergeModule(name string, st *staged) {
	if len(st.rets) == 0 {
		return
	}
	nt, ok := st.rets[0].(*lua.LTable)
	if !ok {
		return
	}
	loaded, ok := h.L.GetField(h.L.Get(lua.RegistryIndex), "_LOADED").(*lua.LTable)
	if !ok {
		return
	}
	if ot, ok := loaded.RawGetString(name).(*lua.LTable); ok {
		st.merge(h.L, name, ot, nt)
	}
}

// replaceTrees applies the tree rule of Reload to the agents of script
// path and returns the names of the rebuilt trees.
func (h *Host) replaceTrees(path string, fresh []*Agent) []string {
	var old []*Agent
	for _, a := range h.agents {
		if a.Source == path {
			old = append(old, a)
		}
	}
	same := len(old) == len(fresh)
	for i := 0; same && i < len(old); i++ {
		same = old[i].Err() == nil && signature(old[i].Tree) == signature(fresh[i].Tree)
	}
	if same {
		return nil
	}
	var rebuilt []string
	for i, a := range old {
		a.haltForReload()
		if i < len(fresh) {
			carryBlackboard(a.Tree, fresh[i].Tree)
			a.Tree = fresh[i].Tree
			a.status = 0
			rebuilt = append(rebuilt, a.Name())
		}
	}
	if len(fresh) != len(old) {
		kept := h.agents[:0]
		for _, a := range h.agents {
			if a.Source != path {
				kept = append(kept, a)
			}
		}
		h.agents = append(kept, fresh...)
		rebuilt = rebuilt[:0]
		for _, a := range fresh {
			rebuilt = append(rebuilt, a.Name())
		}
	}
	return rebuilt
}

// carryBlackboard copies the variables of from's blackboard into to's.
func carryBlackboard(from, to *btlib.Tree) {
	for _, name := range from.BT.Blackboard.Names() {
		v, _ := from.BT.Blackboard.Get(name)
		to.BT.Blackboard.Set(name, v)
	}
}
