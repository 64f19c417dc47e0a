package goap

import (
	"errors"
	"strings"
	"testing"
)

func TestPlanReusesActions(t *testing.T) {
	mine := act("MineOre", 10, nil, Set("money", T))
	buy := act("BuyFood", 2, pre(Is("money", T)), Set("food", T), Set("money", F))
	p := &Planner{}
	plan := mustPlan(t, p, ws("money", false, "food", false), goal("rich&fed", Is("money", T), Is("food", T)),
		[]*Action{mine, buy}, []string{"MineOre", "BuyFood", "MineOre"}, 22)
	if plan.Actions[0] != mine || plan.Actions[2] != mine || plan.Actions[1] != buy {
		t.Fatalf("plan does not reuse the same *Action values")
	}
	if plan.Expanded != 3 || plan.Visited != 4 {
		t.Fatalf("expanded %d visited %d, want 3 4\n%s", plan.Expanded, plan.Visited, p.Explain())
	}
}

func TestPlanPrefersCheaperLongerPlan(t *testing.T) {
	actions := []*Action{
		act("Attack", 5, nil, Set("dead", T)),
		act("GotoCover", 1, nil, Set("inCover", T)),
		act("AttackFromCover", 1, pre(Is("inCover", T)), Set("dead", T)),
	}
	mustPlan(t, &Planner{}, ws("dead", false, "inCover", false), goal("kill", Is("dead", T)),
		actions, []string{"GotoCover", "AttackFromCover"}, 2)
}

func TestPlanAlreadySatisfied(t *testing.T) {
	eat := act("Eat", 1, pre(Is("hasFood", T)), Set("hasFood", F))
	plan, err := (&Planner{}).Plan(ws("hasFood", true), goal("keep", Is("hasFood", T)), []*Action{eat})
	if err != nil {
		t.Fatalf("err = %v", err)
	}
	if !plan.Satisfied || len(plan.Actions) != 0 || plan.Cost != 0 || plan.Expanded != 0 || plan.Visited != 1 {
		t.Fatalf("plan = %+v, want satisfied, empty, cost 0, 0 expanded, 1 visited", plan)
	}
	if plan.String() != "(already satisfied)" {
		t.Fatalf("String = %q", plan.String())
	}
}

func TestPlanUnreachableWithCycle(t *testing.T) {
	on := act("TurnOn", 1, pre(Is("light", F)), Set("light", T))
	off := act("TurnOff", 1, pre(Is("light", T)), Set("light", F))
	p := &Planner{}
	// door is changed by no action: detected before searching.
	plan, err := p.Plan(ws("light", false), goal("lit room", Is("light", T), Is("door", T)), []*Action{on, off})
	if !errors.Is(err, ErrNoPlan) {
		t.Fatalf("err = %v, want ErrNoPlan", err)
	}
	if plan.Visited != 1 || plan.Expanded != 0 || len(plan.Actions) != 0 {
		t.Fatalf("visited %d expanded %d actions %d, want 1 0 0", plan.Visited, plan.Expanded, len(plan.Actions))
	}
	if !strings.Contains(err.Error(), `"lit room"`) || !strings.Contains(err.Error(), `no usable action changes "door"`) {
		t.Fatalf("error does not name the goal and key: %v", err)
	}

	// door needs the light on while the power is off, which no sequence
	// reaches (PowerOff also turns the light off). Relaxed reachability (the
	// h_max part of the heuristic) looks at conditions one at a time and
	// cannot see it: the search must exhaust the 3 reachable states, and the
	// closed set must stop the PowerOn/TurnOn/TurnOff/PowerOff cycles.
	plan, err = p.Plan(ws("light", false, "power", false), goal("lit room", Is("light", T), Is("door", T)), powerDomain())
	if !errors.Is(err, ErrNoPlan) {
		t.Fatalf("err = %v, want ErrNoPlan", err)
	}
	if plan.Visited != 3 || plan.Expanded != 3 {
		t.Fatalf("visited %d expanded %d, want 3 3\n%s", plan.Visited, plan.Expanded, p.Explain())
	}
	var pe *PlanError
	if !errors.As(err, &pe) || pe.Goal != `"lit room" {light == true, door == true}` || pe.Visited != 3 {
		t.Fatalf("PlanError = %#v", pe)
	}
	want := `goap: goal "lit room" {light == true, door == true}: no plan: search exhausted every reachable state (expanded 3, visited 3)`
	if err.Error() != want {
		t.Fatalf("error =\n%s\nwant\n%s", err, want)
	}
}

