// Package wording words a bad save's error in the save's own terms, for
// the save's decoder (package savefile): a JSON error becomes a truncated
// file, the byte of a syntax error, or the place (load, agent, task ...)
// of a value of the wrong type with what it holds and should; a null
// where the save holds a number, string, boolean or object, a key a kind
// of object must have and lacks, and a key repeated in one object are
// found and named the same way; a saved string is quoted cut short
// (Quote). Go's names of the save's types never show. It reads the save's
// shapes from package format and JSON through package jsonread, and
// knows no host and no Lua.
package wording
