package goap

import (
	"fmt"
	"sync"
)

// Job is one planning problem for a Pool: the arguments of Planner.Plan.
type Job struct {
	Start   *WorldState
	Goal    *Goal
	Actions []*Action
}

// Result is the outcome of a Job: what Planner.Plan returned.
type Result struct {
	Plan Plan
	Err  error
}

// Pool plans declarative problems (no Action.CostFunc: nothing in the
// search calls back into game or Lua code) on several goroutines, one
// Planner each. Results are identical to planning the jobs one by one with
// a single Planner configured like Config (the search is deterministic and
// planners share nothing); only a time budget can make them differ, so
// leave Config.MaxTime negative for reproducible results.
//
// Jobs may share Actions, Goals and start states: the planner only reads
// them. They must not be modified while PlanAll runs. Procedural problems
// (a CostFunc, for instance one calling Lua) must be planned on their
// owner's goroutine with a Planner; PlanAll refuses them with ErrInvalid.
type Pool struct {
	// Workers is the number of goroutines; values below 1 mean 1.
	Workers int
	// Config is copied for every worker's Planner (budgets, Weight,
	// DisableHeuristic, DisableDominance; Trace is ignored).
	Config Planner

	planners []*Planner
}

// PlanAll plans every job and returns the results in job order.
func (pl *Pool) PlanAll(jobs []Job) []Result {
	out := make([]Result, len(jobs))
	n := max(pl.Workers, 1)
	for len(pl.planners) < n {
		pl.planners = append(pl.planners, &Planner{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		p := pl.planners[w]
		p.MaxNodes, p.MaxTime, p.MaxBytes = pl.Config.MaxNodes, pl.Config.MaxTime, pl.Config.MaxBytes
		p.Weight, p.DisableHeuristic, p.DisableDominance = pl.Config.Weight, pl.Config.DisableHeuristic, pl.Config.DisableDominance
		p.Trace = false
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = planDeclarative(p, jobs[i])
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func planDeclarative(p *Planner, j Job) Result {
	for _, a := range j.Actions {
		if a != nil && a.CostFunc != nil {
			return Result{Plan: Plan{Goal: j.Goal}, Err: &PlanError{Goal: j.Goal.String(), Err: ErrInvalid,
				Detail: fmt.Sprintf("action %q has a CostFunc: procedural problems cannot be planned on a Pool", a.Name)}}
		}
	}
	plan, err := p.Plan(j.Start, j.Goal, j.Actions)
	return Result{Plan: plan, Err: err}
}
