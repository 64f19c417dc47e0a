package state

// Part is the role a state plays in its host, asked wherever the two
// roles differ: the whole classic host (wholeHost), or one shard's side
// of a sharded frame (*shardFrame, shard_out.go), whose results the
// sharded engine joins after every shard has ticked.
type Part interface {
	// Began is told the agent whose script the outermost stretch of
	// script work runs (nil: none, as a load).
	Began(a *Agent)
	// Writer returns the agent of the stretch under way, as began was
	// told, for the events of a shard's global writes; nil on the
	// classic host, whose writes carry their Writer task.
	Writer() *Agent
	// HeldEvents returns where the events of the state's agents wait for the
	// join, nil when they go to the stream at once.
	HeldEvents() *EventFrame
	// Hold makes heldEvents non-nil from now on, when it holds events (a
	// listener subscribed).
	HoldEvents()
	// CheckHeap is the memory check after the state's agents ticked,
	// with their errors errs: it returns errs with the stopped agent's
	// error added, or err, a *StrictError that ends the tick. A shard
	// checks nothing: its engine checks once after the join.
	CheckHeap(s *State, errs []error) (_ []error, err error)
	// FailTickEnds reports whether a FailTick error ends the state's
	// tick (true on the classic host); a shard ticks its other agents
	// and leaves the decision to the join (tickShards).
	FailTickEnds() bool
}

// wholeHost is the part of the classic host's one state.
type wholeHost struct{}

func (wholeHost) Began(*Agent)            {}
func (wholeHost) Writer() *Agent          { return nil }
func (wholeHost) HeldEvents() *EventFrame { return nil }
func (wholeHost) HoldEvents()             {}
func (wholeHost) FailTickEnds() bool      { return true }

func (wholeHost) CheckHeap(s *State, errs []error) ([]error, error) {
	a, err := s.Shared.StopHeapHog()
	if a == nil {
		return errs, nil
	}
	if _, strict := err.(*StrictError); strict {
		return errs, err
	}
	return append(errs, err), nil
}
