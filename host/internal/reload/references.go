package reload

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Swap is a tree reference whose subtree a reload replaces: Ref takes
// Root (a new instance of its file's tree) in place of the subtree it
// runs; Path is the reference's task path, for the report.
type Swap struct {
	Ref  *bt.TreeReference
	Root bt.Task
	Path string
}

// PlanReferences finds, in the trees under roots (the host's running
// trees, in agent order), the references that run file's tree, and for
// each builds a new instance of the tree (lib.RebuildReference: the file
// run again, or its factory called with the reference's variables) and
// compares it by structure (OfTask) with the subtree the reference runs.
// Same structure: the running subtree keeps all its state and the new
// one is dropped. Different: the reference is planned to swap the new
// one in. A reference whose rebuild fails keeps its subtree; its error
// (naming the reference's path) is in warnings. The references of trees
// that are no longer under roots, and of the new instances dropped, are
// forgotten (lib.KeepReferences), so that the library's record of them
// does not grow with every reload.
func PlanReferences(lib *btlib.Lib, roots []bt.Task, file string) (swaps []Swap, warnings []error) {
	lib.ForgetReference(file)
	lib.KeepReferences(roots)
	for _, r := range lib.ReferencesTo(file) {
		root, err := lib.RebuildReference(r)
		if err != nil {
			warnings = append(warnings, fmt.Errorf("%s keeps its subtree: %v", bt.Path(r.Self()), err))
			continue
		}
		if old := r.Child(); old != nil && OfTask(old) == OfTask(root) {
			lib.ForgetReferences(root)
			continue
		}
		swaps = append(swaps, Swap{Ref: r, Root: root, Path: bt.Path(r.Self())})
	}
	return swaps, warnings
}

// Apply swaps the new subtree in (lib.SwapReference: the old one ends
// with the cause "replaced", its references are forgotten; the new one
// starts at the reference's next tick). A tree that had completed runs
// again from its root at its next tick, as a completed tree a reload
// rebuilds does; a running tree goes on, only the subtree is new. It
// returns SetTree's error (the reference keeps its subtree).
func (s Swap) Apply(lib *btlib.Lib) error {
	if err := lib.SwapReference(s.Ref, s.Root); err != nil {
		return err
	}
	if tr := s.Ref.Base().Tree(); tr != nil && tr.Complete() {
		tr.SetRoot(tr.Root())
	}
	return nil
}
