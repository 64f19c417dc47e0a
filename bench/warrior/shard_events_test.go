package warrior

import (
	"fmt"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// eventLine spells ev as one line of a recording: its kind, tick, agent
// number, node numbers, status, cause, variable and error.
func eventLine(ev *host.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s a%d", ev.Tick, ev.Kind, ev.AgentID)
	switch ev.Kind {
	case host.EventTree:
		fmt.Fprintf(&b, " nodes=%d", len(ev.Nodes))
	case host.EventStarted, host.EventStatus, host.EventState:
		fmt.Fprintf(&b, " n%d %s %s %v", ev.Node.Int(), bt.Path(ev.Task), ev.Status, ev.Started)
	case host.EventEnded:
		fmt.Fprintf(&b, " n%d %s %s %s by n%d", ev.Node.Int(), bt.Path(ev.Task), ev.Status, ev.Cause.Kind, ev.ByNode.Int())
	case host.EventVariable:
		fmt.Fprintf(&b, " %s %v -> %v global=%v writer=n%d", ev.Name, ev.Old, ev.New, ev.Global, ev.WriterNode.Int())
	case host.EventError:
		fmt.Fprintf(&b, " n%d %v", ev.Node.Int(), ev.Err)
	}
	return b.String()
}

// The event stream of 200 spawned warriors over 100 ticks is the same,
// line for line, on the classic host (Shards 0) and on sharded hosts of
// 1, 2 and 4 shards: the shards' events of a frame come after the join in
// agent order, which is the classic host's order.
func TestShardedEventStream(t *testing.T) {
	const n, ticks = 200, 100
	var want []string
	for _, shards := range []int{0, 1, 2, 4} {
		h := spawnHost(t, n, shards, true)
		var got []string
		cancel := h.Subscribe(func(ev *host.Event) { got = append(got, eventLine(ev)) })
		for range ticks {
			if err := h.Tick(DT); err != nil {
				t.Fatal(err)
			}
		}
		cancel()
		h.Close()
		if want == nil {
			want = got
			t.Logf("classic host: %d events", len(got))
			if len(got) < n*ticks {
				t.Fatalf("classic host: %d events, want at least one per agent and tick (%d)", len(got), n*ticks)
			}
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%d shards: %d events, the classic host %d", shards, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("%d shards: event %d is %q, the classic host's %q", shards, i, got[i], want[i])
			}
		}
	}
}
