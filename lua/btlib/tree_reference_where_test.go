package btlib

import (
	"path/filepath"
	"testing"
)

// Each reference resolves its path from the file of its own New call,
// also when it is made inside another reference's factory, after that
// factory made other located tasks (a decorator), and again in the outer
// file afterwards.
func TestReferenceWhereOfNestedNew(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"sub/outer.lua": `
return function(vars)
  local d = BTReturnSuccess:New()
  d:AddChild(BTBehaviorTreeReference:New("inner.lua"))
  return d
end
`,
		"sub/inner.lua": `return BTLog:New("sub/inner")`,
		"inner.lua":     `return BTLog:New("top inner")`,
		"main.lua": `
local s = BTSequence:New()
s:AddChild(BTBehaviorTreeReference:New("sub/outer.lua"))
local d = BTReturnSuccess:New(); d:AddChild(BTLog:New("mid")); s:AddChild(d)
s:AddChild(BTBehaviorTreeReference:New("inner.lua"))
return s
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lib.TickTree(tr, 1); err != nil {
		t.Fatal(err)
	}
	if want := "sub/inner\nmid\ntop inner\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	refs := lib.ReferencesTo(filepath.Join(dir, "sub", "inner.lua"))
	if len(refs) != 1 {
		t.Fatalf("%d references to sub/inner.lua, want 1", len(refs))
	}
	if _, err := lib.RebuildReference(refs[0]); err != nil {
		t.Fatalf("rebuild: %v", err)
	}
}
