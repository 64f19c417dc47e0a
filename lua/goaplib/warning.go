package goaplib

import (
	"errors"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// PlanWarning is a run of a BTGoapAgentTask that ended in Failure because
// no goal could be planned, when the script was not told: its provider
// has no PlanFailed method. The host logs it (a tree that fails for this
// reason would otherwise end without a word).
type PlanWarning struct {
	// Task is the task's path in its tree ("Root/Plan[1]").
	Task string
	// Err is why a goal could not be planned (a *goap.PlanError).
	Err error
}

// TakeWarnings returns the PlanWarnings of the task runs since the last
// call, in order, and forgets them; nil when there are none. A task warns
// once per goal and reason (the PlanError without its search counts) until
// its agent finds a plan: a tree that retries the task every tick warns
// once.
func (lib *Lib) TakeWarnings() []PlanWarning {
	if len(lib.warnings) == 0 {
		return nil
	}
	w := lib.warnings
	lib.warnings = nil
	return w
}

// warnFailed queues a PlanWarning for each goal of this tick's failed
// planning round not yet warned about since the agent's last plan.
func (t *agentTask) warnFailed() {
	p := t.agent.prov
	for _, err := range p.round {
		key := reasonKey(err)
		if p.warned[key] {
			continue
		}
		if p.warned == nil {
			p.warned = map[string]bool{}
		}
		p.warned[key] = true
		lib := p.lib
		lib.warnings = append(lib.warnings, PlanWarning{Task: bt.Path(t), Err: err})
	}
}

// reasonKey is err without the search's counts, which vary with the world
// state: the goal, the kind of failure and its detail.
func reasonKey(err error) string {
	var pe *goap.PlanError
	if errors.As(err, &pe) {
		return pe.Goal + "\x00" + pe.Err.Error() + "\x00" + pe.Detail
	}
	return err.Error()
}
