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
// Only branches before the running child are watched. "Before" is in the
// composite's run order in its current run: child order for Sequence and
// Selector, the drawn order for the random composites, the order the
// children actually ran in for the priority and utility selectors. When an
// abort resumes a composite at an earlier branch, the branches that ran
// after that branch are forgotten: their guards are not re-evaluated until
// the composite runs them again, just as Behavior Designer removes their
// re-evaluation entries when the abort fires. So in
// Selector{G1(LowerPriority){C1, A1}, G2(LowerPriority){C2, A2}, Patrol},
// once C1 has aborted Patrol and A1 runs, C2 is no longer re-evaluated
// whatever it would return.
//
//   - AbortSelf: while a composite runs, it re-evaluates every tick the
//     guards of its running branch: those of its children evaluated in the
//     current run before the running child, and the guard nested inside
//     the running child (Sequence{Sequence{C, Act}} watches C while Act
//     runs), but not a child that is itself the running conditional.
//   - AbortLowerPriority: once the composite A has run and ended, while its
//     parent composite P still runs a later branch (one after A in P's run
//     order), P re-evaluates A's guards every tick (those evaluated during
//     A's last run, before the child A ended at). When A's child is itself
//     a LowerPriority composite that ran in A's last run, its guards are
//     watched too, so the watch extends one level up per nested
//     LowerPriority composite, as Behavior Designer moves the
//     re-evaluation to the parent composite when a LowerPriority composite
//     ends. Decorators between P and A are looked through.
//   - AbortBoth: both.
//
// Parallel composites (any [ParallelRunner]: Parallel, ParallelSelector,
// ParallelComplete) run their children side by side, so none of their
// children is of lower priority than another. A Parallel therefore never
// re-evaluates the LowerPriority guards of its children (through
// decorators or not), and the watch of nested LowerPriority composites
// does not extend through a Parallel; under Self a Parallel watches the
// guards of all its children, which all belong to its running branch.
// Source: Behavior Designer's documentation defines LowerPriority by place
// ("will reevaluate when any task to the right of the current branch is
// active"), which children running side by side do not have, and its
// runtime does the same: each child of a Parallel runs on its own task
// stack, and a LowerPriority composite that ends with its stack empty has
// its conditionals dropped instead of handed to the parent composite
// (BehaviorManager.PopTask). Behavior Designer does hand them on when a
// decorator sits between the Parallel and the composite; here decorators
// change nothing.
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
//     at that child. P forgets the children that started after the child
//     on the path.
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
// a run, and in which order).
type AbortType uint8