func TestPlanNumericConditions(t *testing.T) {
	chop := act("ChopWood", 1, nil, Add("wood", 1))
	build := act("BuildHut", 2, pre(Cond("wood", OpGe, Number(3))), Sub("wood", 3), Set("hut", T))
	p := &Planner{}
	// wood missing from the start state reads as 0.
	mustPlan(t, p, NewWorldState(), goal("wood", Cond("wood", OpGe, Number(3))),
		[]*Action{chop, build}, []string{"ChopWood", "ChopWood", "ChopWood"}, 3)
	mustPlan(t, p, ws("wood", 1), goal("hut", Is("hut", T)),
		[]*Action{chop, build}, []string{"ChopWood", "ChopWood", "BuildHut"}, 4)
	// A hut and 2 wood left over: 5 chops and a build (cost 7) in any order
	// with the build after the third chop or later; the deterministic
	// tie-break (deeper first) with the deficit bound on wood (it counts
	// the 5 chops still needed) picks building after the fourth chop.
	mustPlan(t, p, ws("wood", 0), goal("hut+wood", Is("hut", T), Cond("wood", OpGe, Number(2))),
		[]*Action{chop, build}, []string{"ChopWood", "ChopWood", "ChopWood", "ChopWood", "BuildHut", "ChopWood"}, 7)
	// Strict and upper-bound operators.
	eat := act("EatApple", 1, pre(Cond("apples", OpGt, Number(0))), Sub("apples", 1))
	mustPlan(t, p, ws("apples", 5), goal("diet", Cond("apples", OpLt, Number(3)), Cond("apples", OpNe, Number(1))),
		[]*Action{eat}, []string{"EatApple", "EatApple", "EatApple"}, 3)
}

func TestPlanEffectOverwrites(t *testing.T) {
	paint := act("PaintBlue", 1, pre(Is("color", Str("red"))), Set("color", Str("blue")))
	sell := act("SellBlue", 1, pre(Is("color", Str("blue"))), Set("sold", T))
	// The seed's PopulateState kept color="red" beside color="blue"; a plan
	// that needs color == "red" afterwards must not be found.
	needRed := act("ShowRed", 1, pre(Is("color", Str("red")), Is("sold", T)), Set("shown", T))
	p := &Planner{}
	mustPlan(t, p, ws("color", "red"), goal("sold", Is("sold", T)), []*Action{paint, sell, needRed},
		[]string{"PaintBlue", "SellBlue"}, 2)
	_, err := p.Plan(ws("color", "red"), goal("shown", Is("shown", T)), []*Action{paint, sell, needRed})
	if !errors.Is(err, ErrNoPlan) {
		t.Fatalf("err = %v, want ErrNoPlan", err)
	}
	// Public Apply overwrites too.
	s := ws("color", "red")
	paint.Apply(s)
	if s.String() != `{color="blue"}` {
		t.Fatalf("after Apply: %v", s)
	}
}

