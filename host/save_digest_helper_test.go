package host

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
)

// digestTail is the digest Encode ends a save of version 3 with.
var digestTail = regexp.MustCompile(`,"digest":"[0-9a-f]{64}"\}\s*$`)

// resealed returns the hand-edited save data (plain JSON) with its
// digest computed again, as docs/saving.md describes it: the SHA-256 of
// the bytes before `,"digest":`. A test of a field rule edits a save and
// reseals it, so that the rule, not the digest, refuses it.
func resealed(data []byte) []byte {
	loc := digestTail.FindIndex(data)
	if loc == nil {
		return data
	}
	body := data[:loc[0]]
	sum := sha256.Sum256(body)
	out := bytes.Clone(body)
	out = append(out, `,"digest":"`...)
	out = append(out, hex.EncodeToString(sum[:])...)
	return append(out, `"}`...)
}

// asVersion1 returns the save data (plain JSON, of a host of any shards)
// as a save of version 1 would hold it: that of version 2 (asVersion2)
// without "shards" or "state".
func asVersion1(data []byte) []byte {
	out := regexp.MustCompile(`"version":\d+,("shards":\d+,)?`).ReplaceAll(asVersion2(data), []byte(`"version":1,`))
	return regexp.MustCompile(`"state":\d+,`).ReplaceAll(out, nil)
}
