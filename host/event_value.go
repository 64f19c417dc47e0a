package host

import "github.com/btlua/btlua/host/internal/vm"

// The values an Event carries are Go values, converted from Lua's when
// the event is made (host/internal/vm/event_value.go).

// Opaque describes, in an Event's value, a Lua value that has no Go form:
// a function, a coroutine, userdata, a channel, or a table nested deeper
// than 2 levels. Type is its Lua type name ("function", "thread",
// "userdata", "channel", "table"), Text what tostring gives
// ("function: 0x..."); String returns Text.
type Opaque = vm.Opaque

// More stands, as the last element of a []any or under the key "..." of
// a map[string]any in an Event's value, for the fields of a Lua table
// left out (one past 16); String returns "...".
type More = vm.More
