package bt

import "fmt"

// AbortType is a composite's conditional abort type, after Behavior
// Designer's AbortType. The values are Behavior Designer's; Self and
// LowerPriority are bits and AbortBoth is their union.
//
// A conditional abort lets a conditional task that has already been
// evaluated stop a branch that runs after it, when the conditional's result
// changes. The watched conditionals of a composite are its guards: for each
// child, the child itself when it is a [ConditionalTask], or else the
// conditional reached by following first children down from it (the
// leftmost-descendant position: Sequence{IsVisible, Sequence{...}} guards
// the whole branch), through composites and decorators alike.
//
//   - AbortSelf: while a composite runs, the guards of its children that
//     were evaluated during the current run and have completed are
//     re-evaluated every tick. That includes the guard nested inside the
//     child that runs now (Sequence{Sequence{C, Act}} watches C while Act
//     runs), but not a child that is itself the running conditional.
//   - AbortLowerPriority: once the composite A has run and ended, while its
//     parent composite P still runs some later branch, P re-evaluates A's
//     guards every tick (those evaluated during A's last run). When A's
//     child is itself a LowerPriority composite that ran in A's last run,
//     its guards are watched too, so the watch extends one level up per
//     nested LowerPriority composite, as Behavior Designer moves the
//     re-evaluation to the parent composite when a LowerPriority composite
//     ends. Decorators between P and A are looked through.
//   - AbortBoth: both.
//
// The exact order within a tick, implemented in [Tick] for the composite P
// that watches (P's own preconditions are checked first):
//
//  1. Before P's OnUpdate, and only when P's run is already under way, P's
//     guards are re-evaluated in child order (for each child: the Self
//     guard, then the guards of a LowerPriority child composite, depth
//     first). Each re-evaluation is a full run of the conditional (OnStart,
//     OnUpdate, OnEnd) and replaces its last status. A guard that ran
//     earlier in the same tree tick is skipped, as is one that is running.
//  2. The first guard whose status differs from its status before the
//     re-evaluation triggers the abort; guards after it are not evaluated
//     in that tick. An unchanged result never aborts.
//  3. Every running child of P is ended with [End] (OnEnd on each running
//     task, deepest first, in child order).
//  4. OnConditionalAbort(index) is called on each ConditionalAbortHandler
//     on the path from the conditional up to P, bottom up, with the index
//     of the child on the path: the composites set themselves to resume
//     at that child.
//  5. P's OnUpdate runs as usual and so resumes at the branch holding the
//     conditional. When the conditional is ticked again in this tree tick
//     it reports its re-evaluated status without running again: each
//     evaluation of a conditional is exactly one run.
//
// Choices where the anchors disagree or are silent: Behavior Designer only
// calls OnUpdate when it re-evaluates and runs the conditional again after
// the abort; here a re-evaluation is one full run and the resumed branch
// reuses its result, so OnStart/OnEnd stay paired and scripted conditions
// are evaluated once per tick. Behavior Designer scans its re-evaluation
// list from the last entry; here guards are scanned in priority (child)
// order and the highest-priority change wins. Aborts need the tasks to run
// inside a [BehaviorTree] (its start counter tells which tasks ran during
// a run).
type AbortType uint8

const (
	// AbortNone: the composite's conditionals are never re-evaluated.
	AbortNone AbortType = 0
	// AbortSelf: the composite re-evaluates its own guards while it runs.
	AbortSelf AbortType = 1
	// AbortLowerPriority: the composite's guards are re-evaluated while a
	// later branch of its parent composite runs.
	AbortLowerPriority AbortType = 2
	// AbortBoth is AbortSelf and AbortLowerPriority.
	AbortBoth AbortType = AbortSelf | AbortLowerPriority
)

// String returns "None", "Self", "LowerPriority" or "Both".
func (a AbortType) String() string {
	switch a {
	case AbortNone:
		return "None"
	case AbortSelf:
		return "Self"
	case AbortLowerPriority:
		return "LowerPriority"
	case AbortBoth:
		return "Both"
	}
	return fmt.Sprintf("AbortType(%d)", uint8(a))
}

// ConditionalAbortHandler is implemented by composites that take part in
// conditional aborts (Behavior Designer's Composite.OnConditionalAbort).
// OnConditionalAbort(i) is called after the composite's running children
// have been ended (or while the composite is not running at all, for a
// LowerPriority abort that restarts it) and must make the next OnUpdate
// resume at child i: Sequence and Selector continue from child i; Parallel
// composites restart all children; ordered composites (random, priority)
// continue at child i's place in their current order; UtilitySelector
// forgets which children failed. A scripted composite implements it to
// take part in aborts; a composite that does not is never the scope of an
// abort and restarts from its own beginning when it is on the abort path.
// A [Wrapper] around a built-in composite takes part through Unwrap.
type ConditionalAbortHandler interface {
	Task
	OnConditionalAbort(childIndex int)
}

