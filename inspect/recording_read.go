package inspect

import (
	"encoding/json"
	"fmt"
	"math"
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

// Error returns "recording: truncated after line N (CAUSE); the R records
// before it replay".
func (e *TruncatedError) Error() string {
	return fmt.Sprintf("recording: truncated after line %d (%s); %s", e.Line, e.Cause, replayText(e.Records))
}

// readHeader parses the header line into hd, refusing another schema
// version and a dt that is not a positive, finite number of seconds
// (absent: unknown, 0).
func readHeader(text []byte, hd *Header) error {
	if err := json.Unmarshal(text, hd); err != nil || hd.Record == 0 {
		// A dt of the wrong type fails the whole header: say so below.
		var raw struct {
			Record json.RawMessage `json:"btlua_record"`
			DT     json.RawMessage `json:"dt"`
		}
		if json.Unmarshal(text, &raw) == nil && raw.Record != nil && raw.DT != nil {
			return fmt.Errorf("recording: line 1: dt must be a positive number of seconds per tick, got %s", raw.DT)
		}
		msg := `recording: line 1 is not a btlua recording header ({"btlua_record":2,...})`
		if err != nil {
			msg += ": " + err.Error()
		}
		return fmt.Errorf("%s", msg)
	}
	if hd.Record < 1 || hd.Record > Version {
		return fmt.Errorf("recording: schema version %d, this btlua reads versions 1 to %d", hd.Record, Version)
	}
	var dt struct {
		DT *float64 `json:"dt"`
	}
	if json.Unmarshal(text, &dt) == nil && dt.DT != nil && !validDT(*dt.DT) {
		return fmt.Errorf("recording: line 1: dt must be a positive number of seconds per tick, got %v", *dt.DT)
	}
	return nil
}

// validDT reports whether dt is a delta time a recording may carry: a
// positive, finite number of seconds.
func validDT(dt float64) bool { return dt > 0 && !math.IsInf(dt, 0) }

// replayText says that the n records before the cut replay.
func replayText(n int) string {
	if n == 1 {
		return "the 1 record before it replays"
	}
	return fmt.Sprintf("the %d records before it replay", n)
}
