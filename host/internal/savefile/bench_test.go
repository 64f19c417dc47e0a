package savefile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// crowd is a save of n agents shaped like bench/warrior's spawned
// warriors: 13 tasks, 3 variables, 5 Lua tasks' fields sharing a table.
func crowd(n int) *File {
	f := &File{Format: Format, Version: Version, Ticks: 10, Clock: 1.0 / 6}
	kinds := []string{"BTRepeater", "BTSelector", "BTSequence", "WarriorAction", "BTSequence", "WarriorAction", "BTSequence", "WarriorAction", "BTSelector", "BTSequence", "WarriorAction", "BTSequence", "WarriorAction"}
	for i := range n {
		a := Agent{Name: "BTBehaviorTree", Signature: "fe4dadbfe1b5ba69f6ae05b263151fa4d87066b9026e36b0b3cfba1ee94dc838", Status: bt.Running,
			Tree: &bt.TreeState{Time: 1.0 / 6, DT: 1.0 / 60, Ticks: 10, Starts: 12, Executions: 4, Status: bt.Running}}
		path := "BTRepeater"
		for j, k := range kinds {
			st := bt.TaskState{Path: path, Kind: k, Status: bt.Running, Flags: 3, Ticked: 10, Seq: uint64(j)}
			if k != "WarriorAction" {
				st.Own = []float64{float64(j % 2)}
			} else {
				a.Fields = append(a.Fields, Fields{Task: j, KV: []any{"name", fmt.Sprint("action", j), "world", Ref{Key: "t", N: 0}}})
			}
			a.Tree.Tasks = append(a.Tree.Tasks, st)
			path = fmt.Sprintf("BTRepeater/BTSelector[1]/BTSequence[%d]", j)
		}
		a.Vars = []Var{{Name: "distance", Value: Number(40)}, {Name: "health", Value: Number(709)}, {Name: "visible", Value: false}}
		a.Tables = []Table{{KV: []any{"distance", Number(40), "health", Number(709), "i", Number(float64(i)), "period", Number(3), "seed", 1115438165.0, "tally", false, "tick", Number(10), "visible", false}}}
		f.Loads = append(f.Loads, Load{Script: "spawn.lua", Hash: "ccabd99dc53a308c134ae9e5921c999d1b10b54ca5dc5746b4f6341784cf1094", Spawned: true,
			Args: map[string]any{"index": i + 1, "tally": false}, Agents: []Agent{a}})
	}
	return f
}

// BenchmarkCodec1000: the save of 1000 warriors encoded and decoded by
// the package and by encoding/json (as the host did before it).
func BenchmarkCodec1000(b *testing.B) {
	f := crowd(1000)
	data, err := Encode(f)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encode/savefile", func(b *testing.B) {
		for range b.N {
			Encode(f)
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
	b.Run("encode/json", func(b *testing.B) {
		for range b.N {
			json.Marshal(f)
		}
	})
	b.Run("decode/savefile", func(b *testing.B) {
		for range b.N {
			if _, err := Decode(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode/json", func(b *testing.B) {
		for range b.N {
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			var g File
			if err := dec.Decode(&g); err != nil {
				b.Fatal(err)
			}
		}
	})
}
