package jsonread

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Value reads what encoding/json reads into an any; strings repeated are
// one string, small whole numbers one box.
func TestValueIsJSON(t *testing.T) {
	const doc = ` {"a": [1, 2.5, -0, 1e3, "x\n\u00e9", true, false, null, {}], "b": {"c": []}} `
	r := New([]byte(doc))
	got, ok := r.Value()
	if !ok || !r.End() {
		t.Fatalf("Value: ok %v, at the end %v", ok, r.End())
	}
	var want any
	if err := json.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Value %#v, encoding/json %#v", got, want)
	}
	for _, bad := range []string{`{"a":1,"a":2}`, `[1,]`, `"\ud800"`, `01`, `tru`, `[1`} {
		r := New([]byte(bad))
		if _, ok := r.Value(); ok && r.End() {
			t.Errorf("Value read %s", bad)
		}
	}
}

// Int and Uint read whole numbers, 20.0 and 2e1 too, within their bounds.
func TestWholeNumbers(t *testing.T) {
	for _, c := range []struct {
		lit  string
		n    int
		okI  bool
		most uint64
		okU  bool
	}{
		{"20", 20, true, 20, true}, {"20.0", 20, true, 19, false}, {"2e1", 20, true, 100, true},
		{"20.5", 0, false, 100, false}, {"-3", -3, true, 100, false}, {"-0.0", 0, false, 100, false},
	} {
		r := New([]byte(c.lit))
		n, ok := r.Int()
		if ok != c.okI || ok && n != c.n {
			t.Errorf("Int of %s: %d %v", c.lit, n, ok)
		}
		r = New([]byte(c.lit))
		u, ok := r.Uint(c.most)
		if ok != c.okU || ok && u != uint64(c.n) {
			t.Errorf("Uint(%d) of %s: %d %v", c.most, c.lit, u, ok)
		}
	}
	if got := string(WholeNumbers([]byte(`{"a":20.0,"b":"20.0","c":[2e1,2.5]}`))); got != `{"a":20,"b":"20.0","c":[20,2.5]}` {
		t.Errorf("WholeNumbers: %s", got)
	}
}

// DupKey finds the first key repeated in one object, and where.
func TestDupKey(t *testing.T) {
	data := []byte(`{"a":{"b":1,"c":2},"d":[{"b":1},{"b":2,"b":3}]}`)
	k, off, found := DupKey(data)
	if !found || k != "b" || off != 42 {
		t.Fatalf("DupKey: %q at %d, found %v", k, off, found)
	}
	if _, _, found := DupKey([]byte(`{"a":{"a":1}}`)); found {
		t.Fatal("DupKey found a key of two objects")
	}
	if got := NumberBefore([]byte(`{"a":-2.5e3}`), 11); got != "-2.5e3" {
		t.Fatalf("NumberBefore: %q", got)
	}
}
