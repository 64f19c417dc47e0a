package host

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"
)

// A LoadFile that finds a factory script keeps its run: the Spawns that
// follow call the factory it returned, so the script's top level runs
// once per Lua state. Classic and sharded hosts alike.
func TestLoadFileKeepsFactory(t *testing.T) {
	files := fstest.MapFS{"fac.lua": {Data: []byte(`print("top level")
return function(args)
  local a = BTAction:New()
  a.name = "A" .. args.index
  function a:OnUpdate() print(self.name) return BTTaskStatus.Success end
  return a
end
`)}}
	for _, shards := range []int{0, 1} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h, err := New(Options{Shards: shards, FS: files, Stdout: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			if _, err := h.LoadFile("fac.lua"); !errors.Is(err, ErrFactoryScript) {
				t.Fatalf("LoadFile: %v", err)
			}
			for i := 1; i <= 2; i++ {
				if _, err := h.Spawn("fac.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			if got := tickOut(t, h, &out); got != "top level\nA1\nA2\n" {
				t.Errorf("output %q", got)
			}
		})
	}
}
