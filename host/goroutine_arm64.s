#include "textflag.h"

// func curg() uintptr: the g pointer, in the register Go keeps it in.
TEXT ·curg(SB), NOSPLIT, $0-8
	MOVD g, R0
	MOVD R0, ret+0(FP)
	RET
