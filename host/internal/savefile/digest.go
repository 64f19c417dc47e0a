package savefile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/btlua/btlua/host/internal/savefile/wording"
	"strings"

	"github.com/btlua/btlua/host/internal/savefile/format"
)

// The digest of a save of DigestVersion (written by Encode: see
// format/digest.go), the SHA-256 of the save's bytes before its last
// key. Decode refuses such a save whose digest is missing, not last, or not
// the SHA-256 of those bytes: a save edited, reformatted or corrupted
// after it was written, even one whose values each look right, never
// restores. It is a check against edits and damage, not a signature: who
// edits a save on purpose can compute it again (or write version 2, which
// has none and is still read under the field rules).

// digestLen is the length of the digest's hex text.
const digestLen = 2 * sha256.Size

// digestBody returns the bytes of data that its digest covers and the
// digest's text, when data ends as Encode ends a save
// (format.DigestHead, the digest, "}"; spaces after it allowed); ok is
// false otherwise.
func digestBody(data []byte) (body []byte, digest string, ok bool) {
	d := bytes.TrimRight(data, " \t\r\n")
	at := bytes.LastIndex(d, []byte(format.DigestHead))
	if at < 0 || !bytes.HasSuffix(d, []byte(`"}`)) || len(d)-2 < at+len(format.DigestHead) {
		return nil, "", false
	}
	text := d[at+len(format.DigestHead) : len(d)-2]
	if bytes.ContainsAny(text, "\"\\") {
		return nil, "", false
	}
	return d[:at], string(text), true
}

// digestLastSpaced reports whether data ends with a "digest" key and its
// string value, then "}", with any spaces between the tokens (as a JSON
// tool writes it): a save whose digest is last but reformatted.
func digestLastSpaced(data []byte) bool {
	trim := func(b []byte) []byte { return bytes.TrimRight(b, " \t\r\n") }
	d := trim(data)
	if !bytes.HasSuffix(d, []byte("}")) {
		return false
	}
	d = trim(d[:len(d)-1])
	if !bytes.HasSuffix(d, []byte(`"`)) {
		return false
	}
	open := bytes.LastIndexByte(d[:len(d)-1], '"')
	if open < 0 || bytes.IndexByte(d[open+1:len(d)-1], '\\') >= 0 {
		return false
	}
	d = trim(d[:open])
	if !bytes.HasSuffix(d, []byte(":")) {
		return false
	}
	d = trim(d[:len(d)-1])
	if !bytes.HasSuffix(d, []byte(`"digest"`)) {
		return false
	}
	d = trim(d[:len(d)-len(`"digest"`)])
	return bytes.HasSuffix(d, []byte(","))
}

// isDigest reports whether s is a digest as Encode writes it: 64
// lower-case hex digits.
func isDigest(s string) bool {
	if len(s) != digestLen {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// checkDigest checks the digest of data, a save of DigestVersion whose
// decoded "digest" is digest ("" when it has none). fault is the first
// error the field rules found in it (nil for none): a save whose digest
// does not match says so first, then that fault, which names a place.
func checkDigest(data []byte, digest string, fault error) error {
	more := ""
	if fault != nil {
		more = "; the first fault found: " + strings.TrimPrefix(fault.Error(), ErrBad.Error()+": ")
	}
	if digest == "" {
		return fmt.Errorf("%w: \"digest\" is missing: a save of version %d ends with the SHA-256 of its bytes, and this one was edited or cut after it was written%s", ErrBad, DigestVersion, more)
	}
	body, hexSum, ok := digestBody(data)
	why := "its \"digest\" is not the SHA-256 of the bytes before it"
	switch {
	case (!ok || hexSum != digest) && digestLastSpaced(data):
		why = "it was reformatted: its \"digest\" is last, but its bytes are not as btlua wrote them; a save reformatted by a JSON tool is edited too"
	case !ok || hexSum != digest:
		why = "its \"digest\" is not the last key, where btlua writes it"
	case !isDigest(digest):
		why = fmt.Sprintf("its \"digest\" is %s, want 64 hex digits (a SHA-256)", wording.Quote(digest))
	default:
		sum := sha256.Sum256(body)
		if hex.EncodeToString(sum[:]) == digest {
			return fault
		}
	}
	return fmt.Errorf("%w: the save was edited or corrupted after it was written (%s)%s", ErrBad, why, more)
}

// headDigest reads the version and digest of data when the save did not
// decode: ok is false when data is no JSON object.
func headDigest(data []byte) (version int, digest string, ok bool) {
	var head struct {
		Version any `json:"version"`
		Digest  any `json:"digest"`
	}
	if json.Unmarshal(data, &head) != nil {
		return 0, "", false
	}
	v, _ := head.Version.(float64)
	d, _ := head.Digest.(string)
	return int(v), d, v == float64(int(v))
}
