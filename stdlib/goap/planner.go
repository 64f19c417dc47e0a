package goap

import (
	"fmt"
	"time"
)

// Default budgets, used when the Planner's field is 0.
const (
	DefaultMaxNodes = 100000      // Planner.MaxNodes: expansions per Plan call
	DefaultMaxTime  = time.Second // Planner.MaxTime
	DefaultMaxBytes = 64 << 20    // Planner.MaxBytes: 64 MiB of search memory
	nodeBytes       = 48          // bytes of one node (unsafe.Sizeof(node{}))
	openItemBytes   = 32          // bytes of one openItem
	slotBytes       = 16          // bytes of one slot
)

// Planner finds cheapest plans by A* search over world states. It replaces
// the seed's Planer, which enumerated every permutation of actions (no action
// reuse, no duplicate detection, exponential time) and returned the cheapest
// leaf.
//
// Search: nodes are popped from an open list ordered by f = g + h (lowest
// first), ties broken by larger g (deeper first), then by fewer steps, then
// by insertion order (successors are generated in the order of the actions
// slice), so results are deterministic. A state already generated is not
// stored again (closed set keyed by the exact state); it is re-queued when
// reached more cheaply, and reopened if it was expanded already. An action may be used any number of times.
// The goal test is done when a node is popped, so the first goal node popped
// is optimal.
//
// Dominance pruning (dominance.go): a state with the same values on every
// key except monotone numeric ones (keys only tested with >= or >), at
// least as much of each of those, and no higher cost makes the other
// redundant; the latter is dropped. Exact, off with a CostFunc or
// DisableDominance. A closed node reached again more cheaply is reopened.
//
// Useless actions (useless.go) are left out as well: those whose every
// effect is a Set to a value no condition can hold on, or a loss of a
// monotone key; removing them from any plan costs nothing. Exact; off with
// a CostFunc.
//
// Relevance pruning: unless some action has a CostFunc, only relevant
// actions are searched (an action is relevant if it changes a goal key or a
// key read by a relevant action's preconditions) and only the keys they read
// are kept in search states. This is exact: the others cannot help reach the
// goal. The heuristic (see DisableHeuristic) is admissible (not always
// consistent: closed nodes reached more cheaply are reopened, so optimality
// rests on admissibility alone). A goal condition that is unmet in the start state and on a
// key no action changes fails at once with ErrNoPlan (Expanded 0,
// Visited 1).
//
// The returned plan is replayed on the start WorldState with the public
// Condition/Effect semantics: each action's preconditions must hold before
// it and the goal after the last; otherwise Plan returns ErrReplay.
//
// A Planner keeps its buffers between Plan calls (allocation-light reuse);
// it is not safe for concurrent use: use one Planner per goroutine. There is
// no global state. The zero Planner is ready to use.
type Planner struct {
	// MaxNodes is the node budget: the most nodes one Plan call may expand.
	// 0 (or a negative value) means DefaultMaxNodes; the Lua binding
	// refuses negatives. Reaching it ends the search with ErrBudget
	// and no plan (never a partial one). Memory grows with the states
	// generated, at most MaxNodes times the number of actions.
	MaxNodes int
	// DisableHeuristic turns A* into uniform-cost search (h = 0). The
	// default heuristic is the largest of admissible bounds: the goal-count
	// bound ceil(U/E) * C (U the number of distinct goal keys with an unmet
	// condition, E the most distinct goal keys one action changes, C the
	// least cost, or declared lower bound, of an action that changes a goal
	// key), and the bound its parent's evaluation leaves it (inherit.go),
	// both computed for every new node; and h_max, relaxed reachability
	// over conditions (see hmax.go), or, when the problem has number keys
	// changed only by Add effects, the state-equation LP bound plus LM-cut
	// at the LP's reduced costs, seeded with the parent's landmarks that
	// the node's action is not in (see lp.go, lmcut.go), rounded up to the
	// cost grain (cost_grain.go), computed lazily when a node first reaches
	// the front of the open list, which re-queues the node if h grew and
	// drops it if the goal is unreachable from it.
	DisableHeuristic bool
	// Weight turns the search into weighted A* (f = g + Weight*h) when
	// above 1: faster, and the plan's cost is at most Weight times the
	// optimal cost. 0 or 1 (or anything below 1) means optimal A* (the
	// default). NaN and ±Inf are invalid: Plan fails with ErrInvalid.
	Weight float64
	// MaxTime bounds the search time of one Plan call (for a Request: the
	// time spent inside its Step calls). 0 means DefaultMaxTime; negative
	// means no limit. Reaching it fails with ErrBudget, Limit "time".
	MaxTime time.Duration
	// MaxBytes bounds the search memory of one Plan call: an estimate of
	// the bytes held by the nodes, their states, the open list and the hash
	// tables (the Go runtime may hold up to about twice that while slices
	// grow). 0 means DefaultMaxBytes; negative means no limit. Reaching it
	// fails with ErrBudget, Limit "bytes".
	MaxBytes int64
	// DisableDominance turns off dominance pruning (see Planner).
	DisableDominance bool
	// Trace records every expansion and successor for Explain (slower).
	Trace bool
	// TraceLimit caps the recorded trace lines; 0 means 500.
	TraceLimit int

	// compiled problem (compile.go)
	gIDs        map[string]int32 // key -> gid (keys.go), kept across calls
	gNames      []string         // per gid: the key
	localOf     []int32          // per gid: local key id, -1 if not kept
	keyG        []int32          // per local key id: its gid
	gPre        []int32          // gids of the actions' preconditions
	gPreOff     []int32          // per action + 1: start of its gPre entries
	gEff        []int32          // gids of the actions' effects
	gEffOff     []int32          // per action + 1: start of its gEff entries
	gGoal       []int32          // gids of the goal's conditions
	keyNames    []string
	keyKind     []Kind
	keyAdd      []bool
	keyPresence []bool // an OpExists condition reads the key
	relevant    []bool
	dropped     []bool      // useless actions (useless.go)
	uConds      []Condition // conditions read (useless.go)
	uCondKey    []int32     // key id of each of uConds
	uCondHead   []int32     // per key id: 1 + index of its last entry in uConds, 0 for none
	uCondNext   []int32     // per entry of uConds: the previous one on its key, -1 for none
	uKeyFacts   []uint8     // per key id: keyAdded, keyNotMonotone
	nUsable     int
	isGoalKey   []bool
	strIDs      map[string]uint64
	strVals     []string
	acts        []cAction
	conds       []cCond
	effs        []cEffect
	goal        []cCond
	start       []slot
	k           int
	hDiv        int
	hPerStep    float64
	grain       float64 // cost grain (cost_grain.go), 0 for none

	// h_max tables (hmax.go)
	hmIndex    map[cCond]int32
	hmAtoms    []cCond
	hmGoal     []int32
	hmPre      []int32
	hmAch      []int32
	hmActs     []hmAction
	hmCost     []float64
	hmKey      []float64
	hmFirstUse []int32
	hmKeyHead  []int32 // per key id: 1 + first atom on the key, 0 for none
	hmKeyNext  []int32 // per atom: next atom on its key, -1 for none
	hmNum      []hmNumeric
	hmFloor    []float64
	lmCost     []float64 // LM-cut (lmcut.go): remaining cost per action
	lmHeld     []bool    // per atom: holds in the evaluated state
	lmAchBy    []int32   // h_max actions achieving each atom, grouped by atom
	lmAchHead  []int32   // per atom: start of its group in lmAchBy (+1: end)
	lmPcf      []int32   // per h_max action: precondition choice
	lmNext     []int32   // per h_max action: next with the same choice
	lmPcfHead  []int32   // per atom + 1 (0: the start): first action by choice
	lmPreBy    []int32   // h_max actions having each atom as a precondition
	lmPreHead  []int32   // per atom: start of its group in lmPreBy
	lmZone     []uint8
	lmQueue    []int32
	lmQueue2   []int32 // atoms whose cost dropped (lmHmax)
	lmQueued   []bool
	lmCut      []int32  // h_max actions of the current cut
	lmBits     bool     // at most 64 atoms: lmFreeReach's bit sets are built
	lmPreMask  []uint64 // per h_max action: its precondition atoms
	lmAchMask  []uint64 // per h_max action: the atoms it achieves
	lmGoalMask uint64   // the goal atoms
	seedRec    int32    // 1 + the record whose landmarks seed LM-cut (lmSeed), 0 for none
	seedAct    int32    // action whose landmarks are left out of the seeds

	// evaluation records, inherited by successors (inherit.go)
	recY    []float64 // per record: the LP's y (len(lpRows) values)
	recLM   []lmRec   // landmarks of all records
	recActs []int32   // actions of all landmarks
	recLast int32     // record of the last fullHeuristic call, -1 for none
	recHit  []float64 // per action: landmark cost of the expanded node's record it hits

	// state-equation LP (lp.go)
	lpRows []lpRow
	lpVars []int32   // action index of each LP variable
	lpA    []float64 // rows x vars, row-major
	lpC    []float64
	lpB    []float64
	lpY    []float64
	lpRed  []float64 // reduced cost per action after lpBound

	lpCache    map[uint64]int32 // hash of the rows' values -> entry (lp_cache.go)
	lpCacheIn  []float64        // per entry: the rows' values
	lpCacheRed []float64        // per entry: lpRed
	lpCacheVal []float64        // per entry: the bound
	lpCacheY   []float64        // per entry: the dual solution y
	lpSolves   int              // simplex solves (lpBound calls) in this search
	evals      int              // full heuristic evaluations in this search
	lpT        []float64        // dual tableau
	lpBasis    []int32
	lpPivots   int

	// dominance pruning (dominance.go)
	monotone []bool  // per key: more of it never hurts
	sigKeys  []int32 // keys that are not monotone
	monoKeys []int32 // keys that are monotone
	domHead  map[uint64]int32
	pruned   int

	// resumable search state (search.go)
	expanded int
	elapsed  time.Duration
	limit    string // the budget that stopped the last search, or ""
	gen      uint64 // bumped by Plan and Begin: supersedes a pending Request

	// search buffers
	nodes   []node
	arena   []slot // state of node i is arena[i*k : (i+1)*k]
	table   []uint64
	open    []openItem
	seq     uint32
	scratch []slot
	view    slotView
	replay  *WorldState
	pathBuf []int32

	// last run, for Explain
	last      Plan
	lastErr   error
	lastStart *WorldState
	trace     []byte
	traceN    int
}

