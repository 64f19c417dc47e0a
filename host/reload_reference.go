package host

import (
	"crypto/sha256"
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

// reloadReferences finishes a successful reload of a file that tree
// references run (src, whose globals, its classes, are merged in place
// already, so running subtrees call the new code at their next tick): for
// every reference to the file, a new instance of its tree is built and
// compared by structure with the subtree the reference runs (see
// signature). Same structure: the running subtree keeps all its state and
// the new one is dropped. Different: the reference swaps the new one in
// (the old one is ended with the cause "replaced by REF"; the new one
// starts at the reference's next tick), and rep.Rebuilt names the
// reference's path. A reference whose rebuild fails keeps its subtree.
func (h *state) reloadReferences(src *source, rep *ReloadReport) {
	lib := h.vm.Lib
	lib.ForgetReference(src.path)
	for _, r := range lib.ReferencesTo(src.path) {
		root, err := lib.RebuildReference(r)
		if err != nil {
			h.log.Warn(fmt.Sprintf("reload %s: %s keeps its subtree: %v", src.path, bt.Path(r.Self()), err), "file", src.path)
			continue
		}
		if old := r.Child(); old != nil && taskSignature(old) == taskSignature(root) {
			continue
		}
		if err := r.SetTree(root); err == nil {
			rep.Rebuilt = append(rep.Rebuilt, bt.Path(r.Self()))
		}
	}
}

// taskSignature is signature for the subtree under t.
func taskSignature(t bt.Task) treeSignature {
	s := signer{h: sha256.New(), seen: map[bt.Task]int{}}
	s.task(t)
	var out treeSignature
	s.h.Sum(out[:0])
	return out
}
