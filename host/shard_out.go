package host

import (
	"fmt"
	"io"
	"slices"

	"github.com/btlua/btlua/host/internal/stream"
)

// shardFrame is one shard's side of a sharded host's frame: the agent
// whose script runs, the global-variable writes and the print output its
// agents made during the tick under way, which the sharded engine applies
// and writes after the join, in agent order. It is the shard's
// Options.Stdout: outside ticks (loading, reloading, closing, one shard
// at a time) output goes straight to the host's.
type shardFrame struct {
	sh      *sharding
	shard   *state
	out     io.Writer // the host's stdout
	ticking bool      // inside the shard's part of a Tick
	agent   *Agent    // the agent of the stretch of script work under way
	writes  []globalWrite
	prints  []printed
	held    int // bytes of prints
	dropped int // bytes dropped this frame, over heldOutputMax
	// events holds the event stream's events of the frame (event_frame.go).
	events *eventFrame
	// reverting is set while the shard's hook puts a global variable back
	// to its value at the frame start.
	reverting bool
}

// printed is output an agent's script wrote during a tick.
type printed struct {
	agent *Agent
	text  []byte
}

// heldOutputMax is how many bytes of output a shard holds in one tick;
// past it, the tick's output is dropped, with a note in the log after
// the join ("output dropped: ..."): a print flood in a shard's tick is
// not kept whole in memory nor written out all at once after it.
const heldOutputMax = 4 << 20

// Write holds p during a tick (up to heldOutputMax), else writes it out.
func (f *shardFrame) Write(p []byte) (int, error) {
	if !f.ticking {
		return f.out.Write(p)
	}
	if f.held+len(p) > heldOutputMax {
		f.dropped += len(p)
		return len(p), nil
	}
	f.held += len(p)
	f.prints = append(f.prints, printed{agent: f.agent, text: slices.Clone(p)})
	return len(p), nil
}

// flushPrints writes the output every shard held this frame, in agent
// order (an agent's own lines in the order written), in one write.
func (sh *sharding) flushPrints() {
	dropped := 0
	for _, f := range sh.frames {
		dropped += f.dropped
		f.held, f.dropped = 0, 0
	}
	if dropped > 0 {
		sh.host.log.Warn(fmt.Sprintf("output dropped: %d bytes of the agents' output in this tick, over %s held in one shard", dropped, bytesText(heldOutputMax)))
	}
	all := drainInAgentOrder(sh, func(f *shardFrame) *[]printed { return &f.prints },
		func(p printed) *Agent { return p.agent })
	if len(all) == 0 {
		return
	}
	var buf []byte
	for _, p := range all {
		buf = append(buf, p.text...)
	}
	sh.host.stdout.Write(buf)
}

// drainInAgentOrder takes what every shard held this frame in the list
// held returns (emptying it, keeping its capacity) and returns it sorted
// by agent order, each agent's items in the order they came.
func drainInAgentOrder[T any](sh *sharding, held func(*shardFrame) *[]T, agent func(T) *Agent) []T {
	var all []T
	for _, f := range sh.frames {
		l := held(f)
		all = append(all, *l...)
		clear(*l)
		*l = (*l)[:0]
	}
	slices.SortStableFunc(all, func(a, b T) int { return sh.rankOf(agent(a)) - sh.rankOf(agent(b)) })
	return all
}

// began, writer, heldEvents, hold, checkHeap and failTickEnds are the shard's
// side of the frame as its state's part (state_part.go).
func (f *shardFrame) began(a *Agent)          { f.agent = a }
func (f *shardFrame) writer() *Agent          { return f.agent }
func (f *shardFrame) heldEvents() *eventFrame { return f.events }
func (f *shardFrame) failTickEnds() bool      { return false }

func (f *shardFrame) hold() {
	if f.events == nil {
		f.events = stream.NewFrame[*Agent, *ReloadReport](&f.ticking)
	}
}

func (f *shardFrame) checkHeap(_ *state, errs []error) ([]error, error) { return errs, nil }
