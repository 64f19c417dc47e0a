package tests

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// luaMetamethods are the "__" names Lua itself gives meaning to; any other
// "__" string is a binding's hidden field.
var luaMetamethods = map[string]bool{
	"__index": true, "__newindex": true, "__call": true, "__tostring": true, "__len": true,
	"__eq": true, "__lt": true, "__le": true, "__concat": true, "__unm": true, "__add": true,
	"__sub": true, "__mul": true, "__div": true, "__mod": true, "__pow": true, "__mode": true,
	"__metatable": true, "__gc": true, "__pairs": true, "__ipairs": true, "__name": true,
}

// Only the object layer (lua/luaclass) knows the hidden field that ties a
// Lua table to its Go object: the host and the bindings reach Go objects
// through luaclass.Bind and luaclass.Own and the bindings' exported API,
// never by a field name of their own ("__bt", "__goap"), so no package
// reads another's keys and the host knows none.
func TestNoHiddenKeysOutsideObjectLayer(t *testing.T) {
	for _, dir := range []string{"host", "lua", "cmd"} {
		checked := 0
		err := filepath.WalkDir(filepath.Join("..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if filepath.Base(filepath.Dir(path)) == "luaclass" {
				return nil
			}
			checked++
			for _, lit := range hiddenKeys(t, path) {
				t.Errorf("%s names the hidden field %s; use luaclass.Bind and luaclass.Own", path, lit)
			}
			return nil
		})
		if err != nil || checked == 0 {
			t.Fatalf("%s: %d files checked, err %v", dir, checked, err)
		}
	}
}

// hiddenKeys returns the string literals of the Go file path that name a
// "__" field that is not a Lua metamethod.
func hiddenKeys(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err == nil && strings.HasPrefix(s, "__") && !luaMetamethods[s] && isLuaName(s) {
			out = append(out, strconv.Quote(s))
		}
		return true
	})
	return out
}

func isLuaName(s string) bool {
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
