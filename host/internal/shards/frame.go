package shards

import (
	"io"
	"slices"
)

// Frame is one shard's side of a sharded frame: the agent whose script
// runs, and the global-variable writes and the print output its agents
// made during the tick under way, which the engine applies and writes
// after the join, in agent order (Engine.Join). It is the shard's
// standard output: outside ticks (loading, reloading, closing, one shard
// at a time) output goes straight to Out. A is the host's agent
// reference.
type Frame[A comparable] struct {
	Out     io.Writer // the host's output
	Ticking bool      // inside the shard's part of a Tick
	Agent   A         // the agent of the stretch of script work under way
	// Reverting is set while the shard's hook puts a global variable back
	// to its value at the frame start.
	Reverting bool
	writes    []write[A]
	prints    []printed[A]
	held      int // bytes of prints
	dropped   int // bytes dropped this frame, over HeldOutputMax
}

// printed is output an agent's script wrote during a tick.
type printed[A comparable] struct {
	agent A
	text  []byte
}

// write is a write of a global variable a shard's agent made during a
// tick, held until the frame boundary; value is portable (Portable).
type write[A comparable] struct {
	agent A
	name  string
	value any
}

// HeldOutputMax is how many bytes of output a shard holds in one tick;
// past it, the tick's output is dropped and counted (Engine.Prints): a
// print flood in a shard's tick is not kept whole in memory nor written
// out all at once after it.
const HeldOutputMax = 4 << 20

// Write holds p during a tick (up to HeldOutputMax), else writes it to
// Out.
func (f *Frame[A]) Write(p []byte) (int, error) {
	if !f.Ticking {
		return f.Out.Write(p)
	}
	if f.held+len(p) > HeldOutputMax {
		f.dropped += len(p)
		return len(p), nil
	}
	f.held += len(p)
	f.prints = append(f.prints, printed[A]{agent: f.Agent, text: slices.Clone(p)})
	return len(p), nil
}

// Hold records the current agent's write of global variable name, to
// apply after the join; v is portable.
func (f *Frame[A]) Hold(name string, v any) {
	f.writes = append(f.writes, write[A]{agent: f.Agent, name: name, value: v})
}
