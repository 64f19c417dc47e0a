#include "textflag.h"

// func Curg() uintptr: the g pointer, at the thread-local slot Go keeps
// it in.
TEXT ·Curg(SB), NOSPLIT, $0-8
	MOVQ (TLS), AX
	MOVQ AX, ret+0(FP)
	RET
