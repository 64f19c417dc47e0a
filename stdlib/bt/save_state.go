package bt

import (
	"fmt"
	"math"
)

// TaskState is the saved run state of one task: what [TaskBase] keeps
// for every task (status, whether a run is under way, the tree ticks and
// start order that conditional aborts compare) and, for a task whose Go
// type implements [Saver], the numbers of its own state (child index,
// counters, timers on the tree clock, random order) and its random
// source. Path and Kind name the task, to match it in a changed tree.
type TaskState struct {
	Path   string    `json:"path"`
	Kind   string    `json:"kind"`
	Status Status    `json:"st,omitempty"`
	Flags  uint8     `json:"f,omitempty"`
	Ticked uint64    `json:"tk,omitempty"`
	Seq    uint64    `json:"seq,omitempty"`
	Reeval uint64    `json:"re,omitempty"`
	Own    []float64 `json:"own,omitempty"`
	Rand   []byte    `json:"rand,omitempty"`
}

// The bits of TaskState.Flags.
const (
	flagStarted = 1 << iota
	flagAwake
	flagWatch // the composite re-evaluates its children's conditionals
)

// Saver is implemented by tasks with run state beyond TaskBase's.
// SaveState appends that state to w; LoadState reads it back, in the same
// order, from r, and returns an error when it does not fit the task (a
// value out of range, a random source of another kind). LoadState is
// called on a task built afresh by the same code that built the saved one
// and not ticked yet.
type Saver interface {
	SaveState(w *StateWriter) error
	LoadState(r *StateReader) error
}

// StateWriter collects one task's own state for [Saver.SaveState].
type StateWriter struct{ st *TaskState }

// Num appends x.
func (w *StateWriter) Num(x float64) { w.st.Own = append(w.st.Own, x) }

// Int appends n.
func (w *StateWriter) Int(n int) { w.Num(float64(n)) }

// Bool appends b as 1 or 0.
func (w *StateWriter) Bool(b bool) {
	if b {
		w.Num(1)
	} else {
		w.Num(0)
	}
}

// Rand records the state of the random source r (nil for none).
func (w *StateWriter) Rand(r randSource) error {
	b, err := saveRand(r)
	w.st.Rand = b
	return err
}

// StateReader reads back one task's own state for [Saver.LoadState]. A
// read past the end, or a value of the wrong kind, sets Err and reads 0.
type StateReader struct {
	st  *TaskState
	i   int
	err error
	// reshaped is set when the task may have other children than the
	// saved one (the trees' structures differ, see TreeState.Match).
	reshaped bool
	// now is the saved tree clock (seconds), the latest time a task's
	// own state may hold; -1 when unknown (LoadTask).
	now float64
}

// Reshaped reports whether the tree loaded into has another structure
// than the saved one, so that a task's children may differ from the
// saved task's: state kept per child then starts afresh instead of
// failing the load.
func (r *StateReader) Reshaped() bool { return r.reshaped }

func (r *StateReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

// Num reads the next number.
func (r *StateReader) Num() float64 {
	if r.i >= len(r.st.Own) {
		r.fail("its state ends after %d values, want more", len(r.st.Own))
		return 0
	}
	r.i++
	return r.st.Own[r.i-1]
}

// Int reads the next number as an int in [lo, hi].
func (r *StateReader) Int(lo, hi int) int {
	x := r.Num()
	if r.err != nil {
		return 0
	}
	if x != float64(int(x)) || int(x) < lo || int(x) > hi {
		r.fail("value %d of its state is %v, want a whole number in [%d, %d]", r.i, x, lo, hi)
		return 0
	}
	return int(x)
}

// Time reads the next number as a time or duration on the tree clock
// (seconds): finite, >= 0 and, for a start time (start set), not after
// the saved tree clock.
func (r *StateReader) Time(start bool) float64 {
	x := r.Num()
	if r.err != nil {
		return 0
	}
	if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
		r.fail("value %d of its state is %v, want a finite number of seconds >= 0", r.i, x)
		return 0
	}
	if start && r.now >= 0 && x > r.now+timeEpsilon {
		r.fail("value %d of its state is %v, a time after the tree's clock %v", r.i, x, r.now)
		return 0
	}
	return x
}

// Bool reads the next number as a boolean (0 or 1).
func (r *StateReader) Bool() bool { return r.Int(0, 1) == 1 }

// Status reads the next number as a Status.
func (r *StateReader) Status() Status { return Status(r.Int(0, int(Running))) }

// Rand restores the random source *dst from the saved state, making one
// when *dst is nil.
func (r *StateReader) Rand(dst *randSource) {
	if err := loadRand(dst, r.st.Rand); err != nil {
		r.fail("%v", err)
	}
}

