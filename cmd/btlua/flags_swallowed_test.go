package main

import (
	"strings"
	"testing"
)

// A flag that takes a value and took the script's path as it (the value
// forgotten) says so, with how to write it, rather than "no script
// given" (exit 2, the usage after it).
func TestFlagTookTheScriptAsItsValue(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--record", "script.lua"}, `btlua: --record took "script.lua" as its FILE and no script is left: write --record FILE script.lua`},
		{[]string{"--fast", "-record", "a/b.lua"}, `btlua: --record took "a/b.lua" as its FILE and no script is left: write --record FILE a/b.lua`},
		{[]string{"--on-error", "script.lua"}, `btlua: --on-error took "script.lua" as its value and no script is left: write --on-error VALUE script.lua`},
		{[]string{"--execution-type", "x.LUA"}, `btlua: --execution-type took "x.LUA" as its value and no script is left: write --execution-type VALUE x.LUA`},
		{[]string{"--record", "out.jsonl"}, `btlua: no script given`},
	} {
		code, out, errOut := runCLI(c.args...)
		first, rest, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || out != "" || first != c.want || rest != usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q, then the one usage line %q", c.args, code, out, errOut, c.want, usageHint)
		}
	}
}

// A flag that takes a value and took the next flag as it (the value
// forgotten) says so (exit 2, the usage after it), rather than "more than
// one script given" or a run with a file named "--ticks".
func TestFlagTookAFlagAsItsValue(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--restore", "--ticks", "2", "script.lua"}, `btlua: --restore took "--ticks" as its FILE: write --restore FILE --ticks`},
		{[]string{"script.lua", "--save", "-fast"}, `btlua: --save took "-fast" as its FILE: write --save FILE -fast`},
		{[]string{"--on-error", "--strict=true", "script.lua"}, `btlua: --on-error took "--strict=true" as its value: write --on-error VALUE --strict=true`},
	} {
		code, out, errOut := runCLI(c.args...)
		first, rest, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || out != "" || first != c.want || rest != usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q, then the one usage line %q", c.args, code, out, errOut, c.want, usageHint)
		}
	}
}
