package bt

import "errors"

// ErrSwappedReference is SaveTree's error for a [TreeReference] whose
// subtree SetTree replaced: the tree a restore builds has the subtree the
// script gave, and the one given at run time (any Go or Lua task) cannot
// be rebuilt from a save, so the save is refused rather than restored
// wrong.
var ErrSwappedReference = errors.New("its subtree was replaced by SetTree at run time, and a save cannot rebuild a subtree given at run time (save before the swap, or build the swapped-in tree from the script and pick it with a variable)")

// SaveState refuses a reference whose subtree was swapped
// ([ErrSwappedReference]); an unswapped one has no state beyond its
// TaskBase (its subtree's tasks are saved as its descendants).
func (r *TreeReference) SaveState(*StateWriter) error {
	if r.swapped {
		return ErrSwappedReference
	}
	return nil
}

// LoadState reads nothing: see SaveState.
func (r *TreeReference) LoadState(*StateReader) error { return nil }