// node is one search state.
type node struct {
	g, h    float64
	hash    uint64
	sig     uint64 // hash of the non-monotone keys (dominance.go)
	parent  int32  // -1 for the start
	action  int32  // index into acts, -1 for the start
	domNext int32  // next node with the same sig, -1 for none
	steps   uint16 // actions from the start (saturates at 65535)
	closed  bool
	rec     int32 // evaluation record (inherit.go), -1 for none
	hFull   bool  // h is the full heuristic (see fullHeuristic)
}

// NewPlanner returns a Planner with the given node budget (0: default).
func NewPlanner(maxNodes int) *Planner { return &Planner{MaxNodes: maxNodes} }

// Plan searches for the cheapest sequence of actions turning start into a
// state where every goal condition holds. start may be nil (empty state).
// actions are used as given: the Agent filters them first (procedural
// preconditions, missing targets); the planner only reads their
// preconditions, effects and costs.
//
// Results: a goal already met yields Plan{Satisfied: true} and a nil error.
// Errors are *PlanError wrapping ErrNoPlan (unreachable), ErrBudget (more
// than MaxNodes expansions needed), ErrInvalid (malformed problem) or
// ErrReplay; the returned Plan then has no actions but carries Expanded and
// Visited.
func (p *Planner) Plan(start *WorldState, goal *Goal, actions []*Action) (Plan, error) {
	p.trace = p.trace[:0]
	p.traceN = 0
	p.limit = ""
	p.gen++
	p.lastStart = start
	plan, err := p.plan(start, goal, actions)
	p.last, p.lastErr = plan, err
	return plan, err
}

