// Package format declares a btlua save (docs/saving.md): its types, its
// format and versions, and Encode, which writes a save as JSON (the
// bytes encoding/json writes for it, faster) ending with its digest. It
// reads nothing back: package savefile decodes and checks a save, and
// names these types for the host. It knows no host and no Lua.
package format
