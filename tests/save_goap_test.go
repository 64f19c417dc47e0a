package tests

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// goapEvents records the event stream of h as text, GOAP events with
// their state names.
func goapEvents(h *host.Host) *[]string {
	var out []string
	h.Subscribe(func(e *host.Event) {
		path := ""
		if e.Task != nil {
			path = bt.Path(e.Task)
		}
		out = append(out, fmt.Sprintf("%d %v %s %v %v", e.Tick, e.Kind, path, e.Status, e.Started))
	})
	return &out
}

// The lumberjack's GOAP agent saved mid-plan (moving, chopping, between
// loads; SnapshotAll) and restored in a fresh host (RestoreAll) goes on as the uninterrupted run:
// the same output and event stream.
func TestSavedGoapAgentResumes(t *testing.T) {
	const n = 40
	newHost := func(out *bytes.Buffer) *host.Host {
		h, err := host.New(host.Options{Stdout: out, FS: os.DirFS("..")})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, k := range []int{3, 6, 11, 17, 24, 33} {
		var refOut bytes.Buffer
		ref := newHost(&refOut)
		if _, err := ref.LoadFile("scripts/lumberjack.lua"); err != nil {
			t.Fatal(err)
		}
		for range k {
			ref.Tick(0.1)
		}
		heard := goapEvents(ref)
		refOut.Reset()
		for range n - k {
			ref.Tick(0.1)
		}
		want, wantOut := append([]string(nil), *heard...), refOut.String()
		ref.Close()

		var out bytes.Buffer
		a := newHost(&out)
		if _, err := a.LoadFile("scripts/lumberjack.lua"); err != nil {
			t.Fatal(err)
		}
		for range k {
			a.Tick(0.1)
		}
		data, err := a.SnapshotAll()
		if err != nil {
			t.Fatal(err)
		}
		a.Close()
		out.Reset()
		b := newHost(&out)
		if _, err := b.RestoreAll(data); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		got := goapEvents(b)
		for range n - k {
			b.Tick(0.1)
		}
		if out.String() != wantOut {
			t.Fatalf("k=%d: printed\n%s\nwant\n%s", k, out.String(), wantOut)
		}
		if !reflect.DeepEqual(*got, want) {
			for i := range min(len(*got), len(want)) {
				if (*got)[i] != want[i] {
					t.Fatalf("k=%d: event %d: %q, want %q", k, i, (*got)[i], want[i])
				}
			}
			t.Fatalf("k=%d: %d events differ from the %d of the uninterrupted run", k, len(*got), len(want))
		}
		t.Logf("k=%d: %d events, %d bytes printed alike", k, len(want), len(wantOut))
		b.Close()
	}
}
