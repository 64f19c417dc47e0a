package shards

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// fakeAgent is an agent of a fakeShard: its number, and the error that
// stopped it.
type fakeAgent struct {
	n   int
	err error
}

func (a *fakeAgent) Err() error { return a.err }

// fakeLoad is one load of a fakeShard: one agent.
type fakeLoad struct{ agents []*fakeAgent }

// fakeShard is a shard whose agents, when ticked, print their number,
// write it into the global variable "last"; agents 1 and 2 fail.
type fakeShard struct {
	v      *vm.VM
	f      *Frame[*fakeAgent]
	loads  []*fakeLoad
	agents []*fakeAgent
	next   *int // the number of the next agent, shared by the shards
}

func (s *fakeShard) Load(string) ([]*fakeAgent, error) {
	a := &fakeAgent{n: *s.next}
	*s.next++
	s.agents = append(s.agents, a)
	s.loads = append(s.loads, &fakeLoad{[]*fakeAgent{a}})
	return []*fakeAgent{a}, nil
}

func (s *fakeShard) Spawn(path string, _ any) (*fakeAgent, error) {
	agents, err := s.Load(path)
	return agents[0], err
}

func (s *fakeShard) Loads() []*fakeLoad             { return s.loads }
func (s *fakeShard) Agents() []*fakeAgent           { return s.agents }
func (s *fakeShard) Own()                           {}
func (s *fakeShard) DoString(string) ([]any, error) { return nil, nil }
func (s *fakeShard) VM() *vm.VM                     { return s.v }
func (s *fakeShard) Refuse(name, msg string)        { panic(msg) }
func (s *fakeShard) Close()                         { s.v.Close() }

func (s *fakeShard) Tick(float64) error {
	var errs []error
	for _, a := range s.agents {
		s.f.Agent = a
		fmt.Fprintf(s.f, "agent %d\n", a.n)
		s.v.Lib.Globals.Set("last", lua.LNumber(a.n))
		if (a.n == 1 || a.n == 2) && a.err == nil {
			a.err = fmt.Errorf("agent %d failed", a.n)
			errs = append(errs, a.err)
		}
	}
	return errors.Join(errs...)
}

// newFakeEngine makes an engine of n fake shards printing to out; heard
// collects the global variables' changes as "name=value".
func newFakeEngine(t *testing.T, n int, out io.Writer, heard *[]string) *Engine[*fakeAgent, *fakeLoad] {
	t.Helper()
	var ports []Shard[*fakeAgent, *fakeLoad]
	var frames []*Frame[*fakeAgent]
	next := 0
	for range n {
		f := &Frame[*fakeAgent]{Out: out}
		v, err := vm.Open(vm.Options{Stdout: f, MaxStringSize: -1})
		if err != nil {
			t.Fatal(err)
		}
		ports = append(ports, &fakeShard{v: v, f: f, next: &next})
		frames = append(frames, f)
	}
	return New(ports, frames, Config[*fakeAgent, *fakeLoad]{
		AgentsOf: func(l *fakeLoad) []*fakeAgent { return l.agents },
		Strict:   func(error) (*fakeAgent, error) { return nil, nil },
		OnChange: func(name string, _, new any) { *heard = append(*heard, fmt.Sprintf("%s=%v", name, new)) },
	})
}

// Loads go round-robin; a frame's prints, global writes and errors are
// joined in agent order, whichever shard made them, and a write during
// the tick is seen only after the join.
func TestEngineJoinsInAgentOrder(t *testing.T) {
	var out strings.Builder
	var heard []string
	e := newFakeEngine(t, 2, &out, &heard)
	for range 4 {
		if _, err := e.Load("npc.lua"); err != nil {
			t.Fatal(err)
		}
	}
	var shardOf []int
	for i, a := range e.Agents() {
		if a.n != i || e.Rank(a) != i {
			t.Fatalf("agent %d: number %d, rank %d", i, a.n, e.Rank(a))
		}
		for j, s := range e.shards {
			if len(s.Agents()) > 0 && s.Agents()[0] == a || len(s.Agents()) > 1 && s.Agents()[1] == a {
				shardOf = append(shardOf, j)
			}
		}
	}
	if fmt.Sprint(shardOf) != "[0 1 0 1]" {
		t.Fatalf("agents' shards %v, want [0 1 0 1] (round-robin)", shardOf)
	}
	e.Tick(0.1, false)
	if got, _ := e.Globals.Board().Get("last"); got != nil {
		t.Fatalf("before the join the global is %v, want unset", got)
	}
	text, dropped := e.Prints()
	if want := "agent 0\nagent 1\nagent 2\nagent 3\n"; string(text) != want || dropped != 0 {
		t.Fatalf("prints %q (dropped %d), want %q", text, dropped, want)
	}
	if lent := e.Globals.CheckLent(); lent != nil {
		t.Fatalf("lent tables changed: %v", lent)
	}
	e.ApplyWrites()
	if got, _ := e.Globals.Board().Get("last"); got != lua.LNumber(3) {
		t.Fatalf("after the join the global is %v, want 3 (the last agent's write)", got)
	}
	if fmt.Sprint(heard) != "[last=0 last=1 last=2 last=3]" {
		t.Fatalf("OnChange heard %v, want the writes in agent order", heard)
	}
	for i, s := range e.shards {
		if got, _ := s.VM().Lib.Globals.Get("last"); got != lua.LNumber(3) {
			t.Errorf("shard %d mirrors %v, want 3", i, got)
		}
	}
	err := e.Errors()
	// Shard 0 (agent 2's) reported first: the join sorts them.
	if err == nil || err.Error() != "agent 1 failed\nagent 2 failed" {
		t.Fatalf("errors %q, want agent 1's then agent 2's", err)
	}
	if err := e.Close(func(*fakeAgent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if len(e.Agents()) != 0 {
		t.Fatalf("%d agents listed after Close", len(e.Agents()))
	}
}

// ExpectAgents places a crowd in runs, one per shard; loads after it go
// round-robin again.
func TestEngineExpectAgentsRuns(t *testing.T) {
	var heard []string
	e := newFakeEngine(t, 2, io.Discard, &heard)
	defer e.Close(func(*fakeAgent) error { return nil })
	e.ExpectAgents(5)
	for range 7 {
		if _, err := e.Load("npc.lua"); err != nil {
			t.Fatal(err)
		}
	}
	var per []int
	for _, s := range e.shards {
		per = append(per, len(s.Agents()))
	}
	// A crowd of 5 in runs of 3: 3 on shard 0, 2 on shard 1; then 1 each.
	if fmt.Sprint(per) != "[4 3]" || e.shards[0].Agents()[2].n != 2 || e.shards[1].Agents()[0].n != 3 {
		t.Fatalf("agents per shard %v, shard 0's third %d, shard 1's first %d; want [4 3], 2, 3", per, e.shards[0].Agents()[2].n, e.shards[1].Agents()[0].n)
	}
}
