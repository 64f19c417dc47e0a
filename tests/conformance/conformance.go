// Package conformance is a table of behavior-tree cases with exact,
// tick-by-tick expectations, runnable against any implementation of leaf
// tasks.
//
// Each [Case] builds a tree whose composites and decorators are the Go
// tasks of stdlib/bt and whose scripted leaves come from a [LeafFactory].
// The runner ticks the tree and compares, tick by tick, the root status
// and the exact sequence of OnStart/OnEnd calls, as strings "start NAME"
// and "end NAME". Leaves log their own calls through the factory; the
// other tasks (composites, decorators, Go leaves such as Wait) are logged
// by the tree's Observer, which hears them just before OnStart and just
// after OnEnd, so the two sources interleave in true call order.
//
// [GoLeaves] is the factory of plain Go leaves. The Lua binding runs the
// SAME cases with leaves written as Lua classes by implementing
// LeafFactory and calling [Run] from its own test:
//
//	func TestLuaLeaves(t *testing.T) { conformance.Run(t, luaFactory{L}) }
package conformance

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// LeafFactory makes the scripted leaves of the cases.
//
// A leaf must:
//   - have name as its task Name (bt.TaskBase.Name);
//   - append "start "+name to *log in OnStart and "end "+name in OnEnd,
//     and nothing else;
//   - in OnUpdate, return the entry of script for the current tree tick:
//     at tick n (bt.BehaviorTree.Ticks() == n, counting from 1) the entry
//     script[n-1], the last entry once n exceeds the script, Success (true)
//     for an empty script (see [StatusAt] and [BoolAt]). A script is a
//     function of the tree's tick, not of the number of calls, so that
//     conditional re-evaluation does not shift it;
//   - for Conditional, be a bt.ConditionalTask (IsConditional() true) that
//     returns Success for true and Failure for false, so that conditional
//     aborts re-evaluate it;
//   - for CallAction, follow the rules of Action except that the script
//     is indexed by the leaf's own OnUpdate calls instead of the tree tick:
//     its k-th call (counting from 1 over the whole case) returns
//     StatusAt(script, k), so that it can change its result within one
//     tick (the cases of the Count execution type need that).
type LeafFactory interface {
	Action(name string, script []bt.Status, log *[]string) bt.Task
	Conditional(name string, script []bool, log *[]string) bt.Task
	CallAction(name string, script []bt.Status, log *[]string) bt.Task
}

// StatusAt returns the status of script at tree tick tick (1-based): the
// rule every LeafFactory action follows.
func StatusAt(script []bt.Status, tick uint64) bt.Status {
	if len(script) == 0 {
		return bt.Success
	}
	return script[scriptIndex(len(script), tick)]
}

// BoolAt returns the value of script at tree tick tick (1-based): the rule
// every LeafFactory conditional follows.
func BoolAt(script []bool, tick uint64) bool {
	if len(script) == 0 {
		return true
	}
	return script[scriptIndex(len(script), tick)]
}

func scriptIndex(n int, tick uint64) int {
	if tick == 0 {
		return 0
	}
	return int(min(tick-1, uint64(n-1)))
}

// Step is one tick of a case (or a Halt) with its expectations.
type Step struct {
	// Status is the expected root status returned by the tick (ignored
	// for a Halt step).
	Status bt.Status
	// Log is the exact sequence of "start X"/"end X" calls expected during
	// the tick (or the Halt).
	Log []string
	// Halt calls BehaviorTree.Halt instead of ticking.
	Halt bool
}

// T is a tick step expecting status and the given log.
func T(status bt.Status, log ...string) Step { return Step{Status: status, Log: log} }

// Halt is a step halting the tree, expecting the given log.
func Halt(log ...string) Step { return Step{Halt: true, Log: log} }

// Case is one conformance case.
type Case struct {
	// Name is "group/what", unique among the cases.
	Name string
	// Doc says what the case pins down.
	Doc string
	// Build returns the root; leaves come from e's factory. Every task
	// must have a unique name.
	Build func(e *Env) bt.Task
	// DT is the delta time of every tick; 0 means 1 second.
	DT float64
	// Once leaves RestartWhenComplete off (it is on by default, so that a
	// completed root runs again on the next step).
	Once bool
	// ExecutionType and MaxTaskExecutions are set on the tree (the zero
	// values: NoDuplicates, and the default cap for Count).
	ExecutionType     bt.ExecutionType
	MaxTaskExecutions int
	// Steps are the ticks and their expectations.
	Steps []Step
}

