#include "textflag.h"

// func curg() uintptr: the g pointer, at the thread-local slot Go keeps
// it in.
TEXT ·curg(SB), NOSPLIT, $0-8
	MOVQ (TLS), AX
	MOVQ AX, ret+0(FP)
	RET
