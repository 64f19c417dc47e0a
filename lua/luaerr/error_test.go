package luaerr

import (
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

func TestFrom(t *testing.T) {
	cases := []struct {
		in         error
		task       string
		file       string
		line       int
		msg, whole string
	}{
		{&lua.ApiError{Object: lua.LString("ai/guard.lua:12: boom\nstack traceback:\n\t[G]: ?")}, "Tree/Seq[0]",
			"ai/guard.lua", 12, "boom", "ai/guard.lua:12: boom (task Tree/Seq[0])"},
		{&lua.ApiError{Object: lua.LString("ai/x.lua line:3(column:7) near 'then':   syntax error")}, "",
			"ai/x.lua", 3, "syntax error near then (column 7)", "ai/x.lua:3: syntax error near then (column 7)"},
		// At the end of the input gopher-lua names no line (see AtEnd).
		{&lua.ApiError{Object: lua.LString("ai/two.lua at EOF:   syntax error")}, "",
			"ai/two.lua", 0, "syntax error at end of file", "ai/two.lua: syntax error at end of file"},
		{errors.New("no location"), "T", "", 0, "no location", "no location (task T)"},
		{&lua.ApiError{Object: lua.LString("compile error near line(2) ai/x.lua: no loop to break")}, "",
			"ai/x.lua", 2, "no loop to break", "ai/x.lua:2: no loop to break"},
	}
	for _, c := range cases {
		err := From(c.in, c.task)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("From(%v) = %T", c.in, err)
		}
		if e.File != c.file || e.Line != c.line || e.Msg != c.msg || e.Error() != c.whole {
			t.Errorf("From(%v) = {%q %d %q} %q; want {%q %d %q} %q", c.in, e.File, e.Line, e.Msg, e.Error(), c.file, c.line, c.msg, c.whole)
		}
	}
	if From(nil, "x") != nil {
		t.Error("From(nil) != nil")
	}
}

// AtEnd counts the lines of the compiled text, not of a file on disk.
func TestAtEnd(t *testing.T) {
	eof := &lua.ApiError{Object: lua.LString("ai/two.lua at EOF:   syntax error")}
	for src, want := range map[string]string{
		"x = 1\nfunction f(\n": "ai/two.lua:2: syntax error at end of file",
		"x = 1\nfunction f(":   "ai/two.lua:2: syntax error at end of file",
		"":                     "ai/two.lua: syntax error at end of file",
	} {
		if got := AtEnd(eof, []byte(src)).Error(); got != want {
			t.Errorf("AtEnd(%q) = %q, want %q", src, got, want)
		}
	}
	mid := &lua.ApiError{Object: lua.LString("ai/x.lua line:3(column:7) near 'then':   syntax error")}
	if got := AtEnd(mid, []byte("a\nb\nc\nd\n")).Error(); got != "ai/x.lua:3: syntax error near then (column 7)" {
		t.Errorf("AtEnd of a mid-file error = %q", got)
	}
}
