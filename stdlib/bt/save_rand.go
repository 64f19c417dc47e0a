package bt

import (
	"encoding"
	"fmt"
	"math/rand/v2"
	"reflect"
	"unsafe"
)

// randSource is the random generator of the random tasks.
type randSource = *rand.Rand

// randLayoutOK tells whether a rand.Rand is a struct whose only field is
// its Source, which sourceOf reads: math/rand/v2 gives no other way to
// reach a Rand's source and save it.
var randLayoutOK = func() bool {
	t := reflect.TypeOf(rand.Rand{})
	return t.NumField() == 1 && t.Field(0).Type == reflect.TypeOf((*rand.Source)(nil)).Elem()
}()

// sourceOf returns the Source of r.
func sourceOf(r *rand.Rand) (rand.Source, bool) {
	if !randLayoutOK {
		return nil, false
	}
	return *(*rand.Source)(unsafe.Pointer(r)), true
}

// saveRand returns the state of r's source (nil for a nil r): the
// sources of NewRand and of the tasks' own random seeds (rand.PCG), and
// any source that implements encoding.BinaryMarshaler (rand.ChaCha8).
func saveRand(r *rand.Rand) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	src, ok := sourceOf(r)
	m, isM := src.(encoding.BinaryMarshaler)
	if !ok || !isM {
		return nil, fmt.Errorf("its random source (%T) cannot be saved; use bt.NewRand", src)
	}
	return m.MarshalBinary()
}

// loadRand restores the state b into *dst (a PCG source is made when
// *dst is nil); nil b leaves *dst as it is.
func loadRand(dst **rand.Rand, b []byte) error {
	if b == nil {
		return nil
	}
	if *dst == nil {
		*dst = NewRand(0)
	}
	src, ok := sourceOf(*dst)
	u, isU := src.(encoding.BinaryUnmarshaler)
	if !ok || !isU {
		return fmt.Errorf("its random source (%T) cannot be restored", src)
	}
	if err := u.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("its saved random source: %v", err)
	}
	return nil
}