func TestPlanNodeBudget(t *testing.T) {
	// Unbounded numeric state space, unreachable goal: only the budget
	// stops it. (With "n < 0" in the goal the state-equation bound would
	// prove at once that no plan exists: n only grows.)
	inc := act("Inc", 1, nil, Add("n", 1))
	p := &Planner{MaxNodes: 50}
	plan, err := p.Plan(ws("n", 0), goal("never", Is("flag", T)), []*Action{inc, act("Flag", 1, pre(Cond("n", OpLt, Number(0))), Set("flag", T))})
	if !errors.Is(err, ErrBudget) || errors.Is(err, ErrNoPlan) {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if plan.Expanded != 50 || plan.Visited != 51 || plan.Actions != nil {
		t.Fatalf("expanded %d visited %d actions %v, want 50 51 nil", plan.Expanded, plan.Visited, plan.Actions)
	}
	if !strings.Contains(err.Error(), `goal "never"`) || !strings.Contains(err.Error(), "budget of 50 expansions") {
		t.Fatalf("error = %v", err)
	}
	// The same Planner still plans afterwards, within budget.
	mustPlan(t, p, ws("n", 0), goal("three", Cond("n", OpGe, Number(3))), []*Action{inc}, []string{"Inc", "Inc", "Inc"}, 3)
}

func TestPlanDeterministicTieBreak(t *testing.T) {
	// Two equally cheap ways; the earlier action in the slice wins, every time.
	a := act("WalkNorth", 1, nil, Set("there", T))
	b := act("WalkSouth", 1, nil, Set("there", T))
	p := &Planner{}
	for i := 0; i < 20; i++ {
		mustPlan(t, p, NewWorldState(), goal("go", Is("there", T)), []*Action{a, b}, []string{"WalkNorth"}, 1)
		mustPlan(t, p, NewWorldState(), goal("go", Is("there", T)), []*Action{b, a}, []string{"WalkSouth"}, 1)
	}
	// Equal-cost two-step alternatives: first-listed prerequisite wins.
	k1 := act("GetKeyA", 1, nil, Set("key", T))
	k2 := act("GetKeyB", 1, nil, Set("key", T))
	open := act("Open", 1, pre(Is("key", T)), Set("open", T))
	mustPlan(t, p, NewWorldState(), goal("open", Is("open", T)), []*Action{open, k2, k1}, []string{"GetKeyB", "Open"}, 2)
}

func TestPlanCostFunc(t *testing.T) {
	// Travel cost depends on the state being searched.
	walk := &Action{Name: "Walk", Cost: 1, Effects: []Effect{Set("atShop", T)},
		CostFunc: func(s StateReader) float64 {
			if v, _ := s.Get("tired"); v.Equal(T) {
				return 4
			}
			return 2
		}}
	rest := act("Rest", 3, nil, Set("tired", F))
	p := &Planner{}
	mustPlan(t, p, ws("tired", true), goal("shop", Is("atShop", T)), []*Action{walk, rest}, []string{"Walk"}, 4)
	walk.CostFunc = func(s StateReader) float64 {
		if v, _ := s.Get("tired"); v.Equal(T) {
			return 100
		}
		return 2
	}
	mustPlan(t, p, ws("tired", true), goal("shop", Is("atShop", T)), []*Action{walk, rest}, []string{"Rest", "Walk"}, 5)
	// Below the declared lower bound: invalid.
	walk.CostFunc = func(StateReader) float64 { return 0.5 }
	if _, err := p.Plan(ws("tired", true), goal("shop", Is("atShop", T)), []*Action{walk}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("err = %v, want ErrInvalid", err)
	}
}

func TestPlanInvalidProblems(t *testing.T) {
	p := &Planner{}
	ok := act("Ok", 1, nil, Set("x", T))
	cases := []struct {
		name    string
		start   *WorldState
		g       *Goal
		actions []*Action
	}{
		{"nil goal", nil, nil, []*Action{ok}},
		{"nil action", nil, goal("g", Is("x", T)), []*Action{ok, nil}},
		{"negative cost", nil, goal("g", Is("x", T)), []*Action{act("Neg", -1, nil, Set("x", T))}},
		{"ordering on bool", nil, goal("g", Cond("x", OpGt, T)), []*Action{ok}},
		{"add to bool key", nil, goal("g", Is("x", T)), []*Action{ok, act("Bump", 1, nil, Add("x", 1))}},
		{"add to string start", ws("n", "a"), goal("g", Cond("n", OpGe, Number(2))), []*Action{act("Inc", 1, nil, Add("n", 1))}},
		{"no value", nil, goal("g", Condition{Key: "x"}), []*Action{ok}},
	}
	for _, c := range cases {
		plan, err := p.Plan(c.start, c.g, c.actions)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", c.name, err)
		}
		if len(plan.Actions) != 0 {
			t.Errorf("%s: got actions %v", c.name, plan.Names())
		}
	}
}

