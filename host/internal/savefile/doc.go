// Package savefile reads a btlua save (docs/saving.md) for the host:
// Decode reads one, plain or gzipped, with a fast decoder of the shape
// Encode writes and encoding/json behind it, checks its format, version,
// digest and field rules, and has a bad save's error worded in the
// save's own terms (the place, the key, what it holds and should: package
// wording). The save's types
// and Encode are declared in package format and named here, so that the
// host reads and writes saves through this one package; the JSON reading
// that knows no save is package jsonread. It knows no host and no Lua:
// the host turns agents into a File and back.
package savefile
