package host

import (
	"bytes"
	"errors"
	"testing"
	"testing/fstest"
)

// Hand-edited values a fresh tree could never hold are refused, each
// with what is wrong, and nothing changes.
func TestRestoreRefusesUnfitValues(t *testing.T) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	agents, err := h.LoadFile("s.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 4)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		if !bytes.Contains(data, []byte(from)) {
			t.Fatalf("the save has no %q", from)
		}
		return resealed(bytes.Replace(data, []byte(from), []byte(to), 1))
	}
	const agent = "host: restoring agent BTBehaviorTree: bad save: "
	const wait = `"kind":"BTWait","st":3,"f":3,"tk":4,"seq":5,"own":[0.30000000000000004,0.25]`
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"negative time", edit(`"time":0.4`, `"time":-1`), agent + "the tree time is -1, want a finite number of seconds in [0, 2^40]"},
		{"negative dt", edit(`"dt":0.1`, `"dt":-0.1`), agent + "the tree's last dt is -0.1, want a finite number of seconds in [0, 2^40]"},
		{"absurd time", edit(`"time":0.4`, `"time":1e300`), agent + "the tree time is 1e+300, want a finite number of seconds in [0, 2^40]"},
		{"absurd dt", edit(`"dt":0.1`, `"dt":2e12`), agent + "the tree's last dt is 2e+12, want a finite number of seconds in [0, 2^40]"},
		{"absurd ticks", edit(`"ticks":4`, `"ticks":18446744073709551615`), agent + "the tree's tick count is 18446744073709551615, over 2^53"},
		{"absurd starts", edit(`"starts":5`, `"starts":9007199254740993`), agent + "the tree's start count is 9007199254740993, over 2^53"},
		{"task ticked later", edit(`"kind":"BTWait","st":3,"f":3,"tk":4`, `"kind":"BTWait","st":3,"f":3,"tk":5`),
			agent + "task BTRepeater/BTSequence[1]/BTWait[2] was ticked at tick 5, after the tree's 4 ticks"},
		{"task started later", edit(`"kind":"BTWait","st":3,"f":3,"tk":4,"seq":5`, `"kind":"BTWait","st":3,"f":3,"tk":4,"seq":6`),
			agent + "task BTRepeater/BTSequence[1]/BTWait[2] was started as start 6, after the tree's 5 starts"},
		{"negative wait", edit(wait, `"kind":"BTWait","st":3,"f":3,"tk":4,"seq":5,"own":[0.08,-5]`),
			agent + "BTRepeater/BTSequence[1]/BTWait[2] (BTWait): value 2 of its state is -5, want a finite number of seconds >= 0"},
		{"negative wait start", edit(wait, `"kind":"BTWait","st":3,"f":3,"tk":4,"seq":5,"own":[-0.3,0.25]`),
			agent + "BTRepeater/BTSequence[1]/BTWait[2] (BTWait): value 1 of its state is -0.3, want a finite number of seconds >= 0"},
		{"wait start in the future", edit(wait, `"kind":"BTWait","st":3,"f":3,"tk":4,"seq":5,"own":[7,0.25]`),
			agent + "BTRepeater/BTSequence[1]/BTWait[2] (BTWait): value 1 of its state is 7, a time after the tree's clock 0.4"},
		{"repeater count", edit(`"kind":"BTRepeater","st":3,"f":3,"tk":4,"seq":1,"own":[0]`, `"kind":"BTRepeater","st":3,"f":3,"tk":4,"seq":1,"own":[-2]`),
			agent + "BTRepeater (BTRepeater): value 1 of its state is -2, want a whole number in [0, "},
		{"nameless variable", edit(`{"name":"seen","v":3}`, `{"name":"","v":3}`), agent + "tree variable 1 has no name"},
		{"host ticks", edit(`"version":3,`, `"version":3,"ticks":18446744073709551615,`), "bad save: the host's tick count is 18446744073709551615, over 2^53"},
		{"host clock", edit(`"version":3,`, `"version":3,"clock":-3,`), "bad save: the host's clock is -3, want a number of seconds in [0, 2^40] (a clock past that can no longer advance by a tick)"},
	}
	for _, c := range cases {
		_, err := h.Restore(c.data)
		if err == nil || !errors.Is(err, ErrBadSave) || !bytes.HasPrefix([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%s: %v\nwant ErrBadSave starting %s", c.name, err, c.want)
		}
		if n := len(h.Agents()); n != 1 {
			t.Errorf("%s: %d agents after a failed restore, want 1", c.name, n)
		}
	}
}