func TestPlanReplayCheckAcceptsPlans(t *testing.T) {
	// The replay check runs on every found plan; verify it independently too.
	actions := []*Action{
		act("MineOre", 10, nil, Set("money", T)),
		act("BuyFood", 2, pre(Is("money", T)), Set("food", T), Set("money", F)),
	}
	start := ws("money", false, "food", false)
	g := goal("both", Is("money", T), Is("food", T))
	p := &Planner{}
	plan, err := p.Plan(start, g, actions)
	if err != nil {
		t.Fatal(err)
	}
	if d := p.replayCheck(start, g, plan.Actions); d != "" {
		t.Fatalf("replay rejected a valid plan: %s", d)
	}
	// And rejects an invalid one, naming the failing step.
	bad := []*Action{actions[1], actions[0]}
	if d := p.replayCheck(start, g, bad); !strings.HasPrefix(d, "step 1 (BuyFood): preconditions do not hold") {
		t.Fatalf("replay of an invalid plan: %q", d)
	}
	if d := p.replayCheck(start, g, actions[:1]); !strings.HasPrefix(d, "goal not met after the plan") {
		t.Fatalf("replay of an incomplete plan: %q", d)
	}
	if start.String() != "{food=false, money=false}" {
		t.Fatalf("replay mutated the start state: %v", start)
	}
}

func TestPlanMissingKeySemantics(t *testing.T) {
	// A missing bool reads false, a missing number 0, a missing string "".
	p := &Planner{}
	light := act("Light", 1, pre(Is("lit", F), Cond("fuel", OpEq, Number(0)), Is("name", Str(""))), Set("lit", T))
	mustPlan(t, p, NewWorldState(), goal("lit", Is("lit", T)), []*Action{light}, []string{"Light"}, 1)
	// A missing key is the same search state as its zero value: from an
	// empty start the power domain still has exactly 3 states.
	plan, err := p.Plan(NewWorldState(), goal("g", Is("light", T), Is("door", T)), powerDomain())
	if !errors.Is(err, ErrNoPlan) || plan.Visited != 3 {
		t.Fatalf("err %v visited %d, want ErrNoPlan 3", err, plan.Visited)
	}
}

// powerDomain: the light can be on only while the power is on.
func powerDomain() []*Action {
	return []*Action{
		act("PowerOn", 1, pre(Is("power", F)), Set("power", T)),
		act("PowerOff", 1, pre(Is("power", T)), Set("power", F), Set("light", F)),
		act("TurnOn", 1, pre(Is("power", T), Is("light", F)), Set("light", T)),
		act("TurnOff", 1, pre(Is("light", T)), Set("light", F)),
		act("OpenDoor", 1, pre(Is("light", T), Is("power", F)), Set("door", T)),
	}
}

func TestExplain(t *testing.T) {
	p := &Planner{Trace: true}
	if p.Explain() != "" {
		t.Fatalf("Explain before Plan = %q", p.Explain())
	}
	mustPlan(t, p, ws("money", false, "food", false), goal("eat", Is("food", T)), []*Action{
		act("MineOre", 10, nil, Set("money", T)),
		act("BuyFood", 2, pre(Is("money", T)), Set("food", T), Set("money", F)),
	}, []string{"MineOre", "BuyFood"}, 12)
	want := `goal: "eat" {food == true}
start: {food=false, money=false}
actions: 2 given, 2 relevant (MineOre, BuyFood)
heuristic: max(ceil(unmet goal keys / 1) * 2, h_max over 2 conditions)
raise h 2 -> 12, requeue {food=false, money=false}
expand #1 g=0 h=12 f=12 {food=false, money=false}
  + MineOre -> g=10 new {food=false, money=true}
expand #2 g=10 h=2 f=12 {food=false, money=true}
  + MineOre -> g=20 self {food=false, money=true}
  + BuyFood -> g=12 new {food=true, money=false}
goal reached g=12 {food=true, money=false}
result: plan of 2 actions, cost 12
  1. MineOre (cost 10)
  2. BuyFood (cost 2)
end state: {food=true, money=false}
expanded 2 nodes, visited 3 states
`
	if got := p.Explain(); got != want {
		t.Fatalf("Explain =\n%s\nwant\n%s", got, want)
	}
}

