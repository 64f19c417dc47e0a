package btlib

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A chain of references deeper than MaxReferenceDepth (d1.lua references
// d2.lua ... d300.lua) is refused at build time with the depth and the
// chain's ends, not a Lua stack overflow; a chain of MaxReferenceDepth
// files builds.
func TestReferenceDepthCapped(t *testing.T) {
	files := map[string]string{}
	const n = 300
	for i := 1; i < n; i++ {
		files[fmt.Sprintf("d%d.lua", i)] = fmt.Sprintf("return BTBehaviorTreeReference:New(%q)", fmt.Sprintf("d%d.lua", i+1))
	}
	files[fmt.Sprintf("d%d.lua", n)] = "return BTLog:New(\"bottom\")"
	// ok1.lua .. a chain exactly as deep as allowed.
	for i := 1; i < MaxReferenceDepth; i++ {
		files[fmt.Sprintf("ok%d.lua", i)] = fmt.Sprintf("return BTBehaviorTreeReference:New(%q)", fmt.Sprintf("ok%d.lua", i+1))
	}
	files[fmt.Sprintf("ok%d.lua", MaxReferenceDepth)] = "return BTLog:New(\"bottom\")"
	dir := writeFiles(t, files)

	lib, L, _ := testLib(t)
	_, err := loadTree(lib, L, filepath.Join(dir, "d1.lua"))
	if err == nil {
		t.Fatal("a 300-deep chain loaded, want an error")
	}
	msg := err.Error()
	in := func(f string) string { return filepath.Join(dir, f) }
	want := fmt.Sprintf("%s:1: BTBehaviorTreeReference:New: references nested more than %d deep: %s -> %s -> ... -> %s -> %s",
		in("d1.lua"), MaxReferenceDepth, in("d1.lua"), in("d2.lua"), in(fmt.Sprintf("d%d.lua", MaxReferenceDepth)), in(fmt.Sprintf("d%d.lua", MaxReferenceDepth+1)))
	if !strings.HasPrefix(msg, want) || strings.Count(msg, "BTBehaviorTreeReference:New") != 1 {
		t.Errorf("error %q\nwant it to begin %q, naming the reference once", msg, want)
	}
	t.Logf("%d bytes: %s", len(msg), msg)

	lib, L, _ = testLib(t)
	if _, err := loadTree(lib, L, filepath.Join(dir, "ok1.lua")); err != nil {
		t.Errorf("a %d-deep chain: %v", MaxReferenceDepth, err)
	}
}
