package goap

import (
	"fmt"
	"math/rand/v2"
)

// A F.E.A.R.-sized soldier domain (Orkin, "Three States and a Plan": the
// game's characters share about 120 actions and 70 goals): symbolic state
// (bools and a location string), short plans, and most of the work in
// choosing the goal: goals already met are skipped, the others are planned
// by descending priority until one has a plan, so unreachable goals of high
// priority (a turret that is not there, an exit behind a locked door) are
// paid for at every choice. Generated from a seed, deterministic.

// fearWeapons are the weapons of the domain (each has draw, pick-up,
// reload and attack actions).
var fearWeapons = []string{"pistol", "shotgun", "smg", "rifle", "nailgun", "launcher"}

// fearDomain returns the 120 actions and 70 goals of the domain.
func fearDomain() ([]*Action, []*Goal) {
	rng := rand.New(rand.NewPCG(7, 0xfea2))
	cost := func(lo, hi int) float64 { return float64(lo + rng.IntN(hi-lo+1)) }
	var acts []*Action
	add := func(a *Action) { acts = append(acts, a) }
	// 24 places: 8 covers, 4 ambush spots, 6 patrol points, 6 weapon racks.
	var places []string
	for i := 0; i < 8; i++ {
		places = append(places, fmt.Sprintf("cover%d", i))
	}
	for i := 0; i < 4; i++ {
		places = append(places, fmt.Sprintf("ambush%d", i))
	}
	for i := 0; i < 6; i++ {
		places = append(places, fmt.Sprintf("patrol%d", i))
	}
	for _, w := range fearWeapons {
		places = append(places, "rack_"+w)
	}
	for _, pl := range places { // 24
		add(act("GotoNode_"+pl, cost(1, 4), pre(Is("alive", T)), Set("at", Str(pl))))
	}
	for i, w := range fearWeapons { // 6 x 4 = 24
		add(act("Pickup_"+w, 1, pre(Is("at", Str("rack_"+w))), Set("has_"+w, T), Set("ammo_"+w, T)))
		add(act("Draw_"+w, 1, pre(Is("has_"+w, T)), Set("armed", Str(w))))
		add(act("Reload_"+w, 1, pre(Is("armed", Str(w)), Is("ammo_"+w, T)), Set("loaded_"+w, T)))
		pres := pre(Is("armed", Str(w)), Is("loaded_"+w, T), Is("targetVisible", T))
		if i%2 == 1 { // the heavy weapons want a clear line (cover or ambush spot)
			pres = append(pres, Is("inPosition", T))
		}
		add(act("Attack_"+w, cost(1, 3), pres, Set("targetDead", T), Set("loaded_"+w, F)))
	}
	for i := 0; i < 8; i++ { // 8 x 2 = 16: take cover, peek out
		c := fmt.Sprintf("cover%d", i)
		add(act("TakeCover_"+c, 1, pre(Is("at", Str(c))), Set("inCover", T), Set("inPosition", T)))
		add(act("Peek_"+c, 1, pre(Is("at", Str(c)), Is("inCover", T)), Set("targetVisible", T)))
	}
	for i := 0; i < 4; i++ { // 4 x 2 = 8
		a := fmt.Sprintf("ambush%d", i)
		add(act("SetAmbush_"+a, 2, pre(Is("at", Str(a))), Set("ambushReady", T), Set("inPosition", T)))
		add(act("Spring_"+a, 1, pre(Is("at", Str(a)), Is("ambushReady", T)), Set("targetVisible", T), Set("surprised", T)))
	}
	for i := 0; i < 6; i++ { // 6 x 2 = 12
		p := fmt.Sprintf("patrol%d", i)
		add(act("Patrol_"+p, 1, pre(Is("at", Str(p))), Set("patrolled"+fmt.Sprint(i), T)))
		add(act("Investigate_"+p, 2, pre(Is("at", Str(p)), Is("disturbance", Str(p))), Set("disturbanceChecked", T), Set("targetVisible", T)))
	}
	// 36 more: dodges, healing, squad calls, doors, melee, idle animations.
	add(act("DodgeRoll", 1, pre(Is("threatened", T)), Set("threatened", F)))
	add(act("DodgeShuffle", 2, pre(Is("threatened", T)), Set("threatened", F)))
	add(act("BlindFire", 2, pre(Is("inCover", T), Is("threatened", T)), Set("threatened", F), Set("suppressed", T)))
	add(act("UseMedkit", 1, pre(Is("hasMedkit", T)), Set("healthy", T), Set("hasMedkit", F)))
	add(act("GrabMedkit", 1, pre(Is("at", Str("cover3"))), Set("hasMedkit", T)))
	add(act("CallForBackup", 1, pre(Is("radio", T)), Set("backupCalled", T)))
	add(act("SignalFlank", 1, pre(Is("backupCalled", T), Is("targetVisible", T)), Set("flanking", T)))
	add(act("SuppressingFire", 2, pre(Is("armed", Str("smg")), Is("loaded_smg", T), Is("targetVisible", T)), Set("suppressed", T)))
	add(act("KickDoor", 2, pre(Is("at", Str("patrol5"))), Set("doorOpen", T)))
	add(act("UnlockExit", 1, pre(Is("hasKey", T), Is("at", Str("patrol4"))), Set("exitOpen", T)))
	add(act("Escape", 1, pre(Is("exitOpen", T)), Set("escaped", T)))
	add(act("MeleeStrike", 2, pre(Is("targetClose", T)), Set("targetDead", T)))
	add(act("Advance", 3, pre(Is("targetVisible", T)), Set("targetClose", T), Set("inCover", F)))
	add(act("MountTurret", 1, pre(Is("turretHere", T)), Set("onTurret", T)))
	add(act("FireTurret", 1, pre(Is("onTurret", T), Is("targetVisible", T)), Set("targetDead", T)))
	add(act("Surrender", 5, pre(Is("healthy", F)), Set("surrendered", T)))
	add(act("LookAround", 1, nil, Set("lookedAround", T)))
	add(act("Holster", 1, nil, Set("armed", Str("none"))))
	for i := 0; len(acts) < 120; i++ {
		switch i % 3 {
		case 0:
			add(act(fmt.Sprintf("IdleAnim%d", i), 1, nil, Set(fmt.Sprintf("idle%d", i%6), T)))
		case 1:
			add(act(fmt.Sprintf("Taunt%d", i), cost(1, 3), pre(Is("targetVisible", T)), Set("taunted", T)))
		default:
			add(act(fmt.Sprintf("Listen%d", i), 1, pre(Is("at", Str(places[rng.IntN(len(places))]))), Set("heard", T)))
		}
	}
	// 70 goals, priorities from the seed.
	var goals []*Goal
	prio := func(base int) float64 { return float64(base*10 + rng.IntN(10)) }
	gl := func(name string, base int, c ...Condition) {
		goals = append(goals, NewGoal(name, prio(base), c...))
	}
	gl("UseTurret", 9, Is("onTurret", T), Is("targetDead", T)) // never here: no turret
	gl("Escape", 9, Is("escaped", T))                          // locked: no key anywhere
	gl("KillEnemy", 8, Is("targetDead", T))
	gl("Ambush", 7, Is("targetDead", F), Is("surprised", T)) // only while the target lives
	gl("Flank", 7, Is("flanking", T))
	gl("Suppress", 6, Is("suppressed", T), Is("targetDead", F))
	gl("Heal", 6, Is("healthy", T))
	gl("Dodge", 6, Is("threatened", F))
	gl("Investigate", 5, Is("disturbanceChecked", T))
	gl("OpenDoor", 4, Is("doorOpen", T))
	for _, w := range fearWeapons { // 12
		gl("Arm_"+w, 3, Is("armed", Str(w)), Is("loaded_"+w, T))
		gl("Stock_"+w, 2, Is("has_"+w, T))
	}
	for i := 0; i < 8; i++ { // 8
		gl(fmt.Sprintf("Cover%d", i), 3, Is("at", Str(fmt.Sprintf("cover%d", i))), Is("inCover", T))
	}
	for i := 0; i < 6; i++ { // 6
		gl(fmt.Sprintf("Patrol%d", i), 1, Is(fmt.Sprintf("patrolled%d", i), T))
	}
	for len(goals) < 70 {
		i := len(goals)
		switch i % 3 {
		case 0:
			gl(fmt.Sprintf("Guard%d", i), 1, Is("at", Str(places[rng.IntN(len(places))])), Is("lookedAround", T))
		case 1:
			gl(fmt.Sprintf("Idle%d", i), 0, Is(fmt.Sprintf("idle%d", i%6), T))
		default:
			gl(fmt.Sprintf("Taunt%d", i), 2, Is("taunted", T), Is("targetVisible", T))
		}
	}
	return acts, goals
}

// fearSituations are start states of the soldier: a fresh one with an
// enemy seen and no weapon drawn, one under fire at a cover without ammo,
// one with a disturbance to check and no enemy, a wounded one.
func fearSituations() []struct {
	name  string
	start *WorldState
} {
	return []struct {
		name  string
		start *WorldState
	}{
		{"combat", ws("alive", true, "at", "patrol0", "has_pistol", true, "ammo_pistol", true, "armed", "none", "radio", true)},
		{"underfire", ws("alive", true, "at", "cover2", "inCover", true, "threatened", true, "has_rifle", true, "armed", "rifle", "radio", false)},
		{"disturbance", ws("alive", true, "at", "cover0", "disturbance", "patrol3", "targetDead", true, "radio", false, "threatened", false, "healthy", true)},
		{"wounded", ws("alive", true, "at", "ambush1", "healthy", false, "targetDead", true, "has_smg", true, "armed", "smg", "radio", false, "threatened", false)},
	}
}