const (
	// AbortNone: the composite's conditionals are never re-evaluated.
	AbortNone AbortType = 0
	// AbortSelf: the composite re-evaluates the guards of its running
	// branch (its children that ran before the running one, and the
	// running child's own guard) while it runs.
	AbortSelf AbortType = 1
	// AbortLowerPriority: the composite's guards are re-evaluated while a
	// later branch of its parent composite runs (never under a Parallel).
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
// guards while it runs. Each run start asks it; the answer is computed
// once per structure change (see watchCache) and kept in c.
func watchesAborts(t Task, c *Composite) bool {
	if e := structureEpoch.Load(); c.wc.epoch != e || c.wc.abort != c.Abort {
		c.wc = watchCache{epoch: e, abort: c.Abort, watch: computeWatch(t, c)}
	}
	return c.wc.watch
}

// computeWatch is watchesAborts without the cache.
//
// The cheap tests come first: most composites abort nothing and have no
// LowerPriority composite among their children, and for them the
// interface tests on t itself are skipped.
func computeWatch(t Task, c *Composite) bool {
	if c.Abort&AbortSelf == 0 && !c.lowerPriorityChild() {
		return false
	}
	if asAbortHandler(t) == nil {
		return false
	}
	if c.Abort&AbortSelf != 0 {
		return true
	}
	// A LowerPriority child watches only when its siblings run one after
	// another: no child is of lower priority than another in parallel.
	return !runsChildrenInParallel(t)
}

// hasLowerPriorityChild reports whether a child of c is (under its
// decorators) an abort-handling composite whose abort type includes
// LowerPriority.
func hasLowerPriorityChild(c *Composite) bool {
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
		c := (*Composite)(nil)
		if b := t.Base(); b.awake {
			// What the task is was found at its first tick.
			if b.plain {
				return nil, nil
			}
			c = b.comp
		} else {
			c = asComposite(t)
		}
		if c != nil {
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
// run numbered since began, and reports whether its status changed. The
// re-evaluation keeps g's start number: g stays placed where the traversal
// evaluated it, before the branches that ran after it.
func reevaluate(g Task, since uint64, tr *BehaviorTree) bool {
	gb := g.Base()
	if gb.started || gb.startSeq <= since || gb.ticked == tr.ticks {
		return false
	}
	old, seq := gb.status, gb.startSeq
	changed := Tick(g) != old
	gb.startSeq = seq
	return changed
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
	lower := !runsChildrenInParallel(p)
	for _, ch := range c.children {
		chb := ch.Base()
		if chb.startSeq <= pb.startSeq {
			// Not run during this run of p, or run after the branch an
			// abort resumed at (abortTo forgot it): not before the
			// running child.
			continue
		}
		if self {
			if g := leftmostConditional(ch); g != nil && (g != ch || !chb.started) {
				if reevaluate(g, pb.startSeq, tr) {
					return abortTo(p, c, g, tr)
				}
			}
		}
		if chb.started || !lower {
			continue
		}
		if a, ac := lowerPriorityComposite(ch); a != nil {
			ab := a.Base()
			if ab.started || ab.startSeq <= pb.startSeq {
				continue
			}
			if g := lowerPriorityChange(a, ac, ab, tr); g != nil {
				return abortTo(p, c, g, tr)
			}
		}
	}
	return nil
}

// lowerPriorityChange re-evaluates the guards of the ended LowerPriority
// composite a (its Composite ac, base ab), recursing into nested
// LowerPriority composites that ran during a's last run (unless a runs
// its children in parallel), and returns the first guard whose status
// changed.
func lowerPriorityChange(a Task, ac *Composite, ab *TaskBase, tr *BehaviorTree) Task {
	nested := !runsChildrenInParallel(a)
	for _, ch := range ac.children {
		chb := ch.Base()
		if chb.startSeq <= ab.startSeq {
			continue
		}
		if g := leftmostConditional(ch); g != nil && reevaluate(g, ab.startSeq, tr) {
			return g
		}
		if !nested {
			continue
		}
		if in, ic := lowerPriorityComposite(ch); in != nil {
			ib := in.Base()
			if !ib.started && ib.startSeq > ab.startSeq {
				if g := lowerPriorityChange(in, ic, ib, tr); g != nil {
					return g
				}
			}
		}
	}
	return nil
}

// abortTo ends p's running children, tells the composites on the path
// from g up to p where to resume, forgets the runs of p's children that
// started after the branch it resumes at, and leaves g's result pending
// for this tree tick.
func abortTo(p Task, c *Composite, g Task, tr *BehaviorTree) *TaskBase {
	for _, ch := range c.children {
		EndWith(ch, EndCause{Kind: EndAborted, By: g})
	}
	pb := p.Base()
	branch := g // p's child on the path to g
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
			branch = n
			break
		}
		n = par
	}
	forgetAfter(c, branch.Base().startSeq)
	gb := g.Base()
	gb.reeval = tr.ticks
	return gb
}

// forgetAfter marks the children of c whose last run started after the
// start number seq as not run in c's current run, so that their guards are
// not re-evaluated until c runs them again: they come after the branch an
// abort resumes at, in c's run order. This is Behavior Designer's removal,
// when an abort fires, of the re-evaluation entries registered after the
// aborting conditional.
func forgetAfter(c *Composite, seq uint64) {
	for _, ch := range c.children {
		if chb := ch.Base(); chb.startSeq > seq {
			chb.startSeq = 0
		}
	}
}
