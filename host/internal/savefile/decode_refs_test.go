package savefile

import (
	"reflect"
	"testing"
)

// A reference in a saved value decodes as a Ref in both decoders,
// however it is spelled; an object that is no reference, and spawn
// arguments, decode as maps.
func TestDecodeRefs(t *testing.T) {
	const head = `{"format":"btlua-save","version":2,"loads":[{"script":"s.lua","sha256":"","spawned":true,"args":{"t":0},"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[]},`
	data := head + `"vars":[{"name":"a","v":{"t":0}},{"name":"b","v":{ "task" : 2 }},{"name":"c","v":{"goap":1.0}},{"name":"d","v":{"t":-1}},{"name":"e","v":{"t":1.5}},{"name":"f","v":{"t":3e9}},{"name":"g","v":{"\u0074":4}}],` +
		`"fields":[{"task":0,"kv":["k",{"t":0}],"hooked":true,"hook":{"goap":0}}],"tables":[{"kv":[{"t":1},{"task":0}]}]}]}]}`
	want := []any{Ref{Key: "t", N: 0}, Ref{Key: "task", N: 2}, Ref{Key: "goap", N: 1}, map[string]any{"t": -1.0}, map[string]any{"t": 1.5}, map[string]any{"t": 3e9}, Ref{Key: "t", N: 4}}
	fast, err := decodeFast([]byte(data))
	if err != nil {
		t.Fatalf("fast: %v", err)
	}
	slow, err := decodeSlow([]byte(data))
	if err != nil {
		t.Fatalf("slow: %v", err)
	}
	for name, f := range map[string]*File{"fast": fast, "slow": slow} {
		a := &f.Loads[0].Agents[0]
		var got []any
		for _, v := range a.Vars {
			got = append(got, v.Value)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: vars %#v, want %#v", name, got, want)
		}
		if kv := a.Fields[0].KV; !reflect.DeepEqual(kv, []any{"k", Ref{Key: "t", N: 0}}) || a.Fields[0].Hook != any(Ref{Key: "goap", N: 0}) {
			t.Errorf("%s: fields %#v, hook %#v", name, kv, a.Fields[0].Hook)
		}
		if kv := a.Tables[0].KV; !reflect.DeepEqual(kv, []any{Ref{Key: "t", N: 1}, Ref{Key: "task", N: 0}}) {
			t.Errorf("%s: table %#v", name, kv)
		}
		if args := f.Loads[0].Args; !reflect.DeepEqual(args, map[string]any{"t": 0.0}) {
			t.Errorf("%s: args %#v, want the map", name, args)
		}
	}
}
