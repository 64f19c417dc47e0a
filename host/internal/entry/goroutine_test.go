package entry

import "testing"

// Curg is the same on one goroutine and differs between two live ones,
// and is never 0 or 1 (0 is the guard's mark of a free host).
func TestCurgIdentifiesGoroutines(t *testing.T) {
	a, b := Curg(), Curg()
	other, release := make(chan uintptr), make(chan struct{})
	go func() {
		other <- Curg()
		<-release // alive while compared
	}()
	c := <-other
	defer close(release)
	if a != b || a == c || a < 2 || c < 2 {
		t.Errorf("Curg: %#x, %#x on one goroutine, %#x on another; want the first two equal, the third different, none below 2", a, b, c)
	}
}
