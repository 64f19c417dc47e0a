package luaerr

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A statement after return (or break), which gopher-lua reports as a
// plain syntax error, reads as PUC Lua 5.1 reports it (each want is what
// lua5.1 prints): what the block expects there, and the block's opening
// line when it is another.
func TestAfterReturnLikePUC(t *testing.T) {
	cases := []struct{ src, want string }{
		{"local x; return 1; x = 2", "c.lua:1: '<eof>' expected near 'x'"},
		{"return 1 x = 2", "c.lua:1: '<eof>' expected near 'x'"},
		{"local x = 1\nreturn x\nx = 2\n", "c.lua:3: '<eof>' expected near 'x'"},
		{"local function f() return 1 x = 2 end", "c.lua:1: 'end' expected near 'x'"},
		{"local function f()\n return 1\n x = 2 end", "c.lua:3: 'end' expected (to close 'function' at line 1) near 'x'"},
		{"if x then return 1 x = 2 end", "c.lua:1: 'end' expected near 'x'"},
		{"repeat return 1 x = 2 until true", "c.lua:1: 'until' expected near 'x'"},
		{"while true do\n  break\n  print(1)\nend", "c.lua:3: 'end' expected (to close 'while' at line 1) near 'print'"},
		{"for i = 1, 2 do return i x = 1 end", "c.lua:1: 'end' expected near 'x'"},
		{"return 1 )", "c.lua:1: '<eof>' expected near ')'"},
		// Other syntax errors keep gopher-lua's words (PUC: "unexpected
		// symbol near ')'" for the first).
		{"return )", "c.lua:1: syntax error near ) (column 8)"},
		{"x = = 1", "c.lua:1: syntax error near = (column 5)"},
		{"if x then\n", "c.lua:1: syntax error at end of file"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			L := lua.NewState()
			defer L.Close()
			_, err := L.LoadString(c.src)
			if err == nil {
				t.Fatal("compiled")
			}
			api := err.(*lua.ApiError)
			api.Object = lua.LString("c.lua" + api.Object.String()[len("<string>"):])
			if got := AtEnd(err, []byte(c.src)).Error(); got != c.want {
				t.Errorf("error = %q\nwant    %q", got, c.want)
			}
		})
	}
}

// FuzzAtEnd: whatever the text, the error of compiling it comes back
// from AtEnd with its file, and a message in PUC's words only for a
// statement after a return or break.
func FuzzAtEnd(f *testing.F) {
	for _, s := range []string{"return 1 x = 2", "local function f()\r\n return\r\n x() end", "if x then return end y",
		"repeat break until", "return \"é\" x", "while true do return 1 --[[c]] x end", "x = = 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		L := lua.NewState()
		defer L.Close()
		_, err := L.LoadString(src)
		if err == nil {
			return
		}
		e, ok := AtEnd(err, []byte(src)).(*Error)
		if !ok || e.File != "<string>" {
			t.Fatalf("AtEnd(%q) = %v", src, e)
		}
		if strings.Contains(e.Msg, "expected") && !strings.HasPrefix(e.Msg, "'") {
			t.Fatalf("AtEnd(%q): message %q", src, e.Msg)
		}
	})
}
