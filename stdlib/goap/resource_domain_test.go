package goap

import (
	"fmt"
	"math/rand/v2"
)

// Seeded resource-chain domains (issue 10): the shape of survival/crafting
// games. An agent walks between locations (GoTo actions with no
// preconditions), gathers numeric resources there (wood, stone, ore, fish,
// gold with += effects), sells them for gold and buys them back at the
// market (buy/sell loops), and crafts a chain of tiers at the workshop, each
// tier consuming resources and the previous tier. Distractors touch the same
// keys (drop, gamble, eat, extra places). Some resources have a carry limit
// (a "< n" precondition on gathering), which makes "more" worse and so must
// turn dominance pruning off for that key.

// resourceSpec parameterises resourceDomain.
type resourceSpec struct {
	Seed    uint64
	Tiers   int // crafted tiers; the goal is the last one (chain depth)
	Actions int // total actions: the core domain, padded with distractors
}

func (s resourceSpec) String() string {
	return fmt.Sprintf("seed%d-tiers%d-actions%d", s.Seed, s.Tiers, s.Actions)
}

var (
	resourceNames = []string{"wood", "stone", "ore", "fish"}
	resourcePlace = []string{"forest", "quarry", "mine", "lake"}
)

// resourceDomain builds the domain of spec: start state, goal, actions.
func resourceDomain(spec resourceSpec) (*WorldState, *Goal, []*Action) {
	rng := rand.New(rand.NewPCG(spec.Seed, 0x5eed))
	cost := func(lo, hi int) float64 { return float64(lo + rng.IntN(hi-lo+1)) }
	start := ws("at", "home", "gold", rng.IntN(3))
	var core, extra []*Action
	places := append(append([]string{}, resourcePlace...), "market", "workshop")
	for _, pl := range places {
		core = append(core, act("GoTo_"+pl, cost(1, 3), nil, Set("at", Str(pl))))
	}
	limited := map[string]bool{}
	for i, r := range resourceNames {
		gain := float64(1 + rng.IntN(2))
		pre := []Condition{Is("at", Str(resourcePlace[i]))}
		if rng.IntN(3) == 0 { // carry limit: more is not always better
			limited[r] = true
			pre = append(pre, Cond(r, OpLt, Number(4)))
		}
		core = append(core, act("Gather_"+r, cost(1, 3), pre, Add(r, gain)))
		sell, buy := float64(1+rng.IntN(3)), float64(4+rng.IntN(3))
		core = append(core,
			act("Sell_"+r, 1, []Condition{Is("at", Str("market")), Cond(r, OpGe, Number(1))}, Sub(r, 1), Add("gold", sell)),
			act("Buy_"+r, 1, []Condition{Is("at", Str("market")), Cond("gold", OpGe, Number(buy))}, Sub("gold", buy), Add(r, 1)))
	}
	// The crafting chain: tier t needs one or two raw resources (1-2 units
	// each) and tier t-1, at the workshop.
	prev := ""
	for t := 1; t <= spec.Tiers; t++ {
		item := fmt.Sprintf("tier%d", t)
		pre := []Condition{Is("at", Str("workshop"))}
		var effs []Effect
		for _, ri := range rng.Perm(len(resourceNames))[:1+rng.IntN(2)] {
			n := float64(1 + rng.IntN(2))
			pre = append(pre, Cond(resourceNames[ri], OpGe, Number(n)))
			effs = append(effs, Sub(resourceNames[ri], n))
		}
		if prev != "" {
			pre = append(pre, Cond(prev, OpGe, Number(1)))
			effs = append(effs, Sub(prev, 1))
		}
		effs = append(effs, Add(item, 1))
		core = append(core, act("Craft_"+item, cost(1, 2), pre, effs...))
		prev = item
	}
	// Distractors touching the same keys, until the action count is reached
	// (the core has 18 + Tiers actions).
	distractors := []func(i int) *Action{
		func(i int) *Action {
			r := resourceNames[rng.IntN(len(resourceNames))]
			return act(fmt.Sprintf("Drop_%s_%d", r, i), 1, pre(Cond(r, OpGe, Number(1))), Sub(r, 1))
		},
		func(i int) *Action {
			return act(fmt.Sprintf("Gamble_%d", i), 1, pre(Cond("gold", OpGe, Number(5))), Sub("gold", 5), Set("thrill", T))
		},
		func(i int) *Action {
			return act(fmt.Sprintf("Eat_%d", i), 1, pre(Cond("fish", OpGe, Number(1))), Sub("fish", 1), Set("fed", T))
		},
		func(i int) *Action {
			return act(fmt.Sprintf("GoTo_home%d", i), 1, nil, Set("at", Str("home")))
		},
		func(i int) *Action {
			return act(fmt.Sprintf("GoTo_ruins%d", i), cost(1, 3), nil, Set("at", Str(fmt.Sprintf("ruins%d", i))))
		},
		func(i int) *Action {
			r := resourceNames[rng.IntN(len(resourceNames))]
			return act(fmt.Sprintf("Forage_%s_%d", r, i), cost(4, 7), pre(Is("at", Str(fmt.Sprintf("ruins%d", i)))), Add(r, 1))
		},
		func(i int) *Action {
			return act(fmt.Sprintf("Burn_%d", i), 1, pre(Cond("wood", OpGe, Number(2))), Sub("wood", 2), Set("warm", T))
		},
		func(i int) *Action {
			if prev == "" {
				return act(fmt.Sprintf("Rest_%d", i), 1, nil, Set("rested", T))
			}
			return act(fmt.Sprintf("Scrap_%d", i), 1, pre(Cond("tier1", OpGe, Number(1))), Sub("tier1", 1), Add("stone", 1))
		},
	}
	for i := 0; len(core)+len(extra) < spec.Actions; i++ {
		extra = append(extra, distractors[rng.IntN(len(distractors))](i))
	}
	actions := append(core, extra...)
	rng.Shuffle(len(actions), func(i, j int) { actions[i], actions[j] = actions[j], actions[i] })
	return start, goal(prev, Cond(prev, OpGe, Number(1))), actions
}