// Env is what a case's Build gets: the leaf factory and helpers.
type Env struct {
	f      LeafFactory
	log    *[]string
	leaves map[*bt.TaskBase]bool
	silent map[*bt.TaskBase]bool
	tree   *bt.BehaviorTree
}

// A returns a scripted action from the factory.
func (e *Env) A(name string, script ...bt.Status) bt.Task {
	t := e.f.Action(name, script, e.log)
	e.leaves[t.Base()] = true
	return t
}

// C returns a scripted conditional from the factory.
func (e *Env) C(name string, script ...bool) bt.Task {
	t := e.f.Conditional(name, script, e.log)
	e.leaves[t.Base()] = true
	return t
}

// CallA returns a scripted action from the factory whose script is
// indexed by its own OnUpdate calls (LeafFactory.CallAction).
func (e *Env) CallA(name string, script ...bt.Status) bt.Task {
	t := e.f.CallAction(name, script, e.log)
	e.leaves[t.Base()] = true
	return t
}

// Pre returns a composite precondition whose value at tree tick n is
// script[n-1] (the last entry after the script).
func (e *Env) Pre(script ...bool) bt.Condition {
	return bt.Precondition(func() bool { return BoolAt(script, e.ticks()) })
}

func (e *Env) ticks() uint64 {
	if e.tree == nil {
		return 0
	}
	return e.tree.Ticks()
}

// Prio wraps child in a silent pass-through decorator reporting priority
// p (bt.Prioritized), so that factory leaves can sit under a
// PrioritySelector.
func (e *Env) Prio(p float64, child bt.Task) bt.Task {
	w := &scored{prio: p}
	bt.NewDecoratorBase(&w.Decorator, w, "")
	w.Name = "prio(" + child.Base().Name + ")"
	if err := w.AddChild(child); err != nil {
		panic(err)
	}
	e.silent[w.Base()] = true
	return w
}

// Util wraps child in a silent pass-through decorator whose utility
// (bt.UtilityScorer) at tree tick n is script[n-1] (the last entry after
// the script).
func (e *Env) Util(child bt.Task, script ...float64) bt.Task {
	w := &scored{util: script, env: e}
	bt.NewDecoratorBase(&w.Decorator, w, "")
	w.Name = "util(" + child.Base().Name + ")"
	if err := w.AddChild(child); err != nil {
		panic(err)
	}
	e.silent[w.Base()] = true
	return w
}

// scored is a pass-through decorator with a priority and a utility.
type scored struct {
	bt.Decorator
	prio float64
	util []float64
	env  *Env
}

// OnUpdate passes the child's status through.
func (s *scored) OnUpdate() bt.Status {
	if c := s.Child(); c != nil {
		return bt.Tick(c)
	}
	return bt.Failure
}

// Priority returns the fixed priority.
func (s *scored) Priority() float64 { return s.prio }

// Utility returns the utility script's entry for the tree tick.
func (s *scored) Utility() float64 {
	if len(s.util) == 0 {
		return 0
	}
	return s.util[scriptIndex(len(s.util), s.env.ticks())]
}

// observer logs the tasks that do not log themselves.
type observer struct{ e *Env }

// TaskStarted logs "start NAME" for tasks that do not log themselves.
func (o observer) TaskStarted(t bt.Task) {
	if b := t.Base(); !o.e.leaves[b] && !o.e.silent[b] {
		*o.e.log = append(*o.e.log, "start "+bt.DisplayName(t))
	}
}

// TaskEnded logs "end NAME" for tasks that do not log themselves.
func (o observer) TaskEnded(t bt.Task, _ bt.Status, _ bt.EndCause) {
	if b := t.Base(); !o.e.leaves[b] && !o.e.silent[b] {
		*o.e.log = append(*o.e.log, "end "+bt.DisplayName(t))
	}
}