func (p *Planner) fail(goal *Goal, sentinel error, detail string, exp, vis int) (Plan, error) {
	return Plan{Goal: goal, Expanded: exp, Visited: vis}, &PlanError{
		Goal: goal.String(), Err: sentinel, Limit: p.limit, Detail: detail, Expanded: exp, Visited: vis,
	}
}

func (p *Planner) plan(start *WorldState, goal *Goal, actions []*Action) (Plan, error) {
	if detail, err := p.compile(start, goal, actions); err != nil {
		return p.fail(goal, err, detail, 0, 0)
	}
	if p.goalHolds(p.start) {
		return Plan{Goal: goal, Satisfied: true, Visited: 1}, nil
	}
	if d := p.staticallyUnreachable(); d != "" {
		return p.fail(goal, ErrNoPlan, d, 0, 1)
	}
	p.beginSearch()
	goalNode, exp, detail, err := p.runSearch(-1)
	return p.finishSearch(start, goal, goalNode, exp, detail, err)
}

// finishSearch turns the outcome of runSearch into Plan's results.
func (p *Planner) finishSearch(start *WorldState, goal *Goal, goalNode int32, exp int, detail string, err error) (Plan, error) {
	vis := len(p.nodes)
	if err != nil {
		return p.fail(goal, err, detail, exp, vis)
	}
	// Reconstruct.
	path := p.pathBuf[:0]
	for n := goalNode; p.nodes[n].parent >= 0; n = p.nodes[n].parent {
		path = append(path, p.nodes[n].action)
	}
	p.pathBuf = path
	plan := Plan{Goal: goal, Actions: make([]*Action, len(path)), Costs: make([]float64, len(path)),
		Cost: p.nodes[goalNode].g, Expanded: exp, Visited: vis}
	for i, n := len(path)-1, goalNode; i >= 0; i, n = i-1, p.nodes[n].parent {
		plan.Actions[i] = p.acts[p.nodes[n].action].act
		plan.Costs[i] = p.nodes[n].g - p.nodes[p.nodes[n].parent].g
	}
	if d := p.replayCheck(start, goal, plan.Actions); d != "" {
		return p.fail(goal, ErrReplay, d, exp, vis)
	}
	return plan, nil
}