// watchesAborts tells whether the composite c of task t must re-evaluate
// guards while it runs. It is computed at each run start.
func watchesAborts(t Task, c *Composite) bool {
	if asAbortHandler(t) == nil {
		return false
	}
	if c.Abort&AbortSelf != 0 {
		return true
	}
	for _, ch := range c.children {
		if _, a := lowerPriorityComposite(ch); a != nil {
			return true
		}
	}
	return false
}

// lowerPriorityComposite returns t, or the task under t's chain of
// decorators, when it is an abort-handling composite whose abort type
// includes LowerPriority.
func lowerPriorityComposite(t Task) (Task, *Composite) {
	for t != nil {
		if c := asComposite(t); c != nil {
			if c.Abort&AbortLowerPriority == 0 || asAbortHandler(t) == nil {
				return nil, nil
			}
			return t, c
		}
		d := asDecorator(t)
		if d == nil {
			return nil, nil
		}
		t = d.Child()
	}
	return nil, nil
}

// leftmostConditional returns the guard of t: t when it is a conditional,
// else the guard of its first child, or nil.
func leftmostConditional(t Task) Task {
	for t != nil {
		if c, ok := t.(ConditionalTask); ok && c.IsConditional() {
			return t
		}
		p, ok := t.(ParentTask)
		if !ok {
			return nil
		}
		ch := p.Children()
		if len(ch) == 0 {
			return nil
		}
		t = ch[0]
	}
	return nil
}

// reevaluate runs guard g again when it completed an evaluation after the
// run numbered since began, and reports whether its status changed.
func reevaluate(g Task, since uint64, tr *BehaviorTree) bool {
	gb := g.Base()
	if gb.started || gb.startSeq <= since || gb.ticked == tr.ticks {
		return false
	}
	old := gb.status
	return Tick(g) != old
}

// checkAborts re-evaluates the guards watched by the running composite p
// (steps 1 and 2 of AbortType's order) and performs the abort on the first
// change (steps 3 and 4). It returns the changed guard's base, whose
// pending result the caller clears after p's OnUpdate, or nil.
func checkAborts(p Task, pb *TaskBase, c *Composite, tr *BehaviorTree) *TaskBase {
	if tr == nil {
		return nil
	}
	self := c.Abort&AbortSelf != 0
	for _, ch := range c.children {
		chb := ch.Base()
		if chb.startSeq <= pb.startSeq {
			continue // not run during this run of p
		}
		if self {
			if g := leftmostConditional(ch); g != nil && (g != ch || !chb.started) {
				if reevaluate(g, pb.startSeq, tr) {
					return abortTo(p, c, g, tr)
				}
			}
		}
		if chb.started {
			continue
		}
		if a, ac := lowerPriorityComposite(ch); a != nil {
			ab := a.Base()
			if ab.started || ab.startSeq <= pb.startSeq {
				continue
			}
			if g := lowerPriorityChange(ac, ab, tr); g != nil {
				return abortTo(p, c, g, tr)
			}
		}
	}
	return nil
}

// lowerPriorityChange re-evaluates the guards of the ended LowerPriority
// composite a (base ab), recursing into nested LowerPriority composites
// that ran during a's last run, and returns the first guard whose status
// changed.
func lowerPriorityChange(a *Composite, ab *TaskBase, tr *BehaviorTree) Task {
	for _, ch := range a.children {
		chb := ch.Base()
		if chb.startSeq <= ab.startSeq {
			continue
		}
		if g := leftmostConditional(ch); g != nil && reevaluate(g, ab.startSeq, tr) {
			return g
		}
		if in, ic := lowerPriorityComposite(ch); in != nil {
			ib := in.Base()
			if !ib.started && ib.startSeq > ab.startSeq {
				if g := lowerPriorityChange(ic, ib, tr); g != nil {
					return g
				}
			}
		}
	}
	return nil
}

// abortTo ends p's running children, tells the composites on the path
// from g up to p where to resume and leaves g's result pending for this
// tree tick.
func abortTo(p Task, c *Composite, g Task, tr *BehaviorTree) *TaskBase {
	for _, ch := range c.children {
		EndWith(ch, EndCause{Kind: EndAborted, By: g})
	}
	pb := p.Base()
	for n := g; ; {
		nb := n.Base()
		par := nb.parent
		if par == nil {
			break
		}
		if h := asAbortHandler(par); h != nil {
			h.OnConditionalAbort(nb.index)
		}
		if par.Base() == pb {
			break
		}
		n = par
	}
	gb := g.Base()
	gb.reeval = tr.ticks
	return gb
}