// RunCase runs c with leaves from f and returns the first mismatch.
//
// Besides the steps' expectations it checks, over the whole run followed
// by a final Halt, that every task's calls alternate start/end beginning
// with start and that every start got its end: OnEnd exactly once per run.
func RunCase(c Case, f LeafFactory) error {
	var log []string
	e := &Env{f: f, log: &log, leaves: map[*bt.TaskBase]bool{}, silent: map[*bt.TaskBase]bool{}}
	root := c.Build(e)
	tree := bt.NewBehaviorTree(root)
	e.tree = tree
	tree.RestartWhenComplete = !c.Once
	tree.ExecutionType, tree.MaxTaskExecutions = c.ExecutionType, c.MaxTaskExecutions
	tree.Observer = observer{e}
	dt := c.DT
	if dt == 0 {
		dt = 1
	}
	var all []string
	for i, st := range c.Steps {
		what := fmt.Sprintf("step %d (tick %d)", i+1, tree.Ticks()+1)
		if st.Halt {
			what = fmt.Sprintf("step %d (halt after tick %d)", i+1, tree.Ticks())
		}
		got, want, ok := runStep(tree, st, dt, &log)
		all = append(all, log...)
		if !ok {
			var sb strings.Builder
			fmt.Fprintf(&sb, "%s: %s\n", c.Name, what)
			if !st.Halt {
				fmt.Fprintf(&sb, "  status: got %v, want %v\n", got, st.Status)
			}
			fmt.Fprintf(&sb, "  log got:  %s\n  log want: %s\n", quote(log), quote(want))
			fmt.Fprintf(&sb, "  tree:\n%s", indent(bt.Render(root)))
			return fmt.Errorf("%s", sb.String())
		}
	}
	log = log[:0]
	tree.Halt()
	all = append(all, log...)
	return checkPaired(c.Name, all)
}

// checkPaired verifies that each name's calls alternate start/end and end
// balanced.
func checkPaired(name string, all []string) error {
	open := map[string]bool{}
	for i, s := range all {
		switch {
		case strings.HasPrefix(s, "start "):
			n := s[len("start "):]
			if open[n] {
				return fmt.Errorf("%s: call %d: %q started twice without an end", name, i+1, n)
			}
			open[n] = true
		case strings.HasPrefix(s, "end "):
			n := s[len("end "):]
			if !open[n] {
				return fmt.Errorf("%s: call %d: %q ended without a start", name, i+1, n)
			}
			open[n] = false
		default:
			return fmt.Errorf("%s: call %d: unexpected log entry %q", name, i+1, s)
		}
	}
	for n, o := range open {
		if o {
			return fmt.Errorf("%s: %q never ended, even after Halt", name, n)
		}
	}
	return nil
}

func quote(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return `"` + strings.Join(s, `", "`) + `"`
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ") + "\n"
}

// Run runs every case of Cases as a subtest of t with leaves from f.
func Run(t *testing.T, f LeafFactory) {
	t.Helper()
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			if err := RunCase(c, f); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Cases returns every conformance case, grouped by concept.
func Cases() []Case {
	var out []Case
	out = append(out, coreCases()...)
	out = append(out, compositeCases()...)
	out = append(out, abortCases()...)
	out = append(out, abortBranchCases()...)
	out = append(out, decoratorCases()...)
	out = append(out, leafCases()...)
	out = append(out, executionCases()...)
	out = append(out, referenceCases()...)
	return out
}

// named sets t's name and returns t.
func named[T bt.Task](name string, t T) T {
	t.Base().Name = name
	return t
}

func seq(name string, c ...bt.Task) *bt.Sequence { return named(name, bt.NewSequence(c...)) }
func sel(name string, c ...bt.Task) *bt.Selector { return named(name, bt.NewSelector(c...)) }
func par(name string, c ...bt.Task) *bt.Parallel { return named(name, bt.NewParallel(c...)) }

func abortSeq(a bt.AbortType, name string, c ...bt.Task) *bt.Sequence {
	s := seq(name, c...)
	s.Abort = a
	return s
}

func abortSel(a bt.AbortType, name string, c ...bt.Task) *bt.Selector {
	s := sel(name, c...)
	s.Abort = a
	return s
}

// Short status names for the case tables.
const (
	R = bt.Running
	S = bt.Success
	F = bt.Failure
)

// runStep runs step st of a case on tree (a tick of dt, or a halt) with
// *log emptied first, and returns the status (none for a halt), the log
// the step wants and whether the status and *log are as wanted.
func runStep(tree *bt.BehaviorTree, st Step, dt float64, log *[]string) (bt.Status, []string, bool) {
	*log = (*log)[:0]
	var got bt.Status
	if st.Halt {
		tree.Halt()
	} else {
		got = tree.Tick(dt)
	}
	want := st.Log
	if want == nil {
		want = []string{}
	}
	return got, want, (st.Halt || got == st.Status) && slices.Equal(*log, want)
}
