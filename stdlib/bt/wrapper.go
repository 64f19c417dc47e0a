package bt

// Wrapper is implemented by a task that wraps another task's behaviour and
// shares its TaskBase, as the Lua binding's scripted task wraps a built-in
// (a *Sequence, say) and forwards the lifecycle hooks to it. Unwrap returns
// the wrapped task.
//
// The package looks through Unwrap, repeatedly, whenever it needs a
// capability that the wrapped built-in has and the wrapper does not: the
// Composite behind a task (preconditions, Abort), its
// ConditionalAbortHandler and ParallelRunner, a Decorator's child, and a
// child's Prioritized or UtilityScorer implementation (the wrapper's own
// implementation wins when it has one). Without Unwrap a wrapped composite takes no part in
// conditional aborts or preconditions. This is a Go-side convention (like
// errors.Unwrap); nothing in Behavior Designer corresponds to it.
type Wrapper interface {
	Task
	Unwrap() Task
}

// maxUnwrap bounds unwrapping, against a wrapper that returns itself.
const maxUnwrap = 8

// asComposite returns the Composite of t or of a task t wraps.
func asComposite(t Task) *Composite {
	for range maxUnwrap {
		if ct, ok := t.(compositeTask); ok {
			return ct.compositeBase()
		}
		w, ok := t.(Wrapper)
		if !ok {
			return nil
		}
		t = w.Unwrap()
	}
	return nil
}

// asAbortHandler returns t, or a task t wraps, as a
// ConditionalAbortHandler.
func asAbortHandler(t Task) ConditionalAbortHandler {
	for range maxUnwrap {
		if h, ok := t.(ConditionalAbortHandler); ok {
			return h
		}
		w, ok := t.(Wrapper)
		if !ok {
			return nil
		}
		t = w.Unwrap()
	}
	return nil
}

// asDecorator returns the Decorator of t or of a task t wraps.
func asDecorator(t Task) *Decorator {
	for range maxUnwrap {
		if d, ok := t.(decoratorTask); ok {
			return d.decoratorBase()
		}
		w, ok := t.(Wrapper)
		if !ok {
			return nil
		}
		t = w.Unwrap()
	}
	return nil
}

// priorityOf returns t's Prioritized priority (looking through wrappers),
// or 0.
func priorityOf(t Task) float64 {
	for range maxUnwrap {
		if p, ok := t.(Prioritized); ok {
			return p.Priority()
		}
		w, ok := t.(Wrapper)
		if !ok {
			return 0
		}
		t = w.Unwrap()
	}
	return 0
}

// utilityOf returns t's UtilityScorer utility (looking through wrappers),
// or 0.
func utilityOf(t Task) float64 {
	for range maxUnwrap {
		if u, ok := t.(UtilityScorer); ok {
			return u.Utility()
		}
		w, ok := t.(Wrapper)
		if !ok {
			return 0
		}
		t = w.Unwrap()
	}
	return 0
}
