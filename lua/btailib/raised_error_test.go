package btailib_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// Errors raised with values that are not strings from a BT.Call function,
// a BT.Condition function or a BT.RunCoroutine name the line of the error
// call and render the value the same on every run.
func TestNonStringErrorInBTAINode(t *testing.T) {
	for _, c := range []struct{ node, want string }{
		{`BT.Call(function()
				error({code = 42})
			end)`, `:4: error raised with a table: {code = 42}`},
		{`BT.Condition(function()
				error(nil)
			end)`, `:4: error raised with nil`},
		{`BT.RunCoroutine(function()
				error(setmetatable({}, {__tostring = function() return "out of arrows" end}))
			end)`, `:4: error raised with a table: out of arrows (in the coroutine of the BT.RunCoroutine made at `},
	} {
		t.Run(c.want, func(t *testing.T) {
			r, err := loadHost(t, "raise.lua", `
		return BT.Root():OpenBranch(
			`+c.node+`)`)
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.tickN(2)
			var le *luaerr.Error
			if !errors.As(err, &le) {
				t.Fatalf("error %T %v", err, err)
			}
			got := strings.ReplaceAll(le.Error(), filepath.Dir(le.File)+"/", "")
			if want := "raise.lua" + c.want; !strings.HasPrefix(got, want) {
				t.Errorf("error %q\nwant it to start %q", got, want)
			}
		})
	}
}
