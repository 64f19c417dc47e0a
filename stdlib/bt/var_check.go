package bt

import (
	"fmt"
	"math"
	"reflect"
)

// CompareOp is the comparison of a declarative variable test ([VarTest]).
type CompareOp uint8

const (
	// OpTruthy holds when the variable is set to anything but false (Lua
	// truth; the test's Operand is unused).
	OpTruthy CompareOp = iota
	// OpEqual is "==": numbers compare as numbers, bools as bools, strings
	// as strings, other values with Go's ==.
	OpEqual
	// OpNotEqual is "~=" (also written "!=").
	OpNotEqual
	// OpLess is "<" (numbers only).
	OpLess
	// OpLessEqual is "<=".
	OpLessEqual
	// OpGreater is ">".
	OpGreater
	// OpGreaterEqual is ">=".
	OpGreaterEqual
)

var opNames = [...]string{"", "==", "~=", "<", "<=", ">", ">="}

// String returns the operator as written in Lua ("==", "~=", "<", ...);
// "" for OpTruthy.
func (op CompareOp) String() string {
	if int(op) < len(opNames) {
		return opNames[op]
	}
	return fmt.Sprintf("CompareOp(%d)", uint8(op))
}

// ParseCompareOp reads "==", "~=", "!=", "<", "<=", ">" or ">=".
func ParseCompareOp(s string) (CompareOp, error) {
	if s == "!=" {
		return OpNotEqual, nil
	}
	for i, n := range opNames {
		if i > 0 && n == s {
			return CompareOp(i), nil
		}
	}
	return 0, fmt.Errorf("unknown comparison %q: want ==, ~=, <, <=, > or >=", s)
}

// ordered reports whether op needs numbers.
func (op CompareOp) ordered() bool { return op >= OpLess }

// VarTest is a declarative test of one blackboard variable, evaluated in
// Go without calling a script: the variable's truth (Op OpTruthy) or a
// comparison with Operand. The variable is resolved to its slot in the
// first blackboard the test runs against and read through the slot after
// that (no hashing of the name per read).
//
// A test is strict, so that a typo or a wrong type is found at once: a
// variable that is not set (in the tree or the global variables), an
// ordering comparison of something else than a number, or an equality
// whose variable has another type than a number or bool Operand, panics
// with a *VariableError naming the task and the variable.
type VarTest struct {
	// The fields an evaluation reads come first, together (a composite's
	// test is read every tick of every agent: one cache line, not two).
	bb *Blackboard
	// num is Operand as a float64 for the ordering operators, copied when
	// the test is resolved, so that a read does not follow Operand's
	// pointer.
	num  float64
	slot Slot
	// Op is the comparison.
	Op CompareOp
	// Negate inverts the result (AddConditionNot).
	Negate bool
	// Name is the variable.
	Name string
	// Operand is what the variable is compared with: a float64 for
	// the ordering operators; a float64, bool, string or other comparable
	// value for OpEqual and OpNotEqual.
	Operand any
	// Where is where the test was written, "file:line" (the Lua binding
	// records the line of composite:AddCondition), for its errors; "" for
	// none, when the error names the task's own location (see
	// [VariableError]).
	Where string
}

// NewVarTest checks op and operand and returns the test. An ordering
// operator needs a number operand; a NaN operand is refused (NaN compares
// false with every value, so the test could never hold, or, negated,
// never fail); the Go number types are converted to
// float64.
func NewVarTest(name string, op CompareOp, operand any, negate bool) (*VarTest, error) {
	if name == "" {
		return nil, fmt.Errorf("the variable name is empty")
	}
	if n, ok := toNumber(operand); ok {
		operand = n
	}
	if op != OpTruthy && operand == nil {
		return nil, fmt.Errorf("%s %s: the value to compare with is missing", name, op)
	}
	if op.ordered() {
		if _, ok := operand.(float64); !ok {
			return nil, fmt.Errorf("%s %s: want a number to compare with, got %s", name, op, describeValue(operand))
		}
	}
	if f, ok := operand.(float64); ok && math.IsNaN(f) {
		return nil, fmt.Errorf("%s %s: the value to compare with is NaN (NaN compares false with every value)", name, op)
	}
	return &VarTest{Name: name, Op: op, Operand: operand, Negate: negate}, nil
}

