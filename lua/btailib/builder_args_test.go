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
