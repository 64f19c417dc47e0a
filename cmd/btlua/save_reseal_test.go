package main

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
)

// digestTail is the digest a save of version 3 ends with.
var digestTail = regexp.MustCompile(`,"digest":"[0-9a-f]{64}"\}\s*$`)

// resealed returns a hand-edited save (plain JSON) with its digest
// computed again as docs/saving.md says (the SHA-256 of the bytes before
// `,"digest":`), so that the field rules, not the digest, judge the edit.
func resealed(data []byte) []byte {
	loc := digestTail.FindIndex(data)
	if loc == nil {
		return data
	}
	sum := sha256.Sum256(data[:loc[0]])
	out := append([]byte(nil), data[:loc[0]]...)
	return append(append(out, `,"digest":"`+hex.EncodeToString(sum[:])...), `"}`...)
}
