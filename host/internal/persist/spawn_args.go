package persist

import (
	"fmt"
	"math"
	"reflect"

	"github.com/btlua/btlua/stdlib/bt"
)

// PlainArgs checks that spawn arguments are data a save restores as they
// were: nil, booleans, numbers of at most 2^53 in size (a hand-edited
// 1e308 is refused), strings, and maps with string keys and slices of
// those.
func PlainArgs(v any, where string) error {
	switch x := v.(type) {
	case nil, bool, string:
		return nil
	case float64:
		return argNumber(x, where)
	case int:
		return argNumber(float64(x), where)
	case map[string]any:
		for k, e := range x {
			switch e.(type) {
			case nil, bool, string:
				continue
			}
			if err := PlainArgs(e, where+"."+k); err != nil {
				return err
			}
		}
		return nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Bool, reflect.String:
		return nil
	case reflect.Float32, reflect.Float64:
		return argNumber(rv.Float(), where)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return argNumber(float64(rv.Int()), where)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return argNumber(float64(rv.Uint()), where)
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			if err := PlainArgs(rv.Index(i).Interface(), fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return fmt.Errorf("%s is a map with %s keys; a save holds string keys", where, rv.Type().Key())
		}
		for _, k := range rv.MapKeys() {
			if err := PlainArgs(rv.MapIndex(k).Interface(), where+"."+k.String()); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s is a %T, which a save cannot hold (give Spawn maps, slices, numbers, strings and booleans)", where, v)
}

// argNumber refuses a spawn argument's number past 2^53 in size (or not
// finite): no index, count or setting is that large, and a Lua number
// past it is no longer whole-exact.
func argNumber(f float64, where string) error {
	if math.Abs(f) <= bt.MaxCount {
		return nil
	}
	return fmt.Errorf("%s is %v, a number past 2^53 (a spawn argument a save holds is at most 2^53 in size)", where, f)
}