func (p *Planner) goalHolds(st []slot) bool {
	for i := range p.goal {
		if !p.goal[i].holds(st) {
			return false
		}
	}
	return true
}

// replayCheck re-applies the plan to a copy of start using the public
// (string-keyed) semantics, independent of the compiled search form.
func (p *Planner) replayCheck(start *WorldState, goal *Goal, plan []*Action) string {
	if p.replay == nil {
		p.replay = NewWorldState()
	}
	ws := p.replay
	clear(ws.m)
	if start != nil {
		for k, v := range start.m {
			ws.m[k] = v
		}
	}
	for i, a := range plan {
		if !a.Applicable(ws) {
			return fmt.Sprintf("step %d (%s): preconditions do not hold on %v", i+1, a.Name, ws)
		}
		a.Apply(ws)
	}
	if !goal.SatisfiedBy(ws) {
		return fmt.Sprintf("goal not met after the plan: %v", ws)
	}
	return ""
}

func (p *Planner) applicable(ca *cAction, st []slot) bool {
	for j := ca.pre0; j < ca.pre1; j++ {
		if !p.conds[j].holds(st) {
			return false
		}
	}
	return true
}

// addNode stores a new state and returns its node index.
func (p *Planner) addNode(st []slot, hash uint64, parent, action int32, g, h float64) int32 {
	idx := int32(len(p.nodes))
	p.nodes = append(p.nodes, node{g: g, h: h, hash: hash, parent: parent, action: action, steps: p.stepsAfter(parent), rec: -1})
	p.arena = append(p.arena, st...)
	p.insert(hash, idx)
	return idx
}

// stepsAfter returns the number of actions of a path one action longer than
// the path to parent (0 for the start, parent -1), saturating.
func (p *Planner) stepsAfter(parent int32) uint16 {
	if parent < 0 {
		return 0
	}
	return p.nodes[parent].steps + 1 - p.nodes[parent].steps/0xffff
}
