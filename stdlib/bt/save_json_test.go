package bt

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// TaskState's own JSON writer reads back, through encoding/json, as the
// state it wrote, and writes what encoding/json would.
func TestTaskStateJSON(t *testing.T) {
	for _, st := range []TaskState{
		{Path: "Root", Kind: "Sequence"},
		{Path: `a "b"/c\d[0]`, Kind: "Ünï<&>", Status: Running, Flags: 7, Ticked: 1 << 40, Seq: 3, Reeval: 9,
			Own: []float64{0, 1, -2, 0.1, 1e300, -1e-300, 1e15, math.MaxInt64}, Rand: []byte{0, 1, 255}},
	} {
		data, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		type plain TaskState // without the MarshalJSON method
		want, _ := json.Marshal(plain(st))
		if string(data) != string(want) {
			t.Errorf("wrote\n%s\nencoding/json writes\n%s", data, want)
		}
		var back TaskState
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, st) {
			t.Errorf("read back %+v, want %+v", back, st)
		}
	}
	if _, err := json.Marshal(TaskState{Own: []float64{math.NaN()}}); err == nil {
		t.Error("a NaN in the state was written")
	}
}
