package host

import (
	"io"
	"testing"
)

// BenchmarkEventStream1000Agents ticks 1000 guard agents (as
// BenchmarkHostTick1000Agents; one op is one host tick) with nothing
// listening (plain), with a listener that does nothing (noop: every
// agent's events), and with a Subscription that does nothing and watches
// no agent (watching-none): the event stream's own cost, without any
// inspector's work; then on 2 shards, plain and noop.
func BenchmarkEventStream1000Agents(b *testing.B) {
	crowd := func(b *testing.B) *Host { return guardCrowd(b, 0) }
	run := func(b *testing.B, h *Host) {
		h.Tick(0.1)
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			h.Tick(0.1)
		}
	}
	b.Run("plain", func(b *testing.B) {
		h := crowd(b)
		defer h.Close()
		run(b, h)
	})
	b.Run("noop", func(b *testing.B) {
		h := crowd(b)
		defer h.Close()
		h.Subscribe(func(*Event) {})
		run(b, h)
	})
	b.Run("watching-none", func(b *testing.B) {
		h := crowd(b)
		defer h.Close()
		h.SubscribeWatching(func(*Event) {})
		run(b, h)
	})
	// The same crowd on a sharded host of 2 shards, without and with a
	// no-op listener: the frames' events held by the shards and sent
	// after the join.
	for _, listen := range []bool{false, true} {
		name := "shards=2/plain"
		if listen {
			name = "shards=2/noop"
		}
		b.Run(name, func(b *testing.B) {
			h := guardCrowd(b, 2)
			defer h.Close()
			if listen {
				h.Subscribe(func(*Event) {})
			}
			run(b, h)
		})
	}
}

// guardCrowd loads 1000 guard agents on a host of shards Lua states and
// ticks it once.
func guardCrowd(b *testing.B, shards int) *Host {
	h, err := New(Options{Stdout: io.Discard, Shards: shards})
	if err != nil {
		b.Fatal(err)
	}
	h.SetGlobal("ENEMY_AT", -1)
	h.ExpectAgents(1000)
	for range 1000 {
		if _, err := h.LoadFile(benchGuard); err != nil {
			b.Fatal(err)
		}
	}
	h.Tick(0.1)
	return h
}
