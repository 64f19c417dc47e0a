package bt

// varCondChunk is how many declarative conditions a composite allocates
// room for at a time (the warrior design's composites have one or two).
const varCondChunk = 2

// varCondition is a composite precondition testing a variable of the
// composite's tree (see [Composite.AddVarCondition]).
type varCondition struct {
	owner *TaskBase
	// test is a copy of the test given, in the same allocation.
	test VarTest
}

// Check evaluates the test against the owner's tree's blackboard.
func (c *varCondition) Check() bool {
	bb, name := blackboardOf(c.owner, c.test.Name, c.test.String)
	return c.test.evalAs(c.owner.self, bb, name)
}

// String returns the test as written.
func (c *varCondition) String() string { return c.test.String() }

// AddVarCondition attaches a declarative precondition to the composite:
// test is evaluated in Go against the blackboard of the composite's tree,
// with the semantics of [Composite.AddCondition] (the Lua binding's
// composite:AddCondition("health", "<", 30) and AddConditionNot). Errors
// of the test (a variable not set, or of the wrong type) panic with a
// *VariableError naming the composite. The composite keeps a copy of
// *test: changing test afterwards has no effect.
func (c *Composite) AddVarCondition(test *VarTest) {
	if len(c.vconds) == cap(c.vconds) {
		// A new chunk: the conditions in the old one stay where conds
		// points to them.
		c.vconds = make([]varCondition, 0, varCondChunk)
	}
	c.vconds = append(c.vconds, varCondition{owner: &c.TaskBase, test: *test})
	c.AddCondition(&c.vconds[len(c.vconds)-1])
}

// VarCompare is a conditional task testing a blackboard variable in Go
// (Behavior Designer's CompareSharedFloat / CompareSharedBool family,
// with the operators of [CompareOp]): Success when the test holds, else
// Failure. Being a conditional, it takes part in conditional aborts.
type VarCompare struct {
	Conditional
	// Test is the test; see [VarTest] for its errors.
	Test *VarTest
}

// NewVarCompare returns a conditional task evaluating test.
func NewVarCompare(test *VarTest) *VarCompare {
	c := &VarCompare{Test: test}
	c.Init(c, "")
	return c
}

// OnUpdate returns Success when the test holds, else Failure.
func (c *VarCompare) OnUpdate() Status {
	bb, name := blackboardOf(&c.TaskBase, c.Test.Name, c.Test.String)
	if c.Test.evalAs(c.self, bb, name) {
		return Success
	}
	return Failure
}
