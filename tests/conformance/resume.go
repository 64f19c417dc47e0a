package conformance

import (
	"encoding/json"
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

// RunCaseResumed runs c as RunCase does, except that after step k the
// tree's state is saved (bt.SaveTree, through JSON), a second tree is
// built afresh by c.Build, the state is loaded into it (bt.LoadTree) and
// the steps after k run on the second tree. The expectations are the
// case's own, so a pass means "run k, save, restore, run the rest" is
// tick for tick the uninterrupted run.
func RunCaseResumed(c Case, f LeafFactory, k int) error {
	var log []string
	build := func() (*Env, *bt.BehaviorTree) {
		e := &Env{f: f, log: &log, leaves: map[*bt.TaskBase]bool{}, silent: map[*bt.TaskBase]bool{}}
		tree := bt.NewBehaviorTree(c.Build(e))
		e.tree = tree
		tree.RestartWhenComplete = !c.Once
		tree.ExecutionType, tree.MaxTaskExecutions = c.ExecutionType, c.MaxTaskExecutions
		tree.Observer = observer{e}
		return e, tree
	}
	_, tree := build()
	dt := c.DT
	if dt == 0 {
		dt = 1
	}
	var all []string
	for i, st := range c.Steps {
		if i == k {
			saved, err := bt.SaveTree(tree)
			if err != nil {
				return fmt.Errorf("%s: save after step %d: %w", c.Name, k, err)
			}
			data, err := json.Marshal(saved)
			if err != nil {
				return err
			}
			var back bt.TreeState
			if err := json.Unmarshal(data, &back); err != nil {
				return err
			}
			_, tree = build()
			if err := bt.LoadTree(tree, &back, true); err != nil {
				return fmt.Errorf("%s: load after step %d: %v", c.Name, k, err)
			}
		}
		got, want, ok := runStep(tree, st, dt, &log)
		all = append(all, log...)
		if !ok {
			return fmt.Errorf("%s resumed after step %d: step %d: status got %v, want %v; log got %s, want %s",
				c.Name, k, i+1, got, st.Status, quote(log), quote(want))
		}
	}
	log = log[:0]
	tree.Halt()
	all = append(all, log...)
	return checkPaired(c.Name, all)
}
