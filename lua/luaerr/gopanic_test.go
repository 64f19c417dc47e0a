package luaerr

import (
	"errors"
	"testing"
)

func TestGoPanicError(t *testing.T) {
	cause := errors.New("boom")
	cases := []struct {
		p    GoPanic
		want string
	}{
		{GoPanic{Value: "x"}, "Go panic: x"},
		{GoPanic{Value: 42, Task: "T/A[0]"}, "Go panic: 42 (task T/A[0])"},
		{GoPanic{Value: cause, Tree: "guard"}, "Go panic: boom (tree guard)"},
		{GoPanic{Value: cause, Tree: "guard", Task: "T", Stack: []byte("goroutine 1 [running]:\n")},
			"Go panic: boom (tree guard, task T)\n\ngoroutine 1 [running]:\n"},
	}
	for _, c := range cases {
		if got := c.p.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
	if err := error(&GoPanic{Value: cause}); !errors.Is(err, cause) {
		t.Error("errors.Is does not find the panic's error value")
	}
	if (&GoPanic{Value: "x"}).Unwrap() != nil {
		t.Error("Unwrap of a non-error value is not nil")
	}
}
