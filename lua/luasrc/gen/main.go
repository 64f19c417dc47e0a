// Command gen writes bt_classes.lua, the LuaLS annotations of the built-in
// task classes, and docs/tasks.md, their Markdown reference, from their
// btlib.Class declarations, and protos_gen.go, the compiled prototypes of
// the embedded Lua the libraries run. Run it with go generate
// ./lua/luasrc; tests of lua/btlib and lua/luasrc fail when a file is out
// of date.
package main

import (
	"log"
	"os"

	"github.com/btlua/btlua/lua/btlib"
)

func main() {
	if err := os.WriteFile("bt_classes.lua", btlib.Stubs(btlib.Builtins()), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("../../docs/tasks.md", btlib.Reference(btlib.Builtins()), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := writeProtos(); err != nil {
		log.Fatal(err)
	}
}
