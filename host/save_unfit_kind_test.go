package host

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// Hand edits a restore by the tree's shape must refuse: a Repeater's
// completions above its count, a task's kind changed to another class,
// and a tree variable saved twice. Each names the place, and the host
// gets no agent.
func TestRestoreRefusesEditedKindCountAndDuplicate(t *testing.T) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	data := snapshotAfter(t, files, "s.lua", 4, &out)
	re := func(pattern, to string) []byte {
		r := regexp.MustCompile(pattern)
		if !r.Match(data) {
			t.Fatalf("the save has no %s", pattern)
		}
		return resealed(r.ReplaceAll(data, []byte(to)))
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"repeater over its count", re(`("kind":"BTRepeater"[^}]*"own":\[)\d+\]`, `${1}99]`),
			"BTRepeater (BTRepeater): value 1 of its state is 99, want a whole number in [0, 50]"},
		{"kind changed", re(`"kind":"BTWait"`, `"kind":"BTLog"`),
			"BTRepeater/BTSequence[1]/BTWait[2]: the save's task 6 is a BTLog, the tree's a BTWait"},
		{"variable twice", re(`(\{"name":"seen"[^}]*\})`, `${1},${1}`),
			`tree variable "seen" is saved twice`},
	} {
		h2 := saveHost(t, files, &out)
		_, err := h2.Restore(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant it to contain %q", c.name, err, c.want)
		}
		if n := len(h2.Agents()); n != 0 {
			t.Errorf("%s: the host has %d agents after the refusal", c.name, n)
		}
	}
}
