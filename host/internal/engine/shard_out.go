package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/stream"
)

// shardFrame is one shard's side of a sharded host's frame: the shards
// engine's frame (the agent whose script runs, the global-variable
// writes and the print output held until the join; it is the shard's
// Options.Stdout) and the events its agents made, which the facade sends
// after the join (event_frame.go).
type shardFrame struct {
	*shards.Frame[*Agent]
	shard *state
	// events holds the event stream's events of the frame (event_frame.go).
	events *eventFrame
}

// flushPrints writes the output every shard held this frame, in agent
// order (an agent's own lines in the order written), in one write, and
// logs the bytes dropped over the limit a shard holds.
func (sh *sharding) flushPrints() {
	buf, dropped := sh.eng.Prints()
	if dropped > 0 {
		sh.host.log.Warn(fmt.Sprintf("output dropped: %d bytes of the agents' output in this tick, over %s held in one shard", dropped, bytesText(shards.HeldOutputMax)))
	}
	if buf != nil {
		sh.host.stdout.Write(buf)
	}
}

// began, writer, heldEvents, hold, checkHeap and failTickEnds are the shard's
// side of the frame as its state's part (state_part.go).
func (f *shardFrame) began(a *Agent)          { f.Agent = a }
func (f *shardFrame) writer() *Agent          { return f.Agent }
func (f *shardFrame) heldEvents() *eventFrame { return f.events }
func (f *shardFrame) failTickEnds() bool      { return false }

func (f *shardFrame) hold() {
	if f.events == nil {
		f.events = stream.NewFrame[*Agent, *ReloadReport](&f.Ticking)
	}
}

func (f *shardFrame) checkHeap(_ *state, errs []error) ([]error, error) { return errs, nil }
