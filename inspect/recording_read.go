package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
)

// TruncatedError reports a recording cut short: a run killed before its
// Recorder closed the file, a partial copy. ReadRecording returns it
// together with the records read before the cut, which replay as they
// are.
type TruncatedError struct {
	// Line is the last whole line read (the header is line 1), Records
	// the records read (Line-1).
	Line, Records int
	// Cause says how the cut shows: "line 6 is cut short: ...", "the gzip
	// stream ends early: unexpected EOF".
	Cause string
}

// Error returns "recording: truncated after line N (CAUSE); the header
// and the R records before it replay" (line 1 is the header).
func (e *TruncatedError) Error() string {
	return fmt.Sprintf("recording: truncated after line %d (%s); %s", e.Line, e.Cause, replayText(e.Records))
}

// readHeader parses the header line into hd, refusing a schema version
// that is not a whole number from 1 to Version (`field "btlua_record":
// unsupported version "4"`) and a dt that is not a positive, finite
// number of seconds (absent: unknown, 0).
func readHeader(text []byte, hd *Header) error {
	var raw map[string]json.RawMessage
	err := json.Unmarshal(text, &raw)
	version, isHeader := raw["btlua_record"]
	if err != nil || !isHeader {
		msg := `recording: line 1 is not a btlua recording header ({"btlua_record":` + strconv.Itoa(Version) + `,...})`
		if err != nil {
			msg += ": " + err.Error()
		}
		return fmt.Errorf("%s", msg)
	}
	var v int
	if json.Unmarshal(version, &v) != nil || v < 1 || v > Version {
		return fmt.Errorf("recording: line 1: field \"btlua_record\": unsupported version %s, this btlua reads versions 1 to %d", bytes.TrimSpace(version), Version)
	}
	if dt, ok := raw["dt"]; ok {
		var x float64
		if json.Unmarshal(dt, &x) != nil || !validDT(x) {
			return fmt.Errorf("recording: line 1: dt must be a positive number of seconds per tick, got %s", bytes.TrimSpace(dt))
		}
	}
	if err := json.Unmarshal(text, hd); err != nil {
		return fmt.Errorf("recording: line 1: %w", jsonError(err))
	}
	return nil
}

// jsonError says which field of a record a JSON decoding error is about
// (`field "a": got string, want an integer`); other errors (syntax) are
// returned as they are.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	if te.Field == "" {
		return fmt.Errorf("a record is a JSON object, got %s", te.Value)
	}
	return fieldErr(te.Field, "got %s, want %s", te.Value, typeWords(te.Type.String()))
}

// validDT reports whether dt is a delta time a recording may carry: a
// positive, finite number of seconds.
func validDT(dt float64) bool { return dt > 0 && !math.IsInf(dt, 0) }

// replayText says that the n records before the cut replay.
func replayText(n int) string {
	if n == 1 {
		return "the header and the 1 record before it replay"
	}
	return fmt.Sprintf("the header and the %d records before it replay", n)
}
