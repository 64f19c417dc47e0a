package btlib

import (
	"bytes"
	"testing"
)

// runErr runs src as chunk "test.lua" and returns the message of the
// error it raises, or "" when it runs.
func runErr(t *testing.T, src string) string {
	t.Helper()
	_, L, _ := testLib(t)
	fn, err := L.Load(bytes.NewBufferString(src), "test.lua")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(fn)
	if err := L.PCall(0, 0, nil); err != nil {
		return firstLine(err.Error())
	}
	return ""
}

func firstLine(s string) string {
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Bad constructor and method arguments of behavior-tree tasks are refused
// where they are given, naming the task, the variable and the value.
func TestTaskArgumentsRefused(t *testing.T) {
	cases := []struct{ src, want string }{
		{`BTIncrement:New("count", math.huge)`, `test.lua:1: BTIncrement:New: by must be a finite number, got math.huge`},
		{`BTIncrement:New("count", -1/0)`, `test.lua:1: BTIncrement:New: by must be a finite number, got -Inf`},
		{`BTIncrement:New("count", 0/0)`, `test.lua:1: BTIncrement:New: by must be a finite number, got NaN`},
		{"local s = BTSequence:New()\ns:AddCondition(\"health\", \"<\", 0/0)", `test.lua:2: AddCondition: health <: the value to compare with is NaN (NaN compares false with every value)`},
		{"local s = BTSequence:New()\ns:AddConditionNot(\"health\", \"==\", 0/0)", `test.lua:2: AddConditionNot: health ==: the value to compare with is NaN (NaN compares false with every value)`},
		{`BTCompare:New("health", ">=", 0/0)`, `test.lua:1: BTCompare:New: health >=: the value to compare with is NaN (NaN compares false with every value)`},
		{`BTLog:New()`, `test.lua:1: BTLog:New: message is missing: BTLog:New(message)`},
		{`BTLog:New("")`, ``},
		{"local log = BTLog:New(\"hi\")\nlog:AddChild(BTIdle:New())", `test.lua:2: AddChild: BTLog is a leaf task (BTLog, an action) and cannot have children; give children to a composite (BTSequence, BTSelector, ...) or a decorator`},
		{"local s = BTSequence:New()\nlocal log = BTLog:New(\"hi\")\ns:AddChild(log)\nlog:AddChild(BTIdle:New())", `test.lua:4: AddChild: BTSequence/BTLog[1] is a leaf task (BTLog, an action) and cannot have children; give children to a composite (BTSequence, BTSelector, ...) or a decorator`},
		{"local w = BTWait:New(1)\nw:AddChild(BTIdle:New())", `test.lua:2: AddChild: BTWait is a leaf task (BTWait, an action) and cannot have children; give children to a composite (BTSequence, BTSelector, ...) or a decorator`},
		{"Near = BTConditional:New()\nNear.name = \"near\"\nlocal s = BTSelector:New()\nlocal n = Near:New()\ns:AddChild(n)\nn:AddChild(BTIdle:New())", `test.lua:6: AddChild: BTSelector/near[1] is a leaf task (Near, a conditional) and cannot have children; give children to a composite (BTSequence, BTSelector, ...) or a decorator`},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			if got := runErr(t, c.src); got != c.want {
				t.Errorf("error %q\nwant  %q", got, c.want)
			}
		})
	}
}
