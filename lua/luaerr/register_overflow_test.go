package luaerr

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua's "register overflow" names no line in a main chunk: an
// expression nested too deeply gets the line where it passes the depth,
// a function that needs more registers than it has (a call of 250
// arguments) the line of the function.
func TestRegisterOverflow(t *testing.T) {
	args := func(n int) string {
		xs := make([]string, n)
		for i := range xs {
			xs[i] = "1"
		}
		return "f(" + strings.Join(xs, ", ") + ")\n"
	}
	for _, c := range []struct{ name, src, want string }{
		{"tables", "-- deep\nlocal t = " + strings.Repeat("{", 200000) + strings.Repeat("}", 200000) + "\n",
			"nest.lua:2: expression nested too deeply (over 200 levels of table constructors, calls or operands; register overflow)"},
		{"calls", "local x = 1\n\nreturn " + strings.Repeat("f(", 300) + strings.Repeat(")", 300) + "\n",
			"nest.lua:3: expression nested too deeply (over 200 levels of table constructors, calls or operands; register overflow)"},
		{"main chunk temporaries", args(250),
			"nest.lua: too many local variables or temporaries in the main chunk (over 200 registers; register overflow)"},
		{"function temporaries", "x = 1\n\nfunction g()\n" + args(250) + "end\n",
			"nest.lua:3: too many local variables or temporaries in the function at line 3 (over 200 registers; register overflow)"},
	} {
		L := lua.NewState()
		_, err := L.Load(strings.NewReader(c.src), "nest.lua")
		L.Close()
		if err == nil {
			t.Errorf("%s: compiled", c.name)
			continue
		}
		if got := AtEnd(err, []byte(c.src)).Error(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