// String returns the test as written: "hasTarget", "health < 30",
// "not (health < 30)".
func (t *VarTest) String() string {
	s := t.Name
	if t.Op != OpTruthy {
		s = fmt.Sprintf("%s %s %v", t.Name, t.Op, t.Operand)
	}
	if t.Negate {
		return "not (" + s + ")"
	}
	return s
}

// Eval evaluates the test against bb on behalf of task (named in errors).
func (t *VarTest) Eval(task Task, bb *Blackboard) bool {
	return t.evalAs(task, bb, t.Name)
}

// evalAs is Eval with the variable's name in bb (a tree reference may
// remap it, see [TreeReference]).
func (t *VarTest) evalAs(task Task, bb *Blackboard, name string) bool {
	if t.bb != bb {
		t.bb, t.slot = bb, bb.Slot(name)
		t.num, _ = toNumber(t.Operand)
	}
	return t.eval(task, bb) != t.Negate
}

func (t *VarTest) eval(task Task, bb *Blackboard) bool {
	s := t.slot
	switch op := t.Op; {
	case op.ordered():
		v, ok, isNum := bb.Number(s)
		t.check(task, bb, ok, isNum, "a number")
		x := t.num
		switch op {
		case OpLess:
			return v < x
		case OpLessEqual:
			return v <= x
		case OpGreater:
			return v > x
		}
		return v >= x
	case op == OpTruthy:
		sl := &bb.slots[s]
		switch sl.kind {
		case kindBool:
			return sl.num != 0
		case kindNumber:
			return true
		}
		v, ok := bb.Value(s)
		t.check(task, bb, ok, true, "")
		b, isBool := v.(bool)
		return !isBool || b
	}
	return t.equal(task, bb, s) == (t.Op == OpEqual)
}

// equal compares the variable with the operand for == and ~=.
func (t *VarTest) equal(task Task, bb *Blackboard, s Slot) bool {
	switch x := t.Operand.(type) {
	case float64:
		v, ok, isNum := bb.Number(s)
		t.check(task, bb, ok, isNum, "a number")
		return v == x
	case bool:
		v, ok, isBool := bb.Bool(s)
		t.check(task, bb, ok, isBool, "a boolean")
		return v == x
	}
	v, ok := bb.Value(s)
	t.check(task, bb, ok, true, "")
	a, b := reflect.ValueOf(v), reflect.ValueOf(t.Operand)
	if a.Kind() == reflect.String && b.Kind() == reflect.String {
		return a.String() == b.String()
	}
	if !a.IsValid() || !b.IsValid() || !a.Type().Comparable() || !b.Type().Comparable() {
		return false
	}
	return v == t.Operand
}

// check panics with a *VariableError when the variable is not set or has
// the wrong type.
func (t *VarTest) check(task Task, bb *Blackboard, ok, typed bool, want string) {
	if !ok {
		panic(&VariableError{Task: task, Name: t.Name, Test: t.String(), Where: t.Where, Problem: "is not set (set it before the tree runs: SetVariable, SetGlobalVariable or Blackboard.Set)"})
	}
	if !typed {
		v, _ := bb.Value(t.slot)
		panic(&VariableError{Task: task, Name: t.Name, Test: t.String(), Where: t.Where, Problem: "is " + describeValue(v) + ", want " + want})
	}
}

// describeValue names a value's type for errors: "a number", "a string",
// "a boolean", "nil", else the Go type.
func describeValue(v any) string {
	if v == nil {
		return "nil"
	}
	if _, ok := toNumber(v); ok {
		return fmt.Sprintf("a number (%v)", v)
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.String:
		return fmt.Sprintf("a string (%q)", r.String())
	case reflect.Bool:
		return fmt.Sprintf("a boolean (%v)", r.Bool())
	case reflect.Float64:
		return fmt.Sprintf("a number (%v)", r.Float())
	}
	return fmt.Sprintf("a %T", v)
}
