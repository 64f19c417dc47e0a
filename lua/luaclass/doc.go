// Package luaclass is the one object layer of btlua's Lua bindings
// (lua/btlib, lua/btailib, lua/goaplib): how a Lua table written in the
// class style of the Lua behavior-tree series,
//
//	function X:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
//
// is tied to the Go value behind it, and everything the bindings share
// about such tables:
//
//   - Bind, Own, Bound and Inherited: a table's Go object (object.go).
//     A table bound before any other key is set (a task table) keeps it
//     outside its fields, at no cost per key, and pairs never lists it;
//     one bound after it had keys holds it in the hidden field "__go";
//     SetUnlisted adds a field that pairs does not list (bind_light.go);
//   - Of, Derives and Chain: the class-chain walk (class.go);
//   - MethodSet and Hooks: cached lookups of the Lua methods a Go object
//     calls, all dropped at once by one epoch per Lua state (hooks.go;
//     setmetatable on a bound table bumps the epoch, and so does a
//     script's write of a method's name into any table, method_writes.go);
//   - Number, Count, Seconds, Func, ...: the argument decoder, whose
//     errors name the argument and the offending value (args.go);
//   - State.Resume and State.OnMain: the coroutine runner (coroutine.go),
//     with GuardYield (yield.go), OpenIteration (iterate.go: pairs and
//     ipairs honor __pairs and __ipairs, for views of Go data; ipairs
//     steps without allocating), SizeObjects (sized_objects.go:
//     setmetatable sizes the string map of an object that has no field
//     yet) and OpenTypeNames (type_name.go: type without an allocation);
//   - State.Enter and State.Leave: the record of the task whose code runs
//     now, restored on every exit path (tracker.go);
//   - Merge: hot reload's in-place merge of a reloaded class table into the
//     running one (merge.go);
//   - State.Flatten and State.Unflatten: the inherited methods copied into
//     the classes for a batch of ticks, unseen by pairs and rawget, so that
//     a method call from Lua stops at the class (flat.go), removed when a
//     script writes a copied method up the chain (method_writes.go).
//
// A State belongs to one Lua state (see For) and is not safe for
// concurrent use.
package luaclass
