package reload

import (
	"fmt"
	"strings"
	"time"
)

// Report says what a reload changed (host.ReloadReport).
type Report struct {
	// File is the reloaded file as the host knows it.
	File string
	// Classes lists the global tables (classes, modules) merged in place,
	// then the classes held only in locals that the trees a class-level
	// reload keeps paired with their new tables (see Pairs), as "local
	// NAME" (the class's name field) or "local class of PATH" (a running
	// task's path); such a class appears once for each load of the script
	// (each load has tables of its own).
	Classes []string
	// Added lists new globals.
	Added []string
	// Changed lists the methods added, removed or whose code changed, as
	// "Class.Method".
	Changed []string
	// NotMerged lists the classes held only in locals that were paired
	// and not merged, each with why (paired with several new classes, or
	// a class chain of another length): they keep their methods.
	NotMerged []string
	// Replaced lists the modules whose value is not a table (a function, a
	// number) and was replaced in package.loaded, as "name (a function)":
	// require returns the new value; code that kept the old one in a local
	// keeps it.
	Replaced []string
	// Rebuilt lists the running trees rebuilt because their structure
	// changed (or because an error had stopped them), by their names
	// before the reload, and the tree references whose subtree was
	// rebuilt, by their task paths; empty for a class-level reload.
	Rebuilt []string
	// Removed lists the trees halted and removed because the script no
	// longer returns them (it returns fewer trees, or none).
	Removed []string
	// Started lists the trees started because the script returns more
	// trees than before.
	Started []string
	// Took is the time the reload took, from compiling to merging.
	Took time.Duration
}

// String is the one-line summary the host logs (see Options.Logger), such as
//
//	reloaded ai/npc.lua in 390µs: classes Walker (changed Walker.OnUpdate); trees rebuilt: npc ×1000
//
// A list of classes, methods or trees gives each name once, with the
// count when several have it; "running trees kept" stands for no tree rebuilt, removed or
// started.
func (r *Report) String() string {
	var parts []string
	if len(r.Classes) > 0 {
		changed := "no code changed"
		if len(r.Changed) > 0 {
			changed = "changed " + countNames(r.Changed)
		}
		parts = append(parts, fmt.Sprintf("classes %s (%s)", countNames(r.Classes), changed))
	}
	if len(r.NotMerged) > 0 {
		parts = append(parts, "local classes not updated: "+countNames(r.NotMerged))
	}
	if len(r.Added) > 0 {
		parts = append(parts, "new globals "+strings.Join(r.Added, ", "))
	}
	if len(r.Replaced) > 0 {
		parts = append(parts, "modules replaced: "+strings.Join(r.Replaced, ", "))
	}
	trees := len(parts)
	for _, l := range []struct {
		what  string
		names []string
	}{{"trees rebuilt", r.Rebuilt}, {"trees removed", r.Removed}, {"trees started", r.Started}} {
		if len(l.names) > 0 {
			parts = append(parts, l.what+": "+countNames(l.names))
		}
	}
	if len(parts) == trees {
		parts = append(parts, "running trees kept")
	}
	return fmt.Sprintf("reloaded %s in %s: %s", r.File, r.Took.Round(10*time.Microsecond), strings.Join(parts, "; "))
}

// countNames lists names in order of first appearance, each once, with
// "×n" after a name that appears n > 1 times.
func countNames(names []string) string {
	count := map[string]int{}
	var order []string
	for _, n := range names {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	for i, n := range order {
		if c := count[n]; c > 1 {
			order[i] = fmt.Sprintf("%s ×%d", n, c)
		}
	}
	return strings.Join(order, ", ")
}
