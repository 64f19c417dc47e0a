// Package budget holds the limits a host puts on the script work it runs:
// the CPU budget (Budget: the wall-clock time one stretch of script work
// may take, begun and ended on a label, watched by a timer, interruptible
// from any goroutine, and the context.Context the Lua state polls), and
// the memory limit's heap checks (Heap: the watchdog's reading of the
// heap while a stretch runs, the check between agents' ticks that
// measures what each agent allocates and names the one to stop, and the
// check after building agents), and the guard that bounds a write of the
// scripts' output to a pipe or terminal by the budget (GuardOutput). It
// knows nothing of the host, its agents
// or Lua: a stretch's label is a string and a Describer, the agent to
// stop a Runner; the host sets the Budget on its Lua states and turns
// what the checks report into its errors and stops.
package budget
