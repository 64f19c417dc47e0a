package format

import (
	"crypto/sha256"
	"encoding/hex"
)

// The digest of a save of DigestVersion: Encode ends the save's top
// object with the key "digest", whose value is the SHA-256 (hex) of every
// byte before the comma that opens that key:
//
//	{"format":"btlua-save","version":3,...,"loads":[...],"digest":"<64 hex>"}
//	^ hashed from here ...................... to here ^
//
// savefile.Decode checks it (its digest.go).

// DigestHead is what precedes the digest's hex digits at the end of a
// save of DigestVersion: the digest covers every byte before it.
const DigestHead = `,"digest":"`

// appendDigest ends the save body b, a JSON object written up to its
// closing brace (not included), with its digest and that brace.
func appendDigest(b []byte) []byte {
	sum := sha256.Sum256(b)
	b = append(b, DigestHead...)
	b = hex.AppendEncode(b, sum[:])
	return append(b, '"', '}')
}
