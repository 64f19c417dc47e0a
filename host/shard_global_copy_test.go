package host

import (
	"fmt"
	"io"
	"testing"
)

// Globals.Get of a table-valued global variable gives a copy on a sharded
// host as on the classic one: changing it changes neither the variable
// nor the shards' copies (no "changed in place" error at the next frame).
func TestGlobalTableGetIsACopy(t *testing.T) {
	for _, shards := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h.Globals().Set("t", map[string]any{"a": 1, "list": []any{"x", "y"}})
			got := h.Globals().Get("t").(map[string]any)
			got["a"] = 5
			got["list"].([]any)[0] = "changed"
			if err := h.Tick(0.1); err != nil {
				t.Fatalf("tick: %v", err)
			}
			if again := fmt.Sprint(h.Globals().Get("t")); again != "map[a:1 list:[x y]]" {
				t.Errorf("Get after changing a copy = %s, want map[a:1 list:[x y]]", again)
			}
			if s, err := h.Globals().GetString("t"); err == nil || err.Error() != `global variables: variable "t" is a table, not a string` {
				t.Errorf("GetString(t) = %q, %v; want the error naming a table", s, err)
			}
		})
	}
}
