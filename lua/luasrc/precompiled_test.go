package luasrc

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// TestPrecompiledAsCompiled: the generated prototype of each file the
// libraries run is the one gopher-lua compiles from the embedded source,
// string constants included (else run go generate ./lua/luasrc).
func TestPrecompiledAsCompiled(t *testing.T) {
	f, ok := reflect.TypeOf(lua.FunctionProto{}).FieldByName("stringConstants")
	if !ok || f.Type != reflect.TypeOf([]string(nil)) || f.Offset != stringConstantsOffset || !stringConstantsOK {
		t.Fatalf("gopher-lua's FunctionProto has no stringConstants []string at offset %d (found %v, %v at %d): the precompiled prototypes are never used or wrongly filled", stringConstantsOffset, ok, f.Type, f.Offset)
	}
	for _, name := range []string{"bt.lua", "btai.lua", "goap.lua"} {
		src, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		chunk, err := parse.Parse(bytesReader(src), "btlua/"+name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := lua.Compile(chunk, "btlua/"+name)
		if err != nil {
			t.Fatal(err)
		}
		got := precompiled(name)
		if got == nil {
			t.Fatalf("%s has no precompiled prototype", name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the precompiled prototype differs from the compiled source: run go generate ./lua/luasrc", name)
		}
	}
	if p := precompiled("bt_classes.lua"); p != nil {
		t.Errorf("bt_classes.lua (annotations, never run) has a precompiled prototype")
	}
}

// TestRunUsesPrecompiled: Run keeps the generated prototype, it does not
// compile the source.
func TestRunUsesPrecompiled(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString("BTParentTask = {}; package.preload.bt = function() return {} end"); err != nil {
		t.Fatal(err)
	}
	if err := Run(L, "bt.lua"); err != nil {
		t.Fatal(err)
	}
	if p, _ := compiled("bt.lua"); p != precompiledProto("bt.lua") {
		t.Fatalf("Run kept %p for bt.lua, want the generated prototype %p", p, precompiledProto("bt.lua"))
	}
}
