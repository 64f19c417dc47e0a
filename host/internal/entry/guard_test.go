package entry

import "testing"

// The owner nests its calls; another goroutine is refused until the
// owner's outermost call has left, or the guard is lent to it.
func TestGuardOwnerNestsOthersRefused(t *testing.T) {
	var g Guard
	me := Curg()
	other := make(chan bool)
	try := func() {
		go func() {
			ok := g.Enter(Curg())
			if ok {
				g.Leave()
			}
			other <- ok
		}()
	}
	if !g.Enter(me) || !g.Outermost() || !g.Enter(me) || g.Outermost() {
		t.Fatal("the owner's first and nested calls: want both let in, the first outermost only")
	}
	try()
	if <-other {
		t.Fatal("another goroutine let in while the owner is inside")
	}
	g.Leave()
	try()
	if <-other {
		t.Fatal("another goroutine let in while the owner's outermost call is under way")
	}
	g.Leave()
	try()
	if !<-other {
		t.Fatal("another goroutine refused by a free guard")
	}
	// Lent: the worker's calls nest in the owner's, the owner's are refused.
	g.Enter(me)
	done := make(chan bool)
	go func() {
		w := Curg()
		g.Lend(w)
		ok := g.Enter(w) && !g.Outermost()
		g.Leave()
		g.Lend(me)
		done <- ok
	}()
	if !<-done {
		t.Fatal("the worker the guard was lent to was refused")
	}
	g.Leave()
	if !g.Enter(me) || !g.Outermost() {
		t.Fatal("the owner could not enter again after the guard came back")
	}
	g.Leave()
}
