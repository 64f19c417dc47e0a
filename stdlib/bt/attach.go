package bt

// AttachTree makes t the tree a task belongs to, for tasks that a script
// ticks directly without a Go parent (the tree gives them its clock, output
// and observer). Tasks under a parent pick up their tree from it.
func (b *TaskBase) AttachTree(t *BehaviorTree) {
	if b.tree == nil {
		b.tree = t
	}
}
