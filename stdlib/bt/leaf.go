package bt

// Action is the base of leaf tasks that act on the world (Behavior
// Designer's Action). Embed it and override OnUpdate.
type Action struct{ TaskBase }

// Conditional is the base of leaf tasks that test the world (Behavior
// Designer's Conditional). Embed it and override OnUpdate to return Success
// or Failure; composites with conditional aborts re-evaluate conditionals.
type Conditional struct{ TaskBase }

// IsConditional marks Conditional and the tasks that embed it.
func (*Conditional) IsConditional() bool { return true }

// ConditionalTask is implemented by conditionals (tasks embedding
// Conditional, and scripted tasks derived from BTConditional).
type ConditionalTask interface {
	Task
	IsConditional() bool
}
