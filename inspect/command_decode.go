package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// commandLimit is the most bytes a command's body may have: 64 KiB.
const commandLimit = 64 << 10

// decodeCommand decodes a command's body: one JSON object of Command's
// fields, nothing after it but white space. Errors name what is wrong: an
// unknown field, a field of the wrong type, data after the value, a body
// over commandLimit.
func decodeCommand(body []byte) (Command, error) {
	var c Command
	if len(body) > commandLimit {
		return c, fmt.Errorf("the body has %d bytes, over the %d a command may have", len(body), commandLimit)
	}
	if t := bytes.TrimSpace(body); len(t) == 0 || t[0] != '{' {
		return c, errors.New("want one JSON object such as {\"cmd\":\"pause\"}")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Command{}, err
	}
	end := int(dec.InputOffset())
	if rest := bytes.TrimLeft(body[end:], " \t\r\n"); len(rest) > 0 {
		return Command{}, fmt.Errorf("data after the JSON object at byte %d", len(body)-len(rest))
	}
	return c, nil
}

// readCommand reads and decodes the command of a POST /api/command,
// answering 415 for a body that is not application/json and 400 for one
// decodeCommand refuses (413 over commandLimit); ok false when it
// answered.
func readCommand(w http.ResponseWriter, r *http.Request) (c Command, ok bool) {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		http.Error(w, fmt.Sprintf("bad command: Content-Type %q, want application/json", ct), http.StatusUnsupportedMediaType)
		return c, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, commandLimit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, fmt.Sprintf("bad command: the body is over the %d bytes a command may have", commandLimit), http.StatusRequestEntityTooLarge)
			return c, false
		}
		http.Error(w, "bad command: "+err.Error(), http.StatusBadRequest)
		return c, false
	}
	c, err = decodeCommand(body)
	if err != nil {
		http.Error(w, "bad command: "+err.Error(), http.StatusBadRequest)
		return c, false
	}
	return c, true
}
