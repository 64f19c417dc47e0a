package bt

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
)

// MarshalJSON writes st as the fields of TaskState's JSON tags, without
// reflection: a save of many trees writes tens of thousands of them.
// Numbers are written as encoding/json writes them, so that they read
// back exactly.
func (st TaskState) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+len(st.Path)+len(st.Kind)+8*len(st.Own))
	b = append(b, `{"path":`...)
	b = appendString(b, st.Path)
	b = append(b, `,"kind":`...)
	b = appendString(b, st.Kind)
	if st.Status != 0 {
		b = append(b, `,"st":`...)
		b = strconv.AppendUint(b, uint64(st.Status), 10)
	}
	if st.Flags != 0 {
		b = append(b, `,"f":`...)
		b = strconv.AppendUint(b, uint64(st.Flags), 10)
	}
	if st.Ticked != 0 {
		b = append(b, `,"tk":`...)
		b = strconv.AppendUint(b, st.Ticked, 10)
	}
	if st.Seq != 0 {
		b = append(b, `,"seq":`...)
		b = strconv.AppendUint(b, st.Seq, 10)
	}
	if st.Reeval != 0 {
		b = append(b, `,"re":`...)
		b = strconv.AppendUint(b, st.Reeval, 10)
	}
	if len(st.Own) > 0 {
		b = append(b, `,"own":[`...)
		for i, x := range st.Own {
			if i > 0 {
				b = append(b, ',')
			}
			if x == float64(int64(x)) && x > -1e15 && x < 1e15 {
				b = strconv.AppendInt(b, int64(x), 10)
				continue
			}
			n, err := json.Marshal(x) // NaN and infinities are refused there
			if err != nil {
				return nil, err
			}
			b = append(b, n...)
		}
		b = append(b, ']')
	}
	if len(st.Rand) > 0 {
		b = append(b, `,"rand":"`...)
		b = base64.StdEncoding.AppendEncode(b, st.Rand)
		b = append(b, '"')
	}
	return append(b, '}'), nil
}

// appendString appends s as a JSON string: plain when it needs no
// escaping, else as encoding/json writes it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
