#include "textflag.h"

// func Curg() uintptr: the g pointer, in the register Go keeps it in.
TEXT ·Curg(SB), NOSPLIT, $0-8
	MOVD g, R0
	MOVD R0, ret+0(FP)
	RET
