package sharding

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stream"
)

// shardFrame is one shard's side of a sharded host's frame: the shards
// engine's frame (the agent whose script runs, the global-variable
// writes and the print output held until the join; it is the shard's
// Options.Stdout) and the events its agents made, which the facade sends
// after the join (event_frame.go).
type shardFrame struct {
	*shards.Frame[*state.Agent]
	shard *state.State
	// events holds the event stream's events of the frame (event_frame.go).
	events *state.EventFrame
}

// flushPrints writes the output every shard held this frame, in agent
// order (an agent's own lines in the order written), in one write, and
// logs the bytes dropped over the limit a shard holds.
func (sh *Engine) flushPrints() {
	buf, dropped := sh.eng.Prints()
	if dropped > 0 {
		sh.common.Log.Warn(fmt.Sprintf("output dropped: %d bytes of the agents' output in this tick, over %s held in one shard", dropped, state.BytesText(shards.HeldOutputMax)))
	}
	if buf != nil {
		sh.stdout.Write(buf)
	}
}

// Began, writer, heldEvents, hold, checkHeap and failTickEnds are the shard's
// side of the frame as its state's part (state_part.go).
func (f *shardFrame) Began(a *state.Agent)          { f.Agent = a }
func (f *shardFrame) Writer() *state.Agent          { return f.Agent }
func (f *shardFrame) HeldEvents() *state.EventFrame { return f.events }
func (f *shardFrame) FailTickEnds() bool            { return false }

func (f *shardFrame) HoldEvents() {
	if f.events == nil {
		f.events = stream.NewFrame[*state.Agent, *state.ReloadReport](&f.Ticking)
	}
}

func (f *shardFrame) CheckHeap(_ *state.State, errs []error) ([]error, error) { return errs, nil }
