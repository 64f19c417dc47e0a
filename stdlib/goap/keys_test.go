package goap

import "testing"

// A Planner reuses the key lists of its last call only while the actions
// name the same keys in the same places: an action whose effect's key was
// changed in place between two calls is planned with the new key.
func TestKeyListsFollowChangedActions(t *testing.T) {
	a := act("Make", 1, pre(Is("ready", T)), Set("x", T))
	prep := act("Prepare", 1, nil, Set("ready", T))
	actions := []*Action{prep, a}
	p := &Planner{}
	mustPlan(t, p, NewWorldState(), goal("x", Is("x", T)), actions, []string{"Prepare", "Make"}, 2)
	a.Effects[0].Key = "y"
	mustPlan(t, p, NewWorldState(), goal("y", Is("y", T)), actions, []string{"Prepare", "Make"}, 2)
	if _, err := p.Plan(NewWorldState(), goal("x", Is("x", T)), actions); err == nil {
		t.Fatal("planned x after Make stopped setting it")
	}
	a.Preconditions[0].Key = "set"
	prep.Effects[0].Key = "set"
	mustPlan(t, p, NewWorldState(), goal("y", Is("y", T)), actions, []string{"Prepare", "Make"}, 2)
	actions = append(actions, act("Cheat", 5, nil, Set("y", T)))
	plan, err := p.Plan(ws("set", true), goal("y", Is("y", T)), actions)
	if err != nil || plan.Cost != 1 || plan.Names()[0] != "Make" {
		t.Fatalf("with a third action: %v %v", plan, err)
	}
}
