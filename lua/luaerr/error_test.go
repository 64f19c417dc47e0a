package luaerr

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

func TestFrom(t *testing.T) {
	dir := t.TempDir()
	twoLines := filepath.Join(dir, "two.lua")
	if err := os.WriteFile(twoLines, []byte("x = 1\nfunction f(\n"), 0o644); err != nil {
		t.Fatal(err)
	}
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
		{&lua.ApiError{Object: lua.LString(twoLines + " at EOF:   syntax error")}, "",
			twoLines, 2, "syntax error at end of file", twoLines + ":2: syntax error at end of file"},
		{errors.New("no location"), "T", "", 0, "no location", "no location (task T)"},
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
