package luaerr

import "testing"

// A task path, tree or agent name holding a control character (a name set
// by a script) is quoted in an error, so a message stays one line and
// cannot write terminal escapes; plain names are as they are.
func TestErrorQuotesControlCharacters(t *testing.T) {
	e := &Error{File: "ai.lua", Line: 3, Msg: "boom", Tree: "t\x1b[31m", Task: "Root/bad\nname[1]"}
	if got, want := e.Error(), `ai.lua:3: boom (tree "t\x1b[31m", task "Root/bad\nname[1]")`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e = &Error{File: "ai.lua", Line: 3, Msg: "boom", Agent: "guard 1", Task: "Root/Attack[2]"}
	if got, want := e.Error(), "ai.lua:3: boom (agent guard 1, task Root/Attack[2])"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p := &GoPanic{Value: "x", Task: "a\rb"}
	if got, want := p.Error(), `Go panic: x (task "a\rb")`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
