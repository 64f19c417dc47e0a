// Package jsonread reads JSON quickly where the reader knows the shape
// of the document: a Reader gives the next token, string (short ones
// interned), number, whole number or value as the caller asks, and gives
// up (returns false) on anything else, so that a slower reader can word
// the error; with it, the helpers such a slower reader needs: whole
// numbers written 20.0 for encoding/json, the first repeated key, the
// number literal before an error's offset. Its values are what
// encoding/json gives in an any. It knows nothing of what the document
// means.
package jsonread