// Err returns the first error of a read, or an error when values are left
// over.
func (r *StateReader) Err() error {
	if r.err == nil && r.i != len(r.st.Own) {
		return fmt.Errorf("its state has %d values, want %d", len(r.st.Own), r.i)
	}
	return r.err
}

// Restarter is implemented by tasks whose run a save cannot hold midway
// (a Lua coroutine, whose suspended stack gopher-lua cannot save): a
// task saved while running is loaded as not started, so that its next
// tick starts a new run, with OnStart, from the beginning.
type Restarter interface {
	RestartsOnLoad() bool
}

// saverOf returns the Saver of t or of a task it wraps, or nil.
func saverOf(t Task) Saver { s, _ := unwrapTo[Saver](t); return s }

// unwrapTo returns t, or the first task it wraps, that is a T.
func unwrapTo[T any](t Task) (T, bool) {
	for n := 0; t != nil && n < 8; n++ {
		if s, ok := t.(T); ok {
			return s, true
		}
		w, ok := t.(Wrapper)
		if !ok {
			break
		}
		t = w.Unwrap()
	}
	var zero T
	return zero, false
}

// SaveTask returns the run state of t (not of its children).
func SaveTask(t Task) (TaskState, error) { return saveTask(t, Path(t)) }

// saveTask is SaveTask of t, whose path is path.
func saveTask(t Task, path string) (TaskState, error) {
	b := t.Base()
	st := TaskState{Path: path, Kind: Kind(t), Status: b.status,
		Ticked: b.ticked, Seq: b.startSeq, Reeval: b.reeval}
	if b.started {
		st.Flags |= flagStarted
	}
	if b.awake {
		st.Flags |= flagAwake
	}
	if c := asComposite(t); c != nil && c.watch {
		st.Flags |= flagWatch
	}
	if s := saverOf(t); s != nil {
		if err := s.SaveState(&StateWriter{st: &st}); err != nil {
			return st, fmt.Errorf("%s: %w", st.Path, err)
		}
	}
	return st, nil
}

// LoadTask gives t the run state st (see SaveTask); t has been built by
// the code that built the saved task and has not run yet. OnAwake is not
// called again for a task saved awake. On error t may be half loaded:
// callers discard it.
func LoadTask(t Task, st *TaskState) error { return loadTask(t, st, false, -1) }

func loadTask(t Task, st *TaskState, reshaped bool, now float64) error {
	if !st.Status.Valid() {
		return fmt.Errorf("%s: \"st\" is %d, want a status number 0 to %d (Inactive, Failure, Success, Running)", st.Path, st.Status, Running)
	}
	if most := uint8(flagStarted | flagAwake | flagWatch); st.Flags > most {
		return fmt.Errorf("%s: \"f\" is %d, want flags 0 to %d", st.Path, st.Flags, most)
	}
	b := t.Base()
	b.status, b.ticked, b.startSeq, b.reeval = st.Status, st.Ticked, st.Seq, st.Reeval
	b.started = st.Flags&flagStarted != 0
	if r, ok := unwrapTo[Restarter](t); ok && b.started && r.RestartsOnLoad() {
		b.started = false
	}
	if st.Flags&flagAwake != 0 && !b.awake {
		b.awake = true
		b.comp = asComposite(t)
		b.plain = b.comp == nil && asDecorator(t) == nil
	}
	if c := asComposite(t); c != nil {
		c.watch = st.Flags&flagWatch != 0
	}
	s := saverOf(t)
	if s == nil {
		if len(st.Own) > 0 || len(st.Rand) > 0 {
			return fmt.Errorf("%s: %s keeps no state of its own, the save has %d values", st.Path, Kind(t), len(st.Own))
		}
		return nil
	}
	r := &StateReader{st: st, reshaped: reshaped, now: now}
	if err := s.LoadState(r); err != nil {
		return fmt.Errorf("%s: %w", st.Path, err)
	}
	if err := r.Err(); err != nil {
		return fmt.Errorf("%s (%s): %w", st.Path, st.Kind, err)
	}
	return nil
}

// Len reads the next number as the length of a list that follows: at
// most the values left.
func (r *StateReader) Len() int { return r.Int(0, max(len(r.st.Own)-r.i-1, 0)) }

// Rest reads every value left, for a task whose state is a list of its
// own (a BTAI root's nodes).
func (r *StateReader) Rest() []float64 {
	rest := r.st.Own[min(r.i, len(r.st.Own)):]
	r.i = len(r.st.Own)
	return rest
}
