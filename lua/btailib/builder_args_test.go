package btailib_test

import (
	"strings"
	"testing"
)

// The builder refuses numbers that mean nothing to the node it makes (a
// negative wait or count, NaN, a clock at infinity), naming the builder
// function and the value, as BTWait:New(-1) is refused; a wait of
// math.huge or 1/0 waits for ever and is taken.
func TestBuilderRefusesMeaninglessNumbers(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ src, want string }{
		{`BT.Wait(-1)`, `test.lua:1: BT.Wait(seconds): seconds must not be negative, got -1`},
		{`BT.Wait(-0.5)`, `test.lua:1: BT.Wait(seconds): seconds must not be negative, got -0.5`},
		{`BT.Wait(-math.huge)`, `test.lua:1: BT.Wait(seconds): seconds must not be negative, got -math.huge`},
		{`BT.Wait(-1/0)`, `test.lua:1: BT.Wait(seconds): seconds must not be negative, got -Inf`},
		{`BT.Wait(0/0)`, `test.lua:1: BT.Wait(seconds): seconds must be a finite number, got NaN`},
		{`BT.Repeat(-1)`, `test.lua:1: BT.Repeat(count): count must not be negative, got -1`},
		{`BT.Repeat(math.huge)`, `test.lua:1: BT.Repeat(count): count must be an integer, got math.huge (a number)`},
		{`BT.Repeat(0/0)`, `test.lua:1: BT.Repeat(count): count must be an integer, got NaN (a number)`},
		{`BT.WaitForAnimatorState({}, "Idle", -1)`, `test.lua:1: BT.WaitForAnimatorState(obj, name, layer): layer must not be negative, got -1`},
		{`BT.SetTime(0/0)`, `test.lua:1: BT.SetTime(seconds, frame): seconds must be a finite number, got NaN`},
		{`BT.SetTime(math.huge)`, `test.lua:1: BT.SetTime(seconds, frame): seconds must be a finite number, got math.huge`},
		{`BT.SetTime(1/0)`, `test.lua:1: BT.SetTime(seconds, frame): seconds must be a finite number, got +Inf`},
		{`BT.SetTime(1, -1)`, `test.lua:1: BT.SetTime(seconds, frame): frame must not be negative, got -1`},
	} {
		_, err := e.try(c.src)
		if err == nil {
			t.Errorf("%s: no error, want %q", c.src, c.want)
			continue
		}
		got := err.Error()
		if i := strings.IndexByte(got, '\n'); i >= 0 {
			got = got[:i]
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
	for _, src := range []string{`BT.Wait(0)`, `BT.Wait(math.huge)`, `BT.Wait(1/0)`, `BT.Repeat(0)`, `BT.Repeat(3)`, `BT.WaitForAnimatorState({}, "Idle", 0)`, `BT.SetTime(2.5, 150)`} {
		if _, err := e.try(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

// The builder functions refuse arguments beyond their parameters, as
// btlib's constructors do, naming the function, its usage and the extra
// values; BT:X(...) (a colon) counts the same.
func TestBuilderRefusesExtraArguments(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ src, want string }{
		{`BT.Sequence(5)`, `test.lua:1: BT.Sequence: takes no arguments, got 1 (5)`},
		{`BT:Sequence(5)`, `test.lua:1: BT.Sequence: takes no arguments, got 1 (5)`},
		{`BT.Root("x")`, `test.lua:1: BT.Root: takes no arguments, got 1 ("x")`},
		{`BT.Wait(1, 2)`, `test.lua:1: BT.Wait: takes at most 1 argument, got 2 (extra: 2): BT.Wait(seconds)`},
		{`BT.Repeat(3, true)`, `test.lua:1: BT.Repeat: takes at most 1 argument, got 2 (extra: true): BT.Repeat(count)`},
		{`BT.SetActive({}, true, nil)`, `test.lua:1: BT.SetActive: takes at most 2 arguments, got 3 (extra: nil): BT.SetActive(obj, active)`},
	} {
		_, err := e.try(c.src)
		if err == nil {
			t.Errorf("%s: no error, want %q", c.src, c.want)
			continue
		}
		got := err.Error()
		if i := strings.IndexByte(got, '\n'); i >= 0 {
			got = got[:i]
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
	for _, src := range []string{`BT.Sequence()`, `BT:Sequence()`, `BT.Wait(1)`, `BT:Wait(1)`, `BT.SetActive({}, true)`, `BT.WaitForAnimatorState({}, "Idle")`, `BT.Selector()`} {
		if _, err := e.try(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

// Every function of the BT table checks its arguments' count.
func TestBuilderUsageComplete(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local missing = {}
		for name, fn in pairs(BT) do
			if type(fn) == "function" then
				local ok, err = pcall(fn, 1, 2, 3, 4, 5, 6, 7, 8)
				if ok or not tostring(err):find("BT%.[%a]+: takes ") then missing[#missing + 1] = name end
			end
		end
		table.sort(missing)
		return table.concat(missing, ",")`)
	if v.String() != "" {
		t.Errorf("functions without a usage: %s", v)
	}
}
