package bt

// timeEpsilon absorbs the rounding of summed float delta times, so that
// ten ticks of 0.1 s reach a 1 s duration as a person would expect.
const timeEpsilon = 1e-9

// now returns the clock of the tree b runs in, or 0 outside a tree.
func (b *TaskBase) now() float64 {
	if b.tree == nil {
		return 0
	}
	return b.tree.time
}

// elapsed reports whether at least d seconds of tree time have passed
// since start.
func elapsed(now, start, d float64) bool { return now-start+timeEpsilon >= d }
