#include "textflag.h"

// func dot4Lanes(a0, a1, a2, a3, x *float32, n int, lanes *[16]float32)
//
// For each row k, lanes[4k+j] = sum over i of ak[4i+j]*x[4i+j], i < n/4,
// summed in order: one SSE register per row holds the four partial sums
// dot keeps in s0..s3, with a multiply then an add (no fused multiply-add),
// so every lane has the bits of the scalar partial sum.
TEXT ·dot4Lanes(SB), NOSPLIT, $0-56
	MOVQ a0+0(FP), AX
	MOVQ a1+8(FP), BX
	MOVQ a2+16(FP), CX
	MOVQ a3+24(FP), DX
	MOVQ x+32(FP), SI
	MOVQ n+40(FP), DI
	MOVQ lanes+48(FP), R8
	XORPS X0, X0
	XORPS X1, X1
	XORPS X2, X2
	XORPS X3, X3
	ANDQ $~3, DI
	SHLQ $2, DI
	XORQ R9, R9

loop:
	CMPQ R9, DI
	JGE  done
	MOVUPS (SI)(R9*1), X4
	MOVUPS (AX)(R9*1), X5
	MULPS  X4, X5
	ADDPS  X5, X0
	MOVUPS (BX)(R9*1), X6
	MULPS  X4, X6
	ADDPS  X6, X1
	MOVUPS (CX)(R9*1), X7
	MULPS  X4, X7
	ADDPS  X7, X2
	MOVUPS (DX)(R9*1), X8
	MULPS  X4, X8
	ADDPS  X8, X3
	ADDQ   $16, R9
	JMP    loop

done:
	MOVUPS X0, 0(R8)
	MOVUPS X1, 16(R8)
	MOVUPS X2, 32(R8)
	MOVUPS X3, 48(R8)
	RET
