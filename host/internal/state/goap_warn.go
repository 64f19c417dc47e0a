package state

import (
	"fmt"
	"strconv"
)

// warnPlans logs, as warnings of the host's Logger, the GOAP task runs of
// agent a's tick that failed because no goal could be planned and whose
// provider has no PlanFailed method to hear it (goaplib.PlanWarning):
// "FILE: tree NAME, task PATH fails: goap: goal "G" ...: no plan: WHY
// (expanded N, visited M)" ("agent N" for an agent named by its number,
// see label), once per goal and reason until the agent finds a plan.
// Without it, a tree that fails for this reason ends in Failure with
// nothing said.
func (h *State) warnPlans(a *Agent) {
	ws := h.VM.GOAP.TakeWarnings()
	if ws == nil {
		return
	}
	who := "tree " + a.Name()
	if l := a.Label(); l != a.Name() {
		if _, err := strconv.Atoi(l); err == nil {
			who = "agent " + l
		}
	}
	for _, w := range ws {
		h.Shared.Log.Warn(fmt.Sprintf("%s: %s, task %s fails: %v", a.Source, who, w.Task, w.Err),
			"tree", a.Name(), "task", w.Task, "err", w.Err)
	}
}