func TestPlanRelevancePruning(t *testing.T) {
	// Dance and Sing change nothing the goal depends on: they are not
	// searched, and the plan is unaffected.
	actions := []*Action{
		act("Dance", 0, nil, Set("happy", T)),
		act("Sing", 1, pre(Is("happy", T)), Add("songs", 1)),
		act("GetKey", 1, nil, Set("key", T)),
		act("Open", 1, pre(Is("key", T)), Set("open", T)),
	}
	p := &Planner{Trace: true}
	plan := mustPlan(t, p, NewWorldState(), goal("open", Is("open", T)), actions, []string{"GetKey", "Open"}, 2)
	if plan.Visited != 3 || plan.Expanded != 2 {
		t.Fatalf("visited %d expanded %d, want 3 2 (irrelevant actions pruned)", plan.Visited, plan.Expanded)
	}
	if !strings.Contains(p.Explain(), "actions: 4 given, 2 relevant (GetKey, Open)") {
		t.Fatalf("Explain:\n%s", p.Explain())
	}
	// Without pruning (uniform-cost, all keys: a CostFunc disables pruning)
	// the zero-cost distractors multiply the states but not the plan.
	actions[0].CostFunc = func(StateReader) float64 { return 0 }
	plan = mustPlan(t, p, NewWorldState(), goal("open", Is("open", T)), actions, []string{"GetKey", "Open"}, 2)
	if plan.Visited != 5 {
		t.Fatalf("visited %d: CostFunc should disable pruning\n%s", plan.Visited, p.Explain())
	}
}

// A missing key compares as its operand kind's zero (pos == 0 holds on a
// state without pos); Exists requires the key itself, Missing its absence.
func TestPlanPresenceConditions(t *testing.T) {
	place := act("PlaceAtOrigin", 1, nil, Set("pos", Number(0)))
	move := act("Move", 2, pre(Exists("pos")), Add("pos", 1))
	p := &Planner{}
	plan, err := p.Plan(NewWorldState(), goal("origin", Is("pos", Number(0))), []*Action{place, move})
	if err != nil || !plan.Satisfied {
		t.Fatalf("pos == 0 on a state without pos: plan %v err %v, want satisfied", plan, err)
	}
	mustPlan(t, p, NewWorldState(), goal("placed", Exists("pos"), Is("pos", Number(0))), []*Action{place, move},
		[]string{"PlaceAtOrigin"}, 1)
	mustPlan(t, p, NewWorldState(), goal("moved", Cond("pos", OpGe, Number(1))), []*Action{place, move},
		[]string{"PlaceAtOrigin", "Move"}, 3)
	if _, err := p.Plan(ws("pos", 3), goal("gone", Missing("pos")), []*Action{place, move}); !errors.Is(err, ErrNoPlan) {
		t.Fatalf("Missing on a key no action deletes: err %v, want ErrNoPlan", err)
	}
	if !Exists("pos").Holds(ws("pos", 0)) || Exists("pos").Holds(NewWorldState()) ||
		!Missing("pos").Holds(NewWorldState()) || Missing("pos").String() != "pos missing" {
		t.Fatalf("Holds/String of presence conditions")
	}
	if _, err := p.Plan(nil, goal("bad", Cond("pos", OpExists, Number(1))), nil); !errors.Is(err, ErrInvalid) {
		t.Fatalf("exists with a number operand: err %v, want ErrInvalid", err)
	}
}
