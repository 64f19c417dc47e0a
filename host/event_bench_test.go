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
// inspector's work.
func BenchmarkEventStream1000Agents(b *testing.B) {
	crowd := func(b *testing.B) *Host {
		h, err := New(Options{Stdout: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		h.SetGlobal("ENEMY_AT", -1)
		for range 1000 {
			if _, err := h.LoadFile(benchGuard); err != nil {
				b.Fatal(err)
			}
		}
		h.Tick(0.1)
		return h
	}
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
}
