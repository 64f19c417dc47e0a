package btai

import (
	"fmt"
	"strings"
	"testing"
)

// recorder collects what the scripted leaves did during a tick.
type recorder struct{ events []string }

func (r *recorder) add(format string, args ...any) {
	r.events = append(r.events, fmt.Sprintf(format, args...))
}

// take returns the events since the last take, joined by spaces.
func (r *recorder) take() string {
	s := strings.Join(r.events, " ")
	r.events = r.events[:0]
	return s
}

// leaf returns scripted states, one per tick (the last one repeats), and
// records "name:State".
type leaf struct {
	name   string
	states []BTState
	n      int
	rec    *recorder
}

func (r *recorder) leaf(name string, states ...BTState) *leaf {
	return &leaf{name: name, states: states, rec: r}
}

func (l *leaf) Tick() BTState {
	s := l.states[min(l.n, len(l.states)-1)]
	l.n++
	l.rec.add("%s:%v", l.name, s)
	return s
}

// step is the expected outcome of one tick: the node's state and the
// recorded events.
type step struct {
	state  BTState
	events string
}

// expect ticks n once per step and checks the state and events of each.
func expect(t *testing.T, n Node, rec *recorder, steps ...step) {
	t.Helper()
	for i, s := range steps {
		got := n.Tick()
		ev := rec.take()
		if got != s.state || ev != s.events {
			t.Fatalf("tick %d: got %v [%s], want %v [%s]", i+1, got, ev, s.state, s.events)
		}
	}
}

// seqRandom returns scripted draws in order, checking each n.
type seqRandom struct {
	t     *testing.T
	draws []int
	ns    []int
}

func (r *seqRandom) IntN(n int) int {
	r.ns = append(r.ns, n)
	if len(r.draws) == 0 {
		r.t.Fatalf("unexpected draw IntN(%d)", n)
	}
	d := r.draws[0]
	r.draws = r.draws[1:]
	if d < 0 || d >= n {
		r.t.Fatalf("scripted draw %d out of [0,%d)", d, n)
	}
	return d
}

// clock is a fake tree clock advanced by dt per tick.
type clock struct{ now float64 }

func (c *clock) Now() float64 { return c.now }

// fakeCoroutine yields scripted states and records resumes and closes.
type fakeCoroutine struct {
	id     int
	yields []BTState
	n      int
	closed bool
	rec    *recorder
}

func (c *fakeCoroutine) Resume() (BTState, bool) {
	if c.closed {
		panic("resume of a closed coroutine")
	}
	if c.n >= len(c.yields) {
		c.rec.add("co%d:done", c.id)
		c.closed = true
		return 0, false
	}
	s := c.yields[c.n]
	c.n++
	c.rec.add("co%d:%v", c.id, s)
	return s, true
}

func (c *fakeCoroutine) Close() {
	if !c.closed {
		c.rec.add("co%d:closed", c.id)
	}
	c.closed = true
}

// coroutines returns a factory of fakeCoroutines that yield yields,
// numbered from 1.
func (r *recorder) coroutines(yields ...BTState) (func() Coroutine, *[]*fakeCoroutine) {
	var made []*fakeCoroutine
	return func() Coroutine {
		c := &fakeCoroutine{id: len(made) + 1, yields: yields, rec: r}
		made = append(made, c)
		return c
	}, &made
}
