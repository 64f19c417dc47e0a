package host

import (
	"bytes"
	"fmt"
	"testing"
)

// An agent's error policy state is saved: run 14 ticks of flakyScript
// under RestartAgent (the host's policy, or the agent's own from
// SetErrorPolicy) prints, tick by tick, what run k ticks, SnapshotAll,
// RestoreAll in a fresh host and run 14-k print, for every k: the
// back-off doubles as before, and an agent saved while stopped by its
// error waits for its restart at the same time.
func TestSavePolicyState(t *testing.T) {
	path := writeScript(t, flakyScript)
	restart := ErrorPolicy{Action: RestartAgent, RestartDelay: 2, MaxRestartDelay: 4}
	for _, own := range []bool{false, true} {
		start := func() (*Host, *bytes.Buffer) {
			var out bytes.Buffer
			opts := Options{Stdout: &out, Logger: lineLogger(&out)}
			if !own {
				opts.ErrorPolicy = restart
			}
			h, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { h.Close() })
			return h, &out
		}
		tick := func(h *Host, n int) string {
			err := h.Tick(1)
			line := fmt.Sprintf("%d:", n)
			if l := takeLog(h); l != "" {
				line += " " + l
			}
			if err != nil {
				line += " | " + err.Error()
			}
			if at, due := h.Agents()[0].RestartDue(); due {
				line += fmt.Sprintf(" | restart at %v", at)
			}
			return line
		}
		load := func(h *Host) {
			agents, err := h.LoadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if own {
				if err := agents[0].SetErrorPolicy(restart); err != nil {
					t.Fatal(err)
				}
			}
		}
		ref, _ := start()
		load(ref)
		var want []string
		for n := 1; n <= 14; n++ {
			want = append(want, tick(ref, n))
		}
		for k := 1; k < 14; k++ {
			a, _ := start()
			load(a)
			for n := 1; n <= k; n++ {
				tick(a, n)
			}
			data, err := a.SnapshotAll()
			if err != nil {
				t.Fatalf("own %v, k=%d: %v", own, k, err)
			}
			if !own && k == 2 {
				// Saved while awaiting the restart at 4: due in 2 s.
				bad := resealed(bytes.Replace(data, []byte(`"restartIn":2`), []byte(`"restartIn":-2`), 1))
				c, _ := start()
				_, err := c.RestoreAll(bad)
				if want := "host: restoring agent Flaky: bad save: policy: restartIn is -2, want a finite number of seconds >= 0"; err == nil || err.Error() != want {
					t.Fatalf("a restart due in -2 s: %v, want %s", err, want)
				}
			}
			b, _ := start()
			if _, err := b.RestoreAll(data); err != nil {
				t.Fatalf("own %v, k=%d: %v", own, k, err)
			}
			if p := b.Agents()[0].ErrorPolicy(); p != restart {
				t.Fatalf("own %v, k=%d: restored policy %+v, want %+v", own, k, p, restart)
			}
			for n := k + 1; n <= 14; n++ {
				if got := tick(b, n); got != want[n-1] {
					t.Fatalf("own %v, saved after tick %d: tick %d gave\n%q\nwant\n%q", own, k, n, got, want[n-1])
				}
			}
		}
	}
}
