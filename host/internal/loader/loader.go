package loader

import (
	"github.com/btlua/btlua/host/internal/vm"
)

// Loader runs files in one VM, recording them in files and checking the
// trees they return against trees.
type Loader struct {
	vm    *vm.VM
	files Files
	trees Trees
	// requiring is the modules whose files require is running, outermost
	// first (require_cycle.go).
	requiring []requiring
}

// New returns the loader of v. It installs nothing: see Install.
func New(v *vm.VM, files Files, trees Trees) *Loader {
	return &Loader{vm: v, files: files, trees: trees}
}

// Install makes require, dofile and BTBehaviorTreeReference of the VM
// record the files they run in the loader's Files (tracking.go,
// reference.go). The host calls it from vm.Options.Install, before the
// sandbox wraps the libraries.
func (l *Loader) Install() {
	l.installTracking()
	l.installCycleCheck()
	l.vm.Lib.SetReferenceLoader(l.loadReference)
}
