package btlib

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The checked-in stubs of the built-in classes are the ones their
// declarations generate.
func TestStubsUpToDate(t *testing.T) {
	got, err := os.ReadFile("../luasrc/bt_classes.lua")
	if err != nil {
		t.Fatal(err)
	}
	if want := Stubs(Builtins()); !bytes.Equal(got, want) {
		t.Fatal("lua/luasrc/bt_classes.lua is out of date: run go generate ./lua/luasrc")
	}
}

// A class's stub has its base, doc, fields and a generic New listing the
// constructor arguments with their types, optionality, units and defaults.
func TestStubOfClass(t *testing.T) {
	c := Class{
		Name: "Shoot", Base: "BTAction", Doc: "Fires.",
		Params: []Param{
			{Name: "target", Type: ArgTask, Doc: "whom"},
			{Name: "rate", Type: ArgSeconds, Unit: "s", Optional: true, Default: 0.5, Doc: "between shots"},
			{Name: "extra", Type: ArgAny, Variadic: true},
		},
		Fields: []Field{{"Reload", "fun(self: Shoot)", "refills"}},
		New:    func(Args) (bt.Task, error) { return &leafImpl{}, nil },
	}
	want := `
---Fires.
---@class Shoot: BTAction
---@field Reload fun(self: Shoot) refills
Shoot = {}

---Makes an instance of Shoot, or a class derived from it (X = Shoot:New(...); function X:OnUpdate() ... end).
---@generic T
---@param self T
---@param target BTTask whom
---@param rate? number between shots (unit: s; default 0.5)
---@param ... any
---@return T
function Shoot.New(self, target, rate, ...) end

---The task classes in require("bt"), named without their BT prefix.
---@class btclasses
---@field Shoot Shoot
`
	got := string(Stubs([]Class{c}))
	if _, body, _ := strings.Cut(got, "Go methods.\n"); body != want {
		t.Errorf("stub:\n%s\nwant:\n%s", body, want)
	}
}
